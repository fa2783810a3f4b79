import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/test-storage';
import {
  buildAuthorizationUrl,
  computeCodeChallenge,
  createGoogleRequest,
  encodeBase64Url,
  prepareGoogleSignIn,
  readGoogleCallback,
  storeGoogleRequest,
  takeGoogleRequest,
} from './google-flow';

const settings = {
  authorizationEndpoint: 'https://accounts.example.com/o/oauth2/auth',
  clientId: 'client-1',
  redirectUri: 'https://letsema.example/auth/google/callback',
  scope: 'openid email profile',
};

describe('Google sign-in in the browser', () => {
  it('encodes base64url without padding', () => {
    expect(encodeBase64Url(new Uint8Array([251, 255, 191]))).toBe('-_-_');
    expect(encodeBase64Url(new Uint8Array([1]))).toBe('AQ');
  });

  it('makes fresh secrets a PKCE verifier may be made of', () => {
    const first = createGoogleRequest();
    const second = createGoogleRequest();
    for (const value of Object.values(first)) expect(value).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(first.state).not.toBe(second.state);
    expect(first.codeVerifier).not.toBe(second.codeVerifier);
  });

  it('computes the S256 challenge as the server will check it', async () => {
    // RFC 7636 appendix B.
    expect(await computeCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('builds the authorization address', () => {
    const url = new URL(
      buildAuthorizationUrl(settings, { state: 's'.repeat(43), nonce: 'n'.repeat(43), codeVerifier: 'v' }, 'c'),
    );
    expect(url.origin + url.pathname).toBe(settings.authorizationEndpoint);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: settings.redirectUri,
      scope: 'openid email profile',
      state: 's'.repeat(43),
      nonce: 'n'.repeat(43),
      code_challenge: 'c',
      code_challenge_method: 'S256',
    });
  });

  it('keeps the secrets for one return only', async () => {
    const storage = createMemoryStorage();
    const url = new URL(await prepareGoogleSignIn(settings, storage));
    const kept = takeGoogleRequest(storage);
    expect(kept?.state).toBe(url.searchParams.get('state'));
    expect(kept?.nonce).toBe(url.searchParams.get('nonce'));
    expect(await computeCodeChallenge(kept!.codeVerifier)).toBe(url.searchParams.get('code_challenge'));
    expect(takeGoogleRequest(storage)).toBeNull();
  });

  it('ignores kept values it cannot read', () => {
    const storage = createMemoryStorage();
    storage.setItem('googleSignIn', '{not json');
    expect(takeGoogleRequest(storage)).toBeNull();
    storage.setItem('googleSignIn', JSON.stringify({ state: 1 }));
    expect(takeGoogleRequest(storage)).toBeNull();
    storeGoogleRequest(storage, { state: 'a', nonce: 'b', codeVerifier: 'c' });
    expect(takeGoogleRequest(storage)).toEqual({ state: 'a', nonce: 'b', codeVerifier: 'c' });
  });

  it('reads the callback address', () => {
    expect(readGoogleCallback('?code=abc&state=xyz&iss=https%3A%2F%2Faccounts.example.com')).toEqual({
      code: 'abc',
      state: 'xyz',
      iss: 'https://accounts.example.com',
      error: null,
    });
    expect(readGoogleCallback('?error=access_denied&state=xyz').error).toBe('access_denied');
  });
});
