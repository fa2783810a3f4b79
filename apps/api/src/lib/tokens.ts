import { createHmac, createSecretKey } from 'node:crypto';
import { createVerifier } from 'fast-jwt';
import { jwtVerify, SignJWT } from 'jose';

/** What `make` makes of a signing secret, made once per secret: keys and checkers cost to make on every request. */
function oncePerSecret<T>(make: (secret: Uint8Array) => T): (secret: Uint8Array) => T {
  const made = new WeakMap<Uint8Array, T>();
  return (secret) => {
    if (!made.has(secret)) made.set(secret, make(secret));
    return made.get(secret)!;
  };
}

/** The signing secret as a key object. */
const keyFor = oncePerSecret((secret) => createSecretKey(secret));

/** Tokens live twelve hours at most; the session row they name can end them sooner. */
export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

/** Signs an HS256 token naming the user (`sub`) and the session (`sid`). */
export async function signToken(secret: Uint8Array, claims: TokenClaims, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(keyFor(secret));
}

type Verify = (token: string) => Record<string, unknown>;

/** Tokens already checked, with their claims and when they expire (milliseconds). */
type Checked = Map<string, { claims: TokenClaims; expiresAt: number }>;

/** How many checked tokens are kept; the oldest goes first. */
const CHECKED_TOKENS_KEPT = 10_000;

/**
 * The session-token check. Every request runs it, so it is fast-jwt's: HS256 checked synchronously
 * with node's crypto.
 */
const verifierFor = oncePerSecret((secret): { verify: Verify; checked: Checked } => ({
  verify: createVerifier({
    key: Buffer.from(secret),
    algorithms: ['HS256'],
    requiredClaims: ['exp', 'iat', 'sub', 'sid'],
    maxAge: TOKEN_LIFETIME_SECONDS * 1000,
  }) as Verify,
  checked: new Map(),
}));

/**
 * Verifies signature, algorithm and expiry; answers the claims or null for any bad token. A token
 * already checked is answered from memory until it expires, by the token itself (fast-jwt's own cache
 * keys each by a SHA-256 of the token, a hash per request that cost more than the rest of the check).
 * The session row is still read on every request, so a signed-out or suspended session ends at once.
 */
export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  const { verify, checked } = verifierFor(secret);
  const known = checked.get(token);
  if (known) {
    if (Date.now() < known.expiresAt) return known.claims;
    checked.delete(token);
  }
  let payload: Record<string, unknown>;
  try {
    payload = verify(token);
  } catch {
    return null;
  }
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
  if (!isUuid(payload.sub) || !isUuid(payload.sid)) return null;
  const claims = { userId: payload.sub, sessionId: payload.sid };
  if (checked.size >= CHECKED_TOKENS_KEPT) checked.delete(checked.keys().next().value!);
  // The earlier of the token's own expiry and its longest life from its issue.
  const expiresAt = Math.min(Number(payload.exp) * 1000, (Number(payload.iat) + TOKEN_LIFETIME_SECONDS) * 1000);
  checked.set(token, { claims, expiresAt });
  return claims;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** E-mail verification links live a day. */
export const EMAIL_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
const EMAIL_AUDIENCE = 'letsema:verify-email';

/**
 * Signs the token of an e-mail verification link, naming the account and the address it proves.
 * Its audience keeps it apart from session tokens: neither is accepted as the other.
 */
export async function signEmailToken(
  secret: Uint8Array,
  claims: { userId: string; email: string },
  now = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ email: claims.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setAudience(EMAIL_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + EMAIL_TOKEN_LIFETIME_SECONDS)
    .sign(keyFor(secret));
}

/** The claims of a verification token, 'expired', or null for anything else. */
export async function verifyEmailToken(
  secret: Uint8Array,
  token: string,
): Promise<{ userId: string; email: string } | 'expired' | null> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: ['HS256'],
      audience: EMAIL_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub', 'email'],
    });
    if (typeof payload.sub !== 'string' || !isUuid(payload.sub) || typeof payload.email !== 'string') return null;
    return { userId: payload.sub, email: payload.email };
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : null;
  }
}

/** A file view link lives two minutes: long enough for the frame to load it, too short to pass on. */
export const FILE_VIEW_TOKEN_LIFETIME_SECONDS = 2 * 60;
const FILE_VIEW_AUDIENCE = 'letsema:file-view';

/**
 * File view tokens are signed with a key of their own, derived from the secret: a view link carries
 * a session id like a session token does, and must never pass as one where the audience is not read.
 */
const fileViewKeyFor = oncePerSecret((secret) =>
  createSecretKey(createHmac('sha256', Buffer.from(secret)).update(FILE_VIEW_AUDIENCE).digest()),
);

/** What a file view link names: the session that asked for it, and the one file it opens. */
export interface FileViewClaims extends TokenClaims {
  key: string;
}

/**
 * Signs the token of a file view link: a frame cannot send the bearer token, so the link names the
 * session and the file's key instead. Its audience keeps it apart from session and e-mail tokens.
 */
export async function signFileViewToken(secret: Uint8Array, claims: FileViewClaims, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId, key: claims.key })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setAudience(FILE_VIEW_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + FILE_VIEW_TOKEN_LIFETIME_SECONDS)
    .sign(fileViewKeyFor(secret));
}

/** The claims of a file view token, or null for an expired, altered or other kind of token. */
export async function verifyFileViewToken(secret: Uint8Array, token: string): Promise<FileViewClaims | null> {
  try {
    const { payload } = await jwtVerify(token, fileViewKeyFor(secret), {
      algorithms: ['HS256'],
      audience: FILE_VIEW_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub', 'sid', 'key'],
      maxTokenAge: FILE_VIEW_TOKEN_LIFETIME_SECONDS,
    });
    const { sub, sid, key } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof key !== 'string') return null;
    if (!isUuid(sub) || !isUuid(sid)) return null;
    return { userId: sub, sessionId: sid, key };
  } catch {
    return null;
  }
}
