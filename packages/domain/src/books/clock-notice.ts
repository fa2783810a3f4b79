import type { BooksClockView } from './clock.js';

// Apart from the schema, so that the shells that show the notice do not download zod.
/** What every screen says while the books' clock is moved, so nobody takes a rehearsal for the real books. */
export function describeMovedClock(clock: BooksClockView): string | null {
  if (clock.offsetDays === 0) return null;
  const days = Math.abs(clock.offsetDays) === 1 ? 'day' : 'days';
  const direction = clock.offsetDays > 0 ? 'ahead' : 'back';
  return `Rehearsal: the books' clock is moved ${Math.abs(clock.offsetDays)} ${days} ${direction}. Today in the books is ${clock.day}.`;
}
