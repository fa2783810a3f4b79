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
  it('blocks an account after repeated failures with 429, and lets the owner back once the window resets', async () => {
    const { email } = await registerMember(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await loginFrom('10.0.0.1', email, 'wrong-password')).statusCode).toBe(401);
    }
    // From another address too: the account itself is protected.
    const blocked = await loginFrom('10.0.0.2', email, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    // The window is short: when it has passed the right password works again.
    await t.db.update(rateLimits).set({ windowStart: new Date(Date.now() - 16 * 60 * 1000) });
    expect((await loginFrom('10.0.0.2', email, TEST_PASSWORD)).statusCode).toBe(200);
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
});
