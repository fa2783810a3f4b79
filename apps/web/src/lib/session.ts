const TOKEN_KEY = 'token';

// Used only when the browser refuses local storage (some private modes): the session then lasts until reload.
let memoryToken: string | null = null;

export interface TokenPayload {
  exp?: number;
  sub?: string;
  [claim: string]: unknown;
}

/** Reads the payload of a JWT without checking its signature (the server does that). */
export function decodeTokenPayload(token: string): TokenPayload | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload !== null && typeof payload === 'object' ? (payload as TokenPayload) : null;
  } catch {
    return null;
  }
}

/** Whether a token can still be used: it must carry an `exp` (seconds) that lies in the future. */
export function isTokenUsable(token: string, now = Date.now()): boolean {
  const payload = decodeTokenPayload(token);
  return typeof payload?.exp === 'number' && payload.exp * 1000 > now;
}

/** The stored token, or null when there is none or it is no longer usable (then it is removed). */
export function getToken(): string | null {
  const token = readStorage();
  if (!token) return null;
  if (!isTokenUsable(token)) {
    clearToken();
    return null;
  }
  return token;
}

/** Whether someone is signed in on this browser, as far as the client can tell. */
export function hasSession(): boolean {
  return getToken() !== null;
}

export function setToken(token: string): void {
  memoryToken = token;
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Kept in memory only.
  }
}

export function clearToken(): void {
  memoryToken = null;
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing was stored.
  }
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return memoryToken;
  }
}
