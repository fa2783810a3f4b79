import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateByWeights } from './allocation.js';

const weights = fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 1, maxLength: 40 });

describe('allocateByWeights (properties)', () => {
  it('adds up to the amount exactly, never gives a negative part of a profit, and stays within a cent of the exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), weights, (amount, list) => {
        const total = list.reduce((sum, weight) => sum + weight, 0);
        fc.pre(total > 0);
        const parts = allocateByWeights(
          amount,
          list.map((weight, key) => ({ key, weight })),
        );
        expect(parts.reduce((sum, part) => sum + part.cents, 0)).toBe(amount);
        parts.forEach((part, index) => {
          if (amount >= 0) expect(part.cents).toBeGreaterThanOrEqual(0);
          else expect(part.cents).toBeLessThanOrEqual(0);
          // The exact share, worked out in BigInt, and the part are less than one cent apart.
          const exactTimesTotal = BigInt(amount) * BigInt(list[index]!);
          const distance = BigInt(part.cents) * BigInt(total) - exactTimesTotal;
          expect(distance < 0n ? -distance : distance).toBeLessThan(BigInt(total));
          if (list[index] === 0) expect(part.cents).toBe(0);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('gives equal weights parts at most one cent apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 50 }), (amount, count) => {
        const parts = allocateByWeights(
          amount,
          Array.from({ length: count }, (_, key) => ({ key, weight: 7 })),
        );
        const cents = parts.map((part) => part.cents);
        expect(Math.max(...cents) - Math.min(...cents)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
