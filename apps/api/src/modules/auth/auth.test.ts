import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.js';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  registerMember,
  seedAdmin,
  TEST_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { signToken } from '../../lib/tokens.js';
import { selectAccount } from '../../db/accounts.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe(`accounts (${testEngine})`, () => {
  it('registers a member, trimming and lower-casing the e-mail, and answers a working token', async () => {
    const local = `Mixed.${Date.now()}`;
    const response = await post('/api/auth/register', { email: `  ${local}@Example.COM `, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(201);
    const { token } = dataOf<{ token: string }>(response);
    const user = dataOf<Record<string, unknown>>(await me(token));
    expect(user.email).toBe(`${local.toLowerCase()}@example.com`);
    expect(user.registrationStatus).toBe('pending_kyc');
    expect(user.isAdmin).toBe(false);
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('refuses a second account for the same e-mail in any case with 409', async () => {
    const email = uniqueEmail();
    await registerMember(t.app, email);
    const again = await post('/api/auth/register', { email: email.toUpperCase(), password: TEST_PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, error: 'An account with this email already exists' });
  });

  it.each([
    [{ email: 'not-an-email', password: TEST_PASSWORD }, 'email', 'Invalid email address'],
    [{ password: TEST_PASSWORD }, 'email', 'Invalid email address'],
    [{ email: uniqueEmail(), password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ email: uniqueEmail(), password: '' }, 'password', 'Password is required'],
    [{ email: uniqueEmail() }, 'password', 'Password is required'],
    [{ email: uniqueEmail(), password: 'x'.repeat(257) }, 'password', 'Password must be at most 256 characters'],
  ])('answers 400 with the spec message for %j', async (payload, field, message) => {
    const response = await post('/api/auth/register', payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.details[field]).toBe(message);
  });

  it('accepts strong passwords up to 256 characters', async () => {
    const long = (length: number) => 'umbrella giraffe kettle saxophone '.repeat(8).slice(0, length);
    for (const password of ['quartz lagoon falcon', long(128), long(256)]) {
      const email = uniqueEmail();
      expect((await post('/api/auth/register', { email, password })).statusCode).toBe(201);
      expect(await login(t.app, email, password)).toBeTruthy();
    }
  });

  it.each(['12345678', 'password1', 'qwertyuiop', 'p'.repeat(40), 'letsema2024', 'Stokvel2026!'])(
    'refuses the guessable password %j at registration, saying why',
    async (password) => {
      const email = uniqueEmail();
      const refused = await post('/api/auth/register', { email, password });
      expect(refused.statusCode).toBe(400);
      const body = refused.json();
      expect(body.error).toMatch(
        /^This password is too easy to guess\. Use a longer phrase of three or four uncommon words\./,
      );
      expect(body.details.password).toBe(body.error);
      expect((await post('/api/auth/login', { email, password })).statusCode).toBe(401);
    },
  );

  it("refuses a password made of the account's own e-mail address", async () => {
    const refused = await post('/api/auth/register', {
      email: 'nomvula.dlamini@example.com',
      password: 'nomvuladlamini',
    });
    expect(refused.statusCode).toBe(400);
  });

  it('stores passwords as argon2id with at least 19 MiB, two passes and one lane', async () => {
    const { email } = await registerMember(t.app);
    const [row] = await selectAccount(t.db).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
    const [, m, time] = /m=(\d+),t=(\d+)/.exec(row!.passwordHash!)!;
    expect(Number(m)).toBeGreaterThanOrEqual(19456);
    expect(Number(time)).toBeGreaterThanOrEqual(2);
  });

  it('signs in with the right password and records the time', async () => {
    const { email } = await registerMember(t.app);
    const token = await login(t.app, `  ${email.toUpperCase()} `);
    expect(dataOf<{ email: string }>(await me(token)).email).toBe(email);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.lastLoginAt).toBeInstanceOf(Date);
  });

  it('answers an unknown e-mail and a wrong password alike', async () => {
    const { email } = await registerMember(t.app);
    const wrong = await post('/api/auth/login', { email, password: 'wrong password' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Invalid email or password');
    expect(unknown.json().error).toBe(wrong.json().error);
  });

  it('gives the spec messages for a bad sign-in form', async () => {
    const response = await post('/api/auth/login', { email: 'nope', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual({ email: 'Invalid email address', password: 'Password is required' });
  });

  it('refuses sign-in to a suspended account with a clear message, and its old token', async () => {
    const { email, token } = await registerMember(t.app);
    await t.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.email, email));
    const response = await post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/suspended/);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('ends the session on logout, so the old token stops working', async () => {
    const { token } = await registerMember(t.app);
    expect((await me(token)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', {}, bearer(token))).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses the token of a deleted account', async () => {
    const { token, email } = await registerMember(t.app);
    await t.db.delete(users).where(eq(users.email, email));
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe(`forged and broken tokens (${testEngine})`, () => {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('refuses every kind of forged token with 401 and the envelope', async () => {
    const { token, userId } = await registerMember(t.app);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: userId, sid: session!.id, iat: now, exp: now + 3600 };
    const [header, payload] = token.split('.');

    const forged: Record<string, string> = {
      'alg none': `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`,
      'bad signature': `${header}.${payload}.${'A'.repeat(43)}`,
      'payload swapped': `${header}.${encode({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${token.split('.')[2]}`,
      'other secret': await new SignJWT({ sid: session!.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('x'.repeat(48))),
      'no exp': await new SignJWT({ sid: session!.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .sign(t.config.jwtSecret),
      'past exp': await new SignJWT({ sid: session!.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 3600)
        .sign(t.config.jwtSecret),
      'HS512 instead of HS256': await new SignJWT({ sid: session!.id })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(t.config.jwtSecret),
      'unknown session': await signToken(t.config.jwtSecret, {
        userId,
        sessionId: '00000000-0000-4000-8000-000000000000',
      }),
      garbage: 'not.a.token',
    };
    for (const [kind, bad] of Object.entries(forged)) {
      const response = await me(bad);
      expect(response.statusCode, kind).toBe(401);
      expect(response.json(), kind).toMatchObject({ success: false, data: null });
    }
    for (const header of ['Basic abc', 'Bearer', `bearer ${token} extra`, '']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: header } });
      expect(response.statusCode, header).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    // The genuine token still works: the refusals above were about the forgeries.
    expect((await me(token)).statusCode).toBe(200);
  });

  it('issues tokens with iat and an exp at most twelve hours later', async () => {
    const { token } = await registerMember(t.app);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(typeof claims.iat).toBe('number');
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(12 * 3600);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).alg).toBe('HS256');
  });
});

describe(`request handling (${testEngine})`, () => {
  it('answers malformed JSON with 400 and an oversized body with 413, never 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, error: 'The request body is not valid JSON' });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: uniqueEmail(), password: 'x'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().success).toBe(false);

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(wrongType.statusCode).toBe(415);
  });

  it('answers unknown API paths with a 404 envelope and carries a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, data: null, error: 'Not found', code: 'NOT_FOUND' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('reports health once the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok' }, error: null });
  });

  it('never answers a password hash, whatever the call', async () => {
    const { token, email } = await registerMember(t.app);
    const admin = await seedAdmin(t.db);
    const adminToken = await login(t.app, admin.email);
    const answers = await Promise.all([
      post('/api/auth/register', { email: uniqueEmail(), password: TEST_PASSWORD }),
      post('/api/auth/login', { email, password: TEST_PASSWORD }),
      post('/api/auth/login', { email, password: 'wrong-password' }),
      me(token),
      me(adminToken),
    ]);
    for (const answer of answers) {
      expect(answer.body).not.toMatch(/argon2|passwordHash|password_hash/);
    }
  });
});
