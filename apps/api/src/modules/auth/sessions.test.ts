import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  registerMember,
  seedAdmin,
  TEST_PASSWORD,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PUBLIC = new Set([
  'GET /api/health',
  // The books' day: what the sign-in page may show while a month end is rehearsed.
  'GET /api/clock',
  'POST /api/auth/login',
  'POST /api/auth/login/mfa',
  'POST /api/auth/verify-email',
  'POST /api/auth/register',
  // Recovery without the password: the e-mailed link is the proof.
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/complete',
  'POST /api/auth/login/link',
  'POST /api/auth/login/link/complete',
  'POST /api/auth/assisted-reset',
  'GET /api/auth/providers',
  'POST /api/auth/google',
  // An invitee has no session yet: the invitation's link is their proof.
  'POST /api/auth/staff-invitation',
  'POST /api/auth/staff-invitation/accept',
  // Starting a cooperative, and what an invitation link names: before any account there.
  'POST /api/cooperatives/start',
  'GET /api/cooperatives/:slug',
  // The API's description; the reference page's own files are under /api/docs.
  'GET /api/openapi.json',
]);
// Calls that end sessions themselves are exercised on their own.
const ENDING = new Set(['POST /api/auth/logout', 'POST /api/auth/logout-all', 'POST /api/auth/change-password']);
const concrete = (url: string) =>
  url
    .replace(/:(userId|id)/g, '00000000-0000-4000-8000-000000000000')
    .replace(':n', '1')
    .replace(':kind', 'profile-picture')
    .replace('*', 'aa/00000000-0000-4000-8000-000000000000.png');

/** Calls every route of the API that needs a session with `token`; answers those that did not say 401. */
async function routesAccepting(token: string): Promise<string[]> {
  const accepted: string[] = [];
  for (const { method, url } of t.app.routeTable) {
    const key = `${method} ${url}`;
    if (PUBLIC.has(key) || ENDING.has(key) || !url.startsWith('/api/') || url.startsWith('/api/docs')) continue;
    const response = await t.app.inject({
      method: method as 'GET',
      url: concrete(url),
      headers: bearer(token),
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
    if (response.statusCode !== 401) accepted.push(`${key} -> ${response.statusCode}`);
  }
  return accepted;
}

const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

describe(`ending sessions (${testEngine})`, () => {
  it('a signed-out token is refused on every call', async () => {
    const admin = await seedAdmin(t.db);
    const token = await login(t.app, admin.email);
    expect((await routesAccepting(token)).length).toBeGreaterThan(20);
    expect((await post('/api/auth/logout', token)).statusCode).toBe(200);
    expect(await routesAccepting(token)).toEqual([]);
  });

  it('signing out everywhere ends every session of the account', async () => {
    const admin = await seedAdmin(t.db);
    const phone = await login(t.app, admin.email);
    const laptop = await login(t.app, admin.email);
    expect((await post('/api/auth/logout-all', phone)).statusCode).toBe(200);
    expect(await routesAccepting(phone)).toEqual([]);
    expect(await routesAccepting(laptop)).toEqual([]);
    // A new sign-in works again.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(await login(t.app, admin.email)) }))
        .statusCode,
    ).toBe(200);
  });

  it('changing the password needs the current one and ends every other session', async () => {
    const { email, token } = await registerMember(t.app);
    const other = await login(t.app, email);

    const missing = await post('/api/auth/change-password', token, { newPassword: 'a-new-password-1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.currentPassword).toBe('Current password is required');
    const wrong = await post('/api/auth/change-password', token, {
      currentPassword: 'nope-nope',
      newPassword: 'a-new-password-1',
    });
    expect(wrong.json().details.currentPassword).toBe('Current password is incorrect');
    const short = await post('/api/auth/change-password', token, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
    });
    expect(short.json().details.newPassword).toBe('Password must be at least 8 characters');
    const guessable = await post('/api/auth/change-password', token, {
      currentPassword: TEST_PASSWORD,
      newPassword: '12345678',
    });
    expect(guessable.statusCode).toBe(400);
    expect(guessable.json().details.newPassword).toMatch(/^This password is too easy to guess\./);

    const changed = await post('/api/auth/change-password', token, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-new-password-1',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await routesAccepting(other)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
    expect(await login(t.app, email, 'a-new-password-1')).toBeTruthy();
  });

  it('keeps the member’s choice of which notifications also come by e-mail', async () => {
    const { token } = await registerMember(t.app);
    const initial = dataOf(
      await t.app.inject({ method: 'GET', url: '/api/auth/email-preferences', headers: bearer(token) }),
    );
    expect(initial).toEqual({ registration: true, pool: true, payment: true, profit: true });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/email-preferences',
      headers: bearer(token),
      payload: { registration: true, pool: false, payment: true, profit: false },
    });
    expect(dataOf(saved)).toEqual({ registration: true, pool: false, payment: true, profit: false });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/email-preferences',
      headers: bearer(token),
      payload: { pool: 'no' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
