import { formatDisplayDate, formatPeriod, formatRandPlain, formatTimeOfDay } from '@letsema/domain';

/** The letter shown in a user's avatar: the first of the full name, else of the e-mail address. */
export function getAvatarInitial(user: { fullName: string | null; email: string }): string {
  const source = user.fullName?.trim() || user.email;
  return source.charAt(0).toUpperCase();
}

/** The name to show for a user: the full name, else the e-mail address. */
export function getDisplayName(user: { fullName: string | null; email: string }): string {
  return user.fullName?.trim() || user.email;
}

/**
 * A date as the admin screens show it, 'MMM d, yyyy' (Jan 5, 2025): the domain's
 * `formatDisplayDate`, which the PDF papers use too.
 */
export const formatAdminDate = formatDisplayDate;

/** A month of the books (`YYYY-MM`, as the API sends it) as people read it: the domain's `formatPeriod`. */
export { formatPeriod };

/** The day ('MMM d, yyyy') and the 24-hour time of a moment in Johannesburg, or null when there is none. */
export function getAdminDateTimeParts(value: string | null | undefined): { date: string; time: string } | null {
  const date = formatAdminDate(value);
  if (!date || !value) return null;
  return { date, time: formatTimeOfDay(value) };
}

/** The 24-hour time of a moment in Johannesburg ('14:05'), the one clock every screen shows. */
export { formatTimeOfDay };

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
