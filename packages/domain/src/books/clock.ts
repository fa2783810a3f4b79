import { z } from 'zod';

/**
 * The books' clock as the browser needs it: the cooperative's day the books are at, and how many
 * days `CLOCK_OFFSET_DAYS` moves it from the real one (0 outside a rehearsal of a month end).
 */
export const booksClockView = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  offsetDays: z.number().int(),
});
export type BooksClockView = z.infer<typeof booksClockView>;
