import { describe, expect, it } from 'vitest';
import { formatDisplayDate, formatDisplayDateTime, formatTimeAgo } from './time.js';

const now = new Date('2026-11-20T10:00:00.000Z');
const before = (ms: number) => new Date(now.getTime() - ms);
const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

describe('formatTimeAgo', () => {
  it.each([
    ['the same moment', 0, 'Just now', 'Just now'],
    ['59.999 seconds', minute - 1, 'Just now', 'Just now'],
    ['a moment in the future', -5 * minute, 'Just now', 'Just now'],
    ['one minute', minute, '1m ago', '1m ago'],
    ['59 minutes 59 seconds', hour - second, '59m ago', '59m ago'],
    ['one hour', hour, '1h ago', '1h ago'],
    ['23 hours 59 minutes', day - minute, '23h ago', '23h ago'],
    ['one day', day, 'Yesterday', '1d ago'],
    ['47 hours', 47 * hour, 'Yesterday', '1d ago'],
    ['two days', 2 * day, '2d ago', '2d ago'],
    ['six days 23 hours', 7 * day - hour, '6d ago', '6d ago'],
  ])('%s ago: member pages %j, admin %j', (_label, elapsed, member, admin) => {
    expect(formatTimeAgo(before(elapsed), now, { yesterday: true })).toBe(member);
    expect(formatTimeAgo(before(elapsed), now)).toBe(admin);
  });

  it.each([
    ['exactly seven days', 7 * day, '13 Nov 2026'],
    ['a year', 365 * day, '20 Nov 2025'],
  ])('shows a date from a week on (%s)', (_label, elapsed, shown) => {
    expect(formatTimeAgo(before(elapsed), now, { yesterday: true, locale: 'en-GB' })).toBe(shown);
  });

  it('judges the date in Africa/Johannesburg by default, in the given zone when asked', () => {
    const lateEvening = new Date('2026-11-01T22:30:00.000Z'); // 00:30 on 2 November in Johannesburg
    expect(formatTimeAgo(lateEvening, now, { locale: 'en-GB' })).toBe('2 Nov 2026');
    expect(formatTimeAgo(lateEvening, now, { locale: 'en-GB', timeZone: 'UTC' })).toBe('1 Nov 2026');
  });

  it('uses the South African locale by default', () => {
    const old = before(30 * day);
    const expected = old.toLocaleDateString('en-ZA', {
      timeZone: 'Africa/Johannesburg',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    expect(formatTimeAgo(old, now)).toBe(expected);
  });

  it('accepts ISO strings and epoch milliseconds as the API and clocks give them', () => {
    expect(formatTimeAgo('2026-11-20T09:15:00.000Z', now)).toBe('45m ago');
    expect(formatTimeAgo(now.getTime() - 3 * hour, now.getTime())).toBe('3h ago');
  });

  it('gives an empty label for an unreadable date', () => {
    expect(formatTimeAgo('not a date', now)).toBe('');
    expect(formatTimeAgo(new Date(Number.NaN), now)).toBe('');
  });
});

describe('formatDisplayDate and formatDisplayDateTime (the screens’ and papers’ dates)', () => {
  it.each<[string, string | Date | null, string]>([
    ['a calendar date as written', '2026-11-05', 'Nov 5, 2026'],
    ['a moment late in the UTC day is the next day in Johannesburg', new Date('2026-11-30T22:30:00Z'), 'Dec 1, 2026'],
    ['a moment as an ISO string', '2026-01-15T08:00:00Z', 'Jan 15, 2026'],
    ['nothing', null, ''],
    ['unreadable', 'soon', ''],
  ])('%s', (_name, value, shown) => {
    expect(formatDisplayDate(value)).toBe(shown);
  });

  it('writes the time on the Johannesburg clock, two hours ahead of UTC', () => {
    expect(formatDisplayDateTime(new Date('2026-11-30T22:30:00Z'))).toBe('Dec 1, 2026 at 00:30');
    expect(formatDisplayDateTime(null)).toBe('');
  });
});
