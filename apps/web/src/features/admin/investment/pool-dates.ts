import { formatAdminDate } from '../../../lib/formatters';

const COOPERATIVE_TIME_ZONE = 'Africa/Johannesburg';

/** A moment as the pool timeline shows it: 'MMM d, yyyy' and the 24-hour time in Johannesburg. */
export function formatAdminDateTime(value: string | null | undefined): string {
  const date = formatAdminDate(value);
  if (!date || !value) return '';
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: COOPERATIVE_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(value));
  return `${date} at ${time}`;
}
