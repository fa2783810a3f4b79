const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export interface TimeAgoOptions {
  /** Member pages say 'Yesterday' for something a day old; the admin area says '1d ago'. */
  yesterday?: boolean;
  /** Locale of the date shown for items a week old or more. */
  locale?: string;
  /** Time zone of that date; the cooperative's own by default. */
  timeZone?: string;
}

export const DEFAULT_DATE_LOCALE = 'en-ZA';
export const DEFAULT_TIME_ZONE = 'Africa/Johannesburg';

/**
 * The short age of a moment as lists show it (spec section 8): 'Just now', '5m ago', '3h ago',
 * 'Yesterday' (member pages only), '4d ago', and a date from a week on. A moment in the future
 * (clocks a little apart) counts as 'Just now'; an unreadable date gives an empty label.
 */
export function formatTimeAgo(date: Date | string | number, now: Date | number, options: TimeAgoOptions = {}): string {
  const then = toTime(date);
  const current = toTime(now);
  if (Number.isNaN(then) || Number.isNaN(current)) return '';
  const elapsed = current - then;
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < WEEK) {
    const days = Math.floor(elapsed / DAY);
    return days === 1 && options.yesterday ? 'Yesterday' : `${days}d ago`;
  }
  return new Date(then).toLocaleDateString(options.locale ?? DEFAULT_DATE_LOCALE, {
    timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

function toTime(value: Date | string | number): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return Date.parse(value);
}
