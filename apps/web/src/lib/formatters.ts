import { formatPeriod, formatRandPlain, MONTH_NAMES } from '@letsema/domain';

/** The letter shown in a user's avatar: the first of the full name, else of the e-mail address. */
export function getAvatarInitial(user: { fullName: string | null; email: string }): string {
  const source = user.fullName?.trim() || user.email;
  return source.charAt(0).toUpperCase();
}

/** The name to show for a user: the full name, else the e-mail address. */
export function getDisplayName(user: { fullName: string | null; email: string }): string {
  return user.fullName?.trim() || user.email;
}

const MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3));
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const COOPERATIVE_TIME_ZONE = 'Africa/Johannesburg';

/**
 * A date as the admin screens show it, 'MMM d, yyyy' (Jan 5, 2025). A calendar date (YYYY-MM-DD,
 * such as a date of birth) is shown as written; a moment is shown on the cooperative's calendar.
 * Missing or unreadable values give an empty string.
 */
export function formatAdminDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const calendar = CALENDAR_DATE.exec(value);
    if (calendar) return joinDateParts(Number(calendar[1]), Number(calendar[2]), Number(calendar[3]));
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: COOPERATIVE_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return joinDateParts(part('year'), part('month'), part('day'));
}

function joinDateParts(year: number, month: number, day: number): string {
  const name = MONTHS[month - 1];
  if (!name || !day || !year) return '';
  return `${name} ${day}, ${year}`;
}

/** A month of the books (`YYYY-MM`, as the API sends it) as people read it: the domain's `formatPeriod`. */
export { formatPeriod };

/** The day ('MMM d, yyyy') and the 24-hour time of a moment in Johannesburg, or null when there is none. */
export function getAdminDateTimeParts(value: string | null | undefined): { date: string; time: string } | null {
  const date = formatAdminDate(value);
  if (!date || !value) return null;
  return { date, time: formatTimeOfDay(value) };
}

const timeOfDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: COOPERATIVE_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * The 24-hour time of a moment in Johannesburg ('14:05'), the one clock every screen shows, whatever
 * the device's own time zone.
 */
export function formatTimeOfDay(value: string | Date): string {
  return timeOfDay.format(new Date(value));
}

/** A moment as the admin screens show it: 'MMM d, yyyy at HH:mm' in Johannesburg; empty when there is none. */
export function formatAdminDateTime(value: string | null | undefined): string {
  const moment = getAdminDateTimeParts(value);
  return moment ? `${moment.date} at ${moment.time}` : '';
}

/** A whole number with South African digit grouping: 10 000. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-ZA', { maximumFractionDigits: 0 });
}

/** Cents as the plain text an amount field holds: `833.33`. */
export function centsToAmountText(cents: number): string {
  return formatRandPlain(cents);
}
