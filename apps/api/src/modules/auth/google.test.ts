import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dataOf, registerMember, type TestContext } from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { googleSettings, signInAtProvider as signInWithRedirect, type BrowserFlow } from '../../../test/google-flow.js';
import { startTestProvider, type TestProvider } from '../../../test/oidc-provider.js';
import { logins, users } from '../../db/schema.js';
import { selectAccount } from '../../db/accounts.js';

const PUBLIC_URL = 'http://localhost:3999';
const REDIRECT = `${PUBLIC_URL}/auth/google/callback`;

let provider: TestProvider;
let otherProvider: TestProvider;
let t: TestContext;
beforeAll(async () => {
  provider = await startTestProvider(REDIRECT);
  otherProvider = await startTestProvider(REDIRECT);
  t = await createTestApp({
    ...googleSettings(provider, PUBLIC_URL),
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
  await otherProvider?.close();
});

/** The browser's trip to the provider and back, for this file's redirect address. */
const signInAtProvider = (at: TestProvider, accountId: string, clientId = at.clientId): Promise<BrowserFlow> =>
  signInWithRedirect(at, accountId, REDIRECT, clientId);

const exchange = (flow: Partial<BrowserFlow>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/google', payload: flow });

describe(`Google sign-in through OpenID Connect (${testEngine})`, () => {
  it('tells the browser where to send the member', async () => {
    const providers = dataOf<{ google: { authorizationEndpoint: string; clientId: string; redirectUri: string } }>(
      await t.app.inject({ method: 'GET', url: '/api/auth/providers' }),
    );
    expect(providers.google).toEqual({
      authorizationEndpoint: `${provider.issuer}/auth`,
      clientId: provider.clientId,
      redirectUri: REDIRECT,
      scope: 'openid email profile',
    });
  });

  it('creates a pending member on first sign-in and signs the same account in the second time', async () => {
    provider.accounts.set('google-sub-1', { email: 'Nomsa.Dube@Example.com', emailVerified: true, name: 'Nomsa Dube' });
    const first = await exchange(await signInAtProvider(provider, 'google-sub-1'));
    expect(first.statusCode, first.body).toBe(200);
    const me = dataOf<{ id: string; email: string; registrationStatus: string; hasPassword: boolean }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(dataOf<{ token: string }>(first).token),
      }),
    );
    expect(me).toMatchObject({
      email: 'nomsa.dube@example.com',
      registrationStatus: 'pending_kyc',
      hasPassword: false,
    });

    // The provider's e-mail changes: the account is keyed on issuer and subject, so it is the same one.
    provider.accounts.set('google-sub-1', { email: 'nomsa.new@example.com', emailVerified: true });
    const second = await exchange(await signInAtProvider(provider, 'google-sub-1'));
    const again = dataOf<{ id: string }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(dataOf<{ token: string }>(second).token),
      }),
    );
    expect(again.id).toBe(me.id);
    const rows = await selectAccount(t.db).where(eq(logins.oidcSubject, 'google-sub-1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.oidcIssuer).toBe(provider.issuer);
  });

  it('links an existing e-mail account only when the provider says the e-mail is verified', async () => {
    const unverified = await registerMember(t.app);
    provider.accounts.set('sub-unverified', { email: unverified.email, emailVerified: false });
    const refused = await exchange(await signInAtProvider(provider, 'sub-unverified'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/already exists/);
    const [row] = await selectAccount(t.db).where(eq(users.email, unverified.email));
    expect(row!.oidcSubject).toBeNull();

    const verified = await registerMember(t.app);
    provider.accounts.set('sub-verified', { email: verified.email, emailVerified: true });
    const linked = await exchange(await signInAtProvider(provider, 'sub-verified'));
    expect(linked.statusCode).toBe(200);
    const me = dataOf<{ id: string }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(dataOf<{ token: string }>(linked).token),
      }),
    );
    expect(me.id).toBe(verified.userId);
  });

  it('refuses a replayed code', async () => {
    provider.accounts.set('sub-replay', { email: 'replay@example.com', emailVerified: true });
    const flow = await signInAtProvider(provider, 'sub-replay');
    expect((await exchange(flow)).statusCode).toBe(200);
    const replayed = await exchange(flow);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error).toBe('Google sign-in failed. Please try again.');
  });

  it('refuses a wrong PKCE verifier and a wrong nonce', async () => {
    provider.accounts.set('sub-pkce', { email: 'pkce@example.com', emailVerified: true });
    const flow = await signInAtProvider(provider, 'sub-pkce');
    expect((await exchange({ ...flow, codeVerifier: randomBytes(32).toString('base64url') })).statusCode).toBe(401);
    const nonceFlow = await signInAtProvider(provider, 'sub-pkce');
    expect((await exchange({ ...nonceFlow, nonce: randomBytes(16).toString('base64url') })).statusCode).toBe(401);
  });

  it('refuses a code from another issuer', async () => {
    otherProvider.accounts.set('sub-elsewhere', { email: 'elsewhere@example.com', emailVerified: true });
    const flow = await signInAtProvider(otherProvider, 'sub-elsewhere');
    expect((await exchange(flow)).statusCode).toBe(401);
  });

  it('refuses a code issued to another client (a token for another audience)', async () => {
    const other = await startTestProvider(REDIRECT, 'another-client');
    try {
      // Same issuer URL shape but a different client: the code belongs to "another-client".
      const app = await createTestApp({
        PUBLIC_URL,
        GOOGLE_CLIENT_ID: 'letsema-test',
        GOOGLE_CLIENT_SECRET: other.clientSecret,
        GOOGLE_ISSUER: other.issuer,
      });
      try {
        other.accounts.set('sub-aud', { email: 'aud@example.com', emailVerified: true });
        const flow = await signInAtProvider(other, 'sub-aud', 'another-client');
        const response = await app.app.inject({ method: 'POST', url: '/api/auth/google', payload: flow });
        expect(response.statusCode).toBe(401);
      } finally {
        await app.close();
      }
    } finally {
      await other.close();
    }
  });

  it('refuses an expired code', async () => {
    provider.accounts.set('sub-expired', { email: 'expired@example.com', emailVerified: true });
    const flow = await signInAtProvider(provider, 'sub-expired');
    // Codes live 60 seconds at this provider; step past that.
    const realNow = Date.now;
    Date.now = () => realNow() + 5 * 60 * 1000;
    try {
      expect((await exchange(flow)).statusCode).toBe(401);
    } finally {
      Date.now = realNow;
    }
  });
});

describe('without Google configured', () => {
  it('offers no Google sign-in', async () => {
    const plain = await createTestApp();
    try {
      const providers = dataOf<{ google: unknown }>(
        await plain.app.inject({ method: 'GET', url: '/api/auth/providers' }),
      );
      expect(providers.google).toBeNull();
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { code: 'x', codeVerifier: 'a'.repeat(43), nonce: 'n'.repeat(16) },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
