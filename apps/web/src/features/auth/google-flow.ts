import type { GoogleSettings } from '@letsema/domain';

/** What `GET /api/auth/providers` tells the browser about Google sign-in. */
export type GoogleProviderSettings = GoogleSettings;

/** The secrets of one trip to the provider, kept in this tab until the provider sends the member back. */
export interface GoogleRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What the provider put in the callback address. */
export interface GoogleCallback {
  code: string | null;
  state: string | null;
  iss: string | null;
  error: string | null;
}

export const GOOGLE_FAILED_MESSAGE = 'Google sign-in failed. Please try again.';

const STORAGE_KEY = 'googleSignIn';

/** Encodes bytes as base64url without padding (RFC 4648 section 5). */
export function encodeBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random base64url string; 32 bytes give 43 characters, the shortest PKCE verifier allowed. */
export function createRandomString(byteCount = 32): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(byteCount)));
}

/** The PKCE S256 challenge: base64url(SHA-256(verifier)). */
export async function computeCodeChallenge(codeVerifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier));
  return encodeBase64Url(new Uint8Array(digest));
}

export function createGoogleRequest(): GoogleRequest {
  return { state: createRandomString(), nonce: createRandomString(), codeVerifier: createRandomString(48) };
}

/** The provider's authorization address for an authorization-code request with PKCE. */
export function buildAuthorizationUrl(
  settings: GoogleProviderSettings,
  request: GoogleRequest,
  codeChallenge: string,
): string {
  const url = new URL(settings.authorizationEndpoint);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    scope: settings.scope,
    state: request.state,
    nonce: request.nonce,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

export function storeGoogleRequest(storage: Storage, request: GoogleRequest): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(request));
}

/** The kept request, removed as it is read: each one serves a single return from the provider. */
export function takeGoogleRequest(storage: Storage): GoogleRequest | null {
  const text = storage.getItem(STORAGE_KEY);
  storage.removeItem(STORAGE_KEY);
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object') return null;
    const { state, nonce, codeVerifier } = value as Record<string, unknown>;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string') return null;
    return { state, nonce, codeVerifier };
  } catch {
    return null;
  }
}

export function readGoogleCallback(search: string): GoogleCallback {
  const params = new URLSearchParams(search);
  return {
    code: params.get('code'),
    state: params.get('state'),
    iss: params.get('iss'),
    error: params.get('error'),
  };
}

/**
 * Prepares a trip to the provider: makes the state, nonce and PKCE verifier, keeps them in
 * `storage` and answers the address to send the browser to.
 */
export async function prepareGoogleSignIn(settings: GoogleProviderSettings, storage: Storage): Promise<string> {
  const request = createGoogleRequest();
  const codeChallenge = await computeCodeChallenge(request.codeVerifier);
  storeGoogleRequest(storage, request);
  return buildAuthorizationUrl(settings, request, codeChallenge);
}
