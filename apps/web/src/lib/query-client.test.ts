import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, getRetryDelay, isRetryable } from './query-client';

type RetryFn = (failureCount: number, error: unknown) => boolean;

describe('getRetryDelay', () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [4, 16000],
    [5, 30000],
    [10, 30000],
  ])('attempt %i waits %i ms', (attempt, delay) => {
    expect(getRetryDelay(attempt)).toBe(delay);
  });
});

describe('isRetryable', () => {
  it.each([
    ['a 400', new ApiError('Bad', { status: 400 }), false],
    ['a 401', new ApiError('Gone', { status: 401 }), false],
    ['a 404', new ApiError('Missing', { status: 404 }), false],
    ['a 429', new ApiError('Slow down', { status: 429 }), false],
    ['a 500', new ApiError('Broken', { status: 500 }), true],
    ['an unreachable server', new ApiError('Offline', { status: 0 }), true],
    ['any other error', new TypeError('boom'), true],
  ])('%s: %s', (_label, error, expected) => {
    expect(isRetryable(error)).toBe(expected);
  });
});

describe('createQueryClient', () => {
  const serverError = new ApiError('Broken', { status: 500 });
  const clientError = new ApiError('Bad', { status: 400 });

  it('retries reads three times, never a 4xx', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as RetryFn;
    expect([0, 1, 2, 3].map((count) => retry(count, serverError))).toEqual([true, true, true, false]);
    expect(retry(0, clientError)).toBe(false);
  });

  it('retries admin reads once and does not refetch them on window focus', () => {
    const defaults = createQueryClient().getQueryDefaults(['admin', 'staff']);
    const retry = defaults.retry as RetryFn;
    expect([0, 1].map((count) => retry(count, serverError))).toEqual([true, false]);
    expect(retry(0, clientError)).toBe(false);
    expect(defaults.refetchOnWindowFocus).toBe(false);
  });

  it('leaves other keys on the general defaults', () => {
    const defaults = createQueryClient().getQueryDefaults(['auth', 'me']);
    expect(defaults.refetchOnWindowFocus).toBeUndefined();
  });
});
