import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  instalmentAmount,
  instalmentCount,
  instalmentSchedule,
  lastInstalmentIfDifferent,
  paymentFrequencies,
  pricePerShare,
} from './instalments.js';

describe('instalmentCount', () => {
  it.each([
    ['monthly', 12, 12],
    ['monthly', 1, 1],
    ['quarterly', 12, 4],
    ['quarterly', 13, 5],
    ['quarterly', 2, 1],
    ['yearly', 12, 1],
    ['yearly', 13, 2],
    ['yearly', 36, 3],
    ['once', 36, 1],
  ] as const)('%s over %d months is %d instalments', (frequency, months, count) => {
    expect(instalmentCount(frequency, months)).toBe(count);
  });

  it('refuses a duration that is not whole months', () => {
    expect(() => instalmentCount('monthly', 0)).toThrow(RangeError);
    expect(() => instalmentCount('monthly', 1.5)).toThrow(RangeError);
  });
});

describe('instalmentSchedule', () => {
  it.each([
    [120000, 'monthly', 12, [10000], 10000],
    [100000, 'monthly', 3, [33333, 33333], 33334],
    [200000, 'monthly', 3, [66667, 66667], 66666],
    [100, 'monthly', 3, [33, 33], 34],
    [1, 'monthly', 2, [1], 0],
    [500000, 'quarterly', 12, [125000, 125000, 125000], 125000],
    [1000001, 'yearly', 24, [500001], 500000],
    [99999, 'once', 36, [], 99999],
  ] as const)('%d cents %s over %d months', (commitment, frequency, months, regular, last) => {
    const schedule = instalmentSchedule(commitment, frequency, months);
    expect(schedule.slice(0, -1)).toEqual(regular.length ? Array(schedule.length - 1).fill(regular[0]) : []);
    expect(schedule.at(-1)).toBe(last);
    expect(schedule.reduce((a, b) => a + b, 0)).toBe(commitment);
  });

  it('always adds up to the commitment', () => {
    for (let commitment = 0; commitment < 5000; commitment += 37) {
      for (const frequency of ['monthly', 'quarterly', 'yearly', 'once'] as const) {
        for (const months of [1, 2, 5, 7, 12, 13, 35]) {
          const schedule = instalmentSchedule(commitment, frequency, months);
          expect(schedule.reduce((a, b) => a + b, 0)).toBe(commitment);
          expect(schedule.every((n) => Number.isInteger(n))).toBe(true);
        }
      }
    }
  });

  it('answers the regular instalment', () => {
    expect(instalmentAmount(100000, 'monthly', 3)).toBe(33333);
  });
});

describe('lastInstalmentIfDifferent', () => {
  it.each([
    [2_857_144, 'monthly', 12, 238_099],
    [2_142_858, 'monthly', 12, 178_566],
    [1_200_000, 'monthly', 12, null],
    [2_142_858, 'once', 12, null],
  ] as const)('%i cents, %s over %i months -> %s', (commitment, frequency, months, last) => {
    expect(lastInstalmentIfDifferent(commitment, frequency, months)).toBe(last);
  });
});

describe('pricePerShare', () => {
  it.each([
    [100000000, 1000, 100000],
    [10000000, 3, 3333333],
    [30, 100, 0],
  ])('%d cents over %d shares is %d', (target, shares, price) => {
    expect(pricePerShare(target, shares)).toBe(price);
  });
});

describe('the regular and the last instalment, worked out without the schedule', () => {
  it('are the first and the last of the schedule', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.constantFrom(...paymentFrequencies),
        fc.integer({ min: 1, max: 360 }),
        (commitment, frequency, months) => {
          const schedule = instalmentSchedule(commitment, frequency, months);
          expect(instalmentAmount(commitment, frequency, months)).toBe(schedule[0]);
          const last = schedule.at(-1)!;
          expect(lastInstalmentIfDifferent(commitment, frequency, months)).toBe(last === schedule[0] ? null : last);
        },
      ),
    );
  });
});
