import { describe, expect, it } from 'vitest';
import {
  centsToAmountText,
  formatAdminDate,
  formatAdminDateTime,
  formatCount,
  formatPeriod,
  formatTimeOfDay,
  getAvatarInitial,
  getDisplayName,
} from './formatters';

describe('getAvatarInitial', () => {
  it.each([
    [{ fullName: 'thabo Molefe', email: 'x@example.com' }, 'T'],
    [{ fullName: null, email: 'nomsa@example.com' }, 'N'],
    [{ fullName: '   ', email: 'zanele@example.com' }, 'Z'],
  ])('%j -> %s', (user, initial) => {
    expect(getAvatarInitial(user)).toBe(initial);
  });
});

describe('getDisplayName', () => {
  it.each([
    [{ fullName: ' Thabo Molefe ', email: 'x@example.com' }, 'Thabo Molefe'],
    [{ fullName: null, email: 'nomsa@example.com' }, 'nomsa@example.com'],
  ])('%j -> %s', (user, name) => {
    expect(getDisplayName(user)).toBe(name);
  });
});

describe('formatAdminDate', () => {
  it.each([
    ['2025-01-05T10:00:00.000Z', 'Jan 5, 2025'],
    // 23:30 UTC is already the next day in Johannesburg.
    ['2024-12-31T23:30:00.000Z', 'Jan 1, 2025'],
    ['2025-09-15T08:00:00.000Z', 'Sep 15, 2025'],
    ['1980-01-01', 'Jan 1, 1980'],
    ['1999-12-31', 'Dec 31, 1999'],
    [new Date('2025-03-10T12:00:00.000Z'), 'Mar 10, 2025'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['not a date', ''],
    ['2025-13-01', ''],
  ])('%s -> %j', (value, label) => {
    expect(formatAdminDate(value)).toBe(label);
  });
});

describe('formatAdminDateTime', () => {
  it.each([
    ['2025-01-05T10:00:00.000Z', 'Jan 5, 2025 at 12:00'],
    // 23:30 UTC is already the next morning in Johannesburg.
    ['2024-12-31T23:30:00.000Z', 'Jan 1, 2025 at 01:30'],
    ['2025-09-15T22:05:00.000Z', 'Sep 16, 2025 at 00:05'],
    [null, ''],
    ['', ''],
    ['not a date', ''],
  ])('%s -> %j', (value, label) => {
    expect(formatAdminDateTime(value)).toBe(label);
  });
});

describe('formatPeriod', () => {
  // Months were shown as the API writes them ('2026-11') beside dates written 'Nov 25, 2026'.
  it.each([
    ['2026-11', 'November 2026'],
    ['2025-01', 'January 2025'],
    ['2024-12', 'December 2024'],
    ['2026-13', '2026-13'],
    ['2026-00', '2026-00'],
    ['2026-11-25', '2026-11-25'],
    ['', ''],
  ])('%j -> %j', (period, label) => {
    expect(formatPeriod(period)).toBe(label);
  });

  it.each([
    ['2026-11', 'Nov 2026'],
    ['2025-09', 'Sep 2025'],
    ['not a month', 'not a month'],
  ])('%j -> %j where room is short', (period, label) => {
    expect(formatPeriod(period, 'short')).toBe(label);
  });
});

describe('formatTimeOfDay', () => {
  // The member's "checked at" said 01:48 where the admin screens said 03:48 for the same moment:
  // one followed the device's time zone, the other Johannesburg's.
  it('gives the time in Johannesburg, whatever the time zone of the device', () => {
    expect(formatTimeOfDay('2026-11-25T01:48:30Z')).toBe('03:48');
    expect(formatTimeOfDay(new Date('2026-11-25T22:05:00Z'))).toBe('00:05');
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [10_000, '10\u00a0000'],
    [1_234_567, '1\u00a0234\u00a0567'],
  ])('%s -> %j', (value, text) => {
    expect(formatCount(value)).toBe(text);
  });
});

describe('centsToAmountText', () => {
  it.each([
    [83_333, '833.33'],
    [5, '0.05'],
    [100_000, '1000.00'],
    [0, '0.00'],
  ])('%i -> %s', (cents, text) => {
    expect(centsToAmountText(cents)).toBe(text);
  });
});
