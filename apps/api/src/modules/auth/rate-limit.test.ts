import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema.js';
import { createTestApp, registerMember, TEST_PASSWORD, uniqueEmail, type TestContext } from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
    RATE_LIMIT_LOGIN_PER_IP: '12',
    RATE_LIMIT_REGISTER_PER_IP: '4',
  });
});
afterAll(async () => {
  await t?.close();
});

const loginFrom = (ip: string, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe(`rate limits (${testEngine})`, () => {
  it('blocks an account from the guessing address after repeated failures, and lets the owner back once the window resets', async () => {
    const { email } = await registerMember(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await loginFrom('10.0.0.1', email, 'wrong-password')).statusCode).toBe(401);
    }
    // Even the right password is not judged from that address now.
    const blocked = await loginFrom('10.0.0.1', email, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    // The owner elsewhere is not locked out by a stranger's guesses.
    expect((await loginFrom('10.0.0.2', email, TEST_PASSWORD)).statusCode).toBe(200);

    // The window is short: when it has passed the right password works again from the first address.
    await t.db.update(rateLimits).set({ windowStart: new Date(Date.now() - 16 * 60 * 1000) });
    expect((await loginFrom('10.0.0.1', email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('judges at most 10 of 25 wrong passwords sent at the same moment', async () => {
    const parallel = await createTestApp();
    try {
      const { email } = await registerMember(parallel.app);
      const answers = await Promise.all(
        Array.from({ length: 25 }, () =>
          parallel.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email, password: 'wrong-password' },
            remoteAddress: '10.0.9.1',
          }),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 401)).toHaveLength(10);
      expect(codes.filter((code) => code === 429)).toHaveLength(15);
    } finally {
      await parallel.close();
    }
  });

  it('limits guesses of the current password when changing it, on the same count', async () => {
    const { email, token } = await registerMember(t.app);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { authorization: `Bearer ${token}` },
        payload: { currentPassword, newPassword: 'a quite different passphrase' },
        remoteAddress: '10.0.4.1',
      });
    for (let i = 0; i < 3; i++) {
      const wrong = await change('not-my-password');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toBe('Current password is incorrect');
    }
    const refused = await change(TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    // Sign-in from that address is held back by the same count.
    expect((await loginFrom('10.0.4.1', email, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('a successful sign-in clears the failures counted against the account', async () => {
    const { email } = await registerMember(t.app);
    await loginFrom('10.0.1.1', email, 'wrong-password');
    await loginFrom('10.0.1.1', email, 'wrong-password');
    expect((await loginFrom('10.0.1.1', email, TEST_PASSWORD)).statusCode).toBe(200);
    await loginFrom('10.0.1.1', email, 'wrong-password');
    await loginFrom('10.0.1.1', email, 'wrong-password');
    expect((await loginFrom('10.0.1.1', email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('limits sign-in attempts per address across accounts', async () => {
    let last = 0;
    for (let i = 0; i < 13; i++) {
      last = (await loginFrom('10.0.2.1', uniqueEmail('spray'), 'wrong-password')).statusCode;
    }
    expect(last).toBe(429);
    // Another address is not affected.
    expect((await loginFrom('10.0.2.2', uniqueEmail('spray'), 'wrong-password')).statusCode).toBe(401);
  });

  it('limits registrations per address', async () => {
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: uniqueEmail('bulk'), password: TEST_PASSWORD },
        remoteAddress: '10.0.3.1',
      });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await register()).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 429]);
    const refused = await register();
    expect(refused.json().error).toBe('Too many accounts created from this address. Please try again later.');
  });

  it('behind one trusted proxy, sees the address the proxy saw, not what the client wrote', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_LOGIN_PER_IP: '2' });
    try {
      // The proxy (10.0.5.1) appends the address it saw; the client writes anything it likes before it.
      const attempt = (spoofed: string, client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: uniqueEmail('proxied'), password: 'wrong-password' },
          remoteAddress: '10.0.5.1',
          headers: { 'x-forwarded-for': `${spoofed}, ${client}` },
        });
      expect((await attempt('198.51.100.1', '203.0.113.7')).statusCode).toBe(401);
      expect((await attempt('198.51.100.2', '203.0.113.7')).statusCode).toBe(401);
      expect((await attempt('198.51.100.3', '203.0.113.7')).statusCode).toBe(429);
      // Another real client is counted on its own.
      expect((await attempt('198.51.100.3', '203.0.113.8')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it('counts every address of one IPv6 /64 as one address, for an account and across accounts', async () => {
    const { email } = await registerMember(t.app);
    // A client holding a /64 takes a fresh address for every guess.
    for (let i = 1; i <= 3; i++) {
      expect((await loginFrom(`2001:db8:7:1::${i}`, email, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await loginFrom('2001:db8:7:1:ffff::99', email, TEST_PASSWORD)).statusCode).toBe(429);
    // The owner on another network is not held back.
    expect((await loginFrom('2001:db8:7:2::1', email, TEST_PASSWORD)).statusCode).toBe(200);

    const codes: number[] = [];
    for (let i = 1; i <= 13; i++) {
      codes.push(
        (await loginFrom(`2001:db8:8:1:${i.toString(16)}::1`, uniqueEmail('spray6'), 'wrong-password')).statusCode,
      );
    }
    expect(codes.at(-1)).toBe(429);
  });

  it('counts registrations from one IPv6 /64 together', async () => {
    const register = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: uniqueEmail('bulk6'), password: TEST_PASSWORD },
        remoteAddress: `2001:db8:9:1:${i}::1`,
      });
    const codes: number[] = [];
    for (let i = 1; i <= 5; i++) codes.push((await register(i)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 429]);
  });

  it('limits password-reset and sign-in links per network address, whatever addresses are typed', async () => {
    const ask = (url: string, i: number) =>
      t.app.inject({ method: 'POST', url, payload: { email: uniqueEmail(`reset${i}`) }, remoteAddress: '10.0.9.9' });
    for (let i = 0; i < 12; i++) {
      const url = i % 2 ? '/api/auth/password-reset' : '/api/auth/login/link';
      expect((await ask(url, i)).statusCode).toBe(200);
    }
    const refused = await ask('/api/auth/password-reset', 99);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(
      'We have sent several links already. Please check your inbox (and spam folder), or try again in an hour.',
    );
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/complete',
      payload: { token: 'x'.repeat(43), password: 'a brand new passphrase' },
      remoteAddress: '10.0.9.9',
    });
    expect(link.statusCode).toBe(429);
  });
});
