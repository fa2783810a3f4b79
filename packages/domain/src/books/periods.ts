/**
 * Accounting periods are calendar months in Africa/Johannesburg, written `YYYY-MM`. South Africa
 * keeps UTC+2 all year (no daylight saving), so a period's bounds are fixed instants.
 */

const OFFSET_MS = 2 * 60 * 60 * 1000;
const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isPeriod(value: string): boolean {
  return PERIOD.test(value);
}

/** The period an instant falls in, on the cooperative's calendar. */
export function periodOf(instant: Date): string {
  const local = new Date(instant.getTime() + OFFSET_MS);
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first instant of a period and the first instant of the next one (end exclusive). */
export function periodBounds(period: string): { start: Date; end: Date } {
  const match = PERIOD.exec(period);
  if (!match) throw new Error(`Not a period: ${period}`);
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  return {
    start: new Date(Date.UTC(year, month, 1) - OFFSET_MS),
    end: new Date(Date.UTC(year, month + 1, 1) - OFFSET_MS),
  };
}

/** The period after `period`. */
export function nextPeriod(period: string): string {
  return periodOf(periodBounds(period).end);
}

/** How many days a period has. */
export function daysInPeriod(period: string): number {
  const { start, end } = periodBounds(period);
  return Math.round((end.getTime() - start.getTime()) / (24 * 60 * 60 * 1000));
}

/** The cooperative's calendar day (`YYYY-MM-DD`) an instant falls on. */
export function dayOf(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The period a calendar day (`YYYY-MM-DD`) belongs to. */
export function periodOfDay(day: string): string {
  return day.slice(0, 7);
}

/** The last calendar day of a period. */
export function lastDayOf(period: string): string {
  return dayOf(new Date(periodBounds(period).end.getTime() - 1));
}

/** Whole days from one calendar day to another (`to` minus `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * 60 * 60 * 1000));
}

/** The calendar day `days` after another (before it when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The months' names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A month of the books (`YYYY-MM`) as people read it: 'November 2026', or 'Nov 2026' where room is
 * short. Anything that is not such a month is shown as it is.
 */
export function formatPeriod(period: string, length: 'long' | 'short' = 'long'): string {
  const match = PERIOD.exec(period);
  if (!match) return period;
  const name = MONTH_NAMES[Number(match[2]) - 1]!;
  return `${length === 'short' ? name.slice(0, 3) : name} ${match[1]}`;
}
