import { describe, expect, it } from 'vitest';
import { formatAdminDateTime } from './pool-dates';

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
