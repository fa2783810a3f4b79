import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signToken, TOKEN_LIFETIME_SECONDS, verifyToken } from './tokens.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('session tokens', () => {
  const secret = new Uint8Array(randomBytes(32));
  const claims = { userId: randomUUID(), sessionId: randomUUID() };

  it('are answered from memory after their first check, and refused once they expire', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const issued = new Date('2026-11-24T08:00:00Z');
    vi.setSystemTime(issued);
    const token = await signToken(secret, claims, issued);
    expect(await verifyToken(secret, token)).toEqual(claims);
    vi.setSystemTime(issued.getTime() + (TOKEN_LIFETIME_SECONDS - 1) * 1000);
    expect(await verifyToken(secret, token)).toEqual(claims);
    vi.setSystemTime(issued.getTime() + (TOKEN_LIFETIME_SECONDS + 1) * 1000);
    expect(await verifyToken(secret, token)).toBeNull();
  });

  it('are refused when altered, signed with another secret, or not tokens at all, checked or not', async () => {
    const token = await signToken(secret, claims);
    expect(await verifyToken(secret, token)).toEqual(claims);
    const [header, payload, signature] = token.split('.');
    const otherClaims = Buffer.from(JSON.stringify({ sub: randomUUID(), sid: claims.sessionId })).toString('base64url');
    expect(await verifyToken(secret, `${header}.${otherClaims}.${signature}`)).toBeNull();
    expect(await verifyToken(secret, `${header}.${payload}.${signature!.slice(0, -2)}AA`)).toBeNull();
    expect(await verifyToken(new Uint8Array(randomBytes(32)), token)).toBeNull();
    expect(await verifyToken(secret, 'not-a-token')).toBeNull();
  });
});
