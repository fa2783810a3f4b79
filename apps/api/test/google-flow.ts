import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { authorizeAtProvider, type TestProvider } from './oidc-provider.js';

export interface BrowserFlow {
  code: string;
  iss?: string;
  codeVerifier: string;
  nonce: string;
  state: string;
}

/** Does what the browser does: PKCE, state and nonce, a trip to the provider, back with a code. */
export async function signInAtProvider(
  at: TestProvider,
  accountId: string,
  redirectUri: string,
  clientId = at.clientId,
): Promise<BrowserFlow> {
  at.signInAs(accountId);
  const codeVerifier = randomBytes(32).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const url = new URL(`${at.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const { code, state: returned, iss } = await authorizeAtProvider(url.toString());
  expect(returned).toBe(state);
  return { code, codeVerifier, nonce, state, ...(iss ? { iss } : {}) };
}

/** The settings that point the app's Google sign-in at a test provider. */
export function googleSettings(at: TestProvider, publicUrl: string): Record<string, string> {
  return {
    PUBLIC_URL: publicUrl,
    GOOGLE_CLIENT_ID: at.clientId,
    GOOGLE_CLIENT_SECRET: at.clientSecret,
    GOOGLE_ISSUER: at.issuer,
  };
}
