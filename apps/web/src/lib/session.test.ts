import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, decodeTokenPayload, getToken, hasSession, isTokenUsable, setToken } from './session';
import { createMemoryStorage, createTestToken } from './test-storage';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const nowSeconds = Math.floor(NOW / 1000);

describe('decodeTokenPayload', () => {
  it.each([
    ['a plain payload', { sub: 'u1', exp: 10 }],
    ['non-ASCII text and base64url characters', { name: 'Lerato Nkosi-Dlamini ✓', note: '??>>' }],
  ])('reads %s', (_label, payload) => {
    expect(decodeTokenPayload(createTestToken(payload))).toEqual(payload);
  });

  it.each(['', 'garbage', 'a.b.c', 'a.bnVsbA.c', 'a.MTIz.c'])('answers null for %j', (token) => {
    expect(decodeTokenPayload(token)).toBeNull();
  });
});

describe('isTokenUsable', () => {
  it.each([
    ['expires in the future', { exp: nowSeconds + 60 }, true],
    ['has expired', { exp: nowSeconds - 1 }, false],
    ['expires this very second', { exp: nowSeconds }, false],
    ['has no exp', { sub: 'u1' }, false],
    ['has a non-numeric exp', { exp: String(nowSeconds + 60) }, false],
  ])('a token that %s: %s', (_label, payload, expected) => {
    expect(isTokenUsable(createTestToken(payload), NOW)).toBe(expected);
  });
});

describe('stored token', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', createMemoryStorage());
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps and answers a usable token', () => {
    const token = createTestToken({ exp: nowSeconds + 3600 });
    setToken(token);
    expect(getToken()).toBe(token);
    expect(hasSession()).toBe(true);
    expect(localStorage.getItem('token')).toBe(token);
  });

  it.each([
    ['expired', createTestToken({ exp: nowSeconds - 10 })],
    ['without exp', createTestToken({ sub: 'u1' })],
    ['unreadable', 'not-a-token'],
  ])('treats an %s token as signed out and removes it', (_label, token) => {
    localStorage.setItem('token', token);
    expect(getToken()).toBeNull();
    expect(hasSession()).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('clears the token', () => {
    setToken(createTestToken({ exp: nowSeconds + 3600 }));
    clearToken();
    expect(getToken()).toBeNull();
  });
});
