import { z } from 'zod';
import { formatPeriod, isPeriod, nextPeriod, periodOfDay } from './periods.js';
import { recordMessages } from './records.js';

/**
 * Which months may take a posting. The books start in one month (set by the first posting, or by
 * the super admin before any); nothing is dated before it, nor in or before the last closed month
 * (a month before that one without a row of its own counts as closed), nor in a month locked for
 * month end unless the posting is month end's own or an adjustment (a bank charge, interest, a
 * correction the reconciliation finds), which a locked month takes until it is closed. The server
 * checks every posting with it and the record forms show the same message.
 */
export interface BooksCalendar {
  /** The first month of the books (`YYYY-MM`), or null while nothing has been posted. */
  booksStart: string | null;
  /** The latest closed month, or null while none is. */
  lastClosed: string | null;
  /** The months locked for month end (their steps under way). */
  locked: readonly string[];
}

/** How far back a recorded expense or income may be dated. */
export const RECORD_MONTHS_BACK = 12;

export const postingMessages = {
  beforeStart: (booksStart: string, first: string) =>
    `The books start in ${formatPeriod(booksStart)}: nothing can be dated before it. The first month that may be used is ${formatPeriod(first)}.`,
  closed: (period: string, first: string) =>
    `${formatPeriod(period)} is closed or locked for month end: nothing new can be dated in it. The first month that may be used is ${formatPeriod(first)}.`,
  locked: (period: string, first: string) =>
    `${formatPeriod(period)} is locked for month end: only an adjustment (a bank charge, interest or a correction) can be dated in it until it is closed. The first month that may be used otherwise is ${formatPeriod(first)}.`,
  tooOld: `The date cannot be more than ${RECORD_MONTHS_BACK} months back.`,
  booksStarted: 'The books have started already: their first posting set the month they start in.',
  booksStartRange: (from: string, to: string) => `Choose a month from ${formatPeriod(from)} to ${formatPeriod(to)}.`,
  superAdminOnly: 'Only the super admin can set the month the books start in.',
  nothingToClose: 'Nothing is in the books yet, so there is no month to close.',
  beforeBooksStart: (booksStart: string) =>
    `The books start in ${formatPeriod(booksStart)}: there is nothing to close before it.`,
} as const;

/** What a posting is, where that changes which months take it. */
export interface PostingOptions {
  /** Month end's own posting (the allocation), into the month it is closing. */
  allowLocked?: boolean;
  /** An adjusting entry (a bank charge, interest, a correction): a locked month takes it until it is closed. */
  isAdjustment?: boolean;
}

/**
 * The first month a posting may be dated in, or null when nothing limits it yet (no books start and
 * no closed month). For month end's own postings and adjustments, a locked month counts as usable.
 */
export function firstPostingPeriod(calendar: BooksCalendar, options: PostingOptions = {}): string | null {
  const afterClosed = calendar.lastClosed ? nextPeriod(calendar.lastClosed) : null;
  let first = [calendar.booksStart, afterClosed]
    .filter((value): value is string => Boolean(value))
    .sort()
    .at(-1);
  if (!first) return null;
  if (!options.allowLocked && !options.isAdjustment) {
    // Months are locked and closed in order, so the locked ones follow each other from here.
    for (let guard = 0; calendar.locked.includes(first) && guard < 1200; guard += 1) first = nextPeriod(first);
  }
  return first;
}

/** Why a posting dated `day` (`YYYY-MM-DD`) is refused, or null when its month may take it. */
export function postingRefusal(day: string, calendar: BooksCalendar, options: PostingOptions = {}): string | null {
  const period = periodOfDay(day);
  const first = firstPostingPeriod(calendar, options);
  if (calendar.booksStart && period < calendar.booksStart) {
    return postingMessages.beforeStart(calendar.booksStart, first ?? calendar.booksStart);
  }
  // A closed month takes nothing, not even an adjustment: it is put right by reopening it.
  if (calendar.lastClosed && period <= calendar.lastClosed) {
    return postingMessages.closed(period, first ?? nextPeriod(period));
  }
  const isLocked = calendar.locked.includes(period) && !options.allowLocked && !options.isAdjustment;
  if (isLocked) return postingMessages.locked(period, firstPostingPeriod(calendar) ?? nextPeriod(period));
  return null;
}

/** The earliest day a record may be dated on, `RECORD_MONTHS_BACK` months before `today`. */
export function earliestRecordDay(today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const day = Number(today.slice(8, 10));
  const back = year * 12 + (month - 1) - RECORD_MONTHS_BACK;
  const backYear = Math.floor(back / 12);
  const backMonth = (back % 12) + 1;
  // The same day of the month, or the month's last where it is shorter (29 February, 31 April).
  const lastOfMonth = new Date(Date.UTC(backYear, backMonth, 0)).getUTCDate();
  return `${String(backYear).padStart(4, '0')}-${String(backMonth).padStart(2, '0')}-${String(Math.min(day, lastOfMonth)).padStart(2, '0')}`;
}

/**
 * Why a recorded expense or income may not be dated `day`: in the future, more than twelve months
 * back, or in a month that may take no posting. Null when it may.
 */
export function recordDateRefusal(
  day: string,
  today: string,
  calendar: BooksCalendar,
  options: Pick<PostingOptions, 'isAdjustment'> = {},
): string | null {
  if (day > today) return recordMessages.futureDate;
  if (day < earliestRecordDay(today)) return postingMessages.tooOld;
  return postingRefusal(day, calendar, { isAdjustment: Boolean(options.isAdjustment) });
}

/** The earliest day a record form offers: twelve months back, and never before the first usable month. */
export function earliestRecordDate(
  today: string,
  calendar: BooksCalendar,
  options: Pick<PostingOptions, 'isAdjustment'> = {},
): string {
  const byAge = earliestRecordDay(today);
  const first = firstPostingPeriod(calendar, { isAdjustment: Boolean(options.isAdjustment) });
  const byBooks = first ? `${first}-01` : byAge;
  return byBooks > byAge ? byBooks : byAge;
}

/** `PUT /api/admin/books-start`: the month the books start in, before anything is posted. */
export const booksStartBody = z.object({
  period: z
    .string({ error: 'Choose a month as YYYY-MM' })
    .refine((value) => isPeriod(value), { error: 'Choose a month as YYYY-MM' }),
});
export type BooksStartBody = z.output<typeof booksStartBody>;
