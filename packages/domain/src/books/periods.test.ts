import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  daysInPeriod,
  formatPeriod,
  isPeriod,
  nextPeriod,
  periodBounds,
  periodOf,
} from './periods.js';

describe('accounting periods (Johannesburg months)', () => {
  it.each([
    ['2026-03-31T21:59:59.999Z', '2026-03'],
    ['2026-03-31T22:00:00.000Z', '2026-04'],
    ['2025-12-31T22:30:00.000Z', '2026-01'],
    ['2026-02-28T12:00:00.000Z', '2026-02'],
  ])('%s falls in %s', (instant, period) => {
    expect(periodOf(new Date(instant))).toBe(period);
  });

  it('bounds a period from local midnight to local midnight', () => {
    expect(periodBounds('2026-04')).toEqual({
      start: new Date('2026-03-31T22:00:00.000Z'),
      end: new Date('2026-04-30T22:00:00.000Z'),
    });
    expect(nextPeriod('2025-12')).toBe('2026-01');
  });

  it.each([
    ['2024-02', 29],
    ['2026-02', 28],
    ['2026-04', 30],
    ['2026-12', 31],
  ])('%s has %i days', (period, days) => {
    expect(daysInPeriod(period)).toBe(days);
  });

  it.each(['2026-13', '2026-00', '26-01', '2026-1', ''])('refuses %j', (value) => {
    expect(isPeriod(value)).toBe(false);
    expect(() => periodBounds(value)).toThrow(/Not a period/);
  });
});

describe('formatPeriod', () => {
  it.each([
    ['2026-11', 'long', 'November 2026'],
    ['2026-01', 'short', 'Jan 2026'],
    ['2026-13', 'long', '2026-13'],
    ['November', 'long', 'November'],
  ] as const)('writes %j (%s) as %j', (period, length, words) => {
    expect(formatPeriod(period, length)).toBe(words);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-11-27', 90, '2027-02-25'],
    ['2026-11-27', 0, '2026-11-27'],
  ])('%s plus %i days is %s', (day, days, result) => {
    expect(addDays(day, days)).toBe(result);
    expect(daysBetween(day, result)).toBe(days);
  });
});
