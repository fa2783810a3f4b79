import { describe, expect, it } from 'vitest';
import { allocateByWeights } from './allocation.js';

const split = (amount: number, weights: number[]) =>
  allocateByWeights(
    amount,
    weights.map((weight, key) => ({ key, weight })),
  ).map((part) => part.cents);

describe('allocateByWeights (largest remainder)', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [-100, [1, 1, 1], [-34, -33, -33]],
    [1000, [1, 2, 3, 4], [100, 200, 300, 400]],
    [1, [1, 1], [1, 0]],
    [2, [1, 1, 0], [1, 1, 0]],
    [5, [0, 3, 0, 2], [0, 3, 0, 2]],
    [10, [3, 3, 3], [4, 3, 3]],
    [0, [5, 7], [0, 0]],
    [0, [0, 0], [0, 0]],
  ])('splits %i over %j as %j', (amount, weights, expected) => {
    const parts = split(amount, weights);
    expect(parts).toEqual(expected);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
  });

  it('always adds up exactly, also with weights whose products pass 2^53', () => {
    const weights = [31 * 1_234_567_890_12, 17 * 987_654_321_09, 3, 0, 29 * 555_555_555_55];
    for (const amount of [1, 7, 12_345_678_901, -98_765_432_109, 99_999_999_999]) {
      const parts = split(amount, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
      expect(parts[3]).toBe(0);
      for (const cents of parts) expect(Number.isSafeInteger(cents)).toBe(true);
    }
  });

  it('gives each part within one cent of its exact share', () => {
    const weights = [7, 11, 13, 17, 19, 23];
    const total = weights.reduce((a, b) => a + b, 0);
    const parts = split(123_457, weights);
    parts.forEach((cents, index) => expect(Math.abs(cents - (123_457 * weights[index]!) / total)).toBeLessThan(1));
  });

  it('refuses what cannot be split', () => {
    expect(() => split(10, [0, 0])).toThrow(/every weight is 0/);
    expect(() => split(10.5, [1])).toThrow(/whole cents/);
    expect(() => split(10, [-1, 2])).toThrow(/Weights/);
  });
});
