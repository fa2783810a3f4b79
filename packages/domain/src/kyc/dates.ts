/** The cooperative's clock: ages and "today" are judged in Africa/Johannesburg. */
export const COOPERATIVE_TIME_ZONE = 'Africa/Johannesburg';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: COOPERATIVE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Johannesburg as YYYY-MM-DD. */
export function todayInJohannesburg(now: Date = new Date()): string {
  return dayFormat.format(now);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether text is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Whether someone born on `birthDate` has turned `years` by `today` (both YYYY-MM-DD). Someone born
 * on 29 February comes of age on 1 March in a year without one.
 */
export function hasReachedAge(birthDate: string, years: number, today: string): boolean {
  const [y, m, d] = birthDate.split('-');
  const birthday = `${String(Number(y) + years).padStart(4, '0')}-${m}-${d}`;
  return birthday <= today;
}
