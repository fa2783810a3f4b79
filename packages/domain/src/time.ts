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

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function joinDateParts(year: number, month: number, day: number): string {
  const name = SHORT_MONTHS[month - 1];
  if (!name || !day || !year) return '';
  return `${name} ${day}, ${year}`;
}

/**
 * A date as the screens and the papers show it, 'MMM d, yyyy' (Jan 5, 2025). A calendar date
 * (YYYY-MM-DD) is shown as written; a moment is shown on the cooperative's calendar. Missing or
 * unreadable values give an empty string.
 */
export function formatDisplayDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const calendar = CALENDAR_DATE.exec(value);
    if (calendar) return joinDateParts(Number(calendar[1]), Number(calendar[2]), Number(calendar[3]));
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: DEFAULT_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return joinDateParts(part('year'), part('month'), part('day'));
}

const timeOfDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: DEFAULT_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The 24-hour time of a moment in Johannesburg ('14:05'), whatever the machine's own time zone. */
export function formatTimeOfDay(value: string | Date): string {
  return timeOfDay.format(new Date(value));
}

/** A moment as screens and papers show it: 'MMM d, yyyy at HH:mm' in Johannesburg; empty when there is none. */
export function formatDisplayDateTime(value: string | Date | null | undefined): string {
  const date = formatDisplayDate(value);
  return date && value ? `${date} at ${formatTimeOfDay(value)}` : '';
}
