import { describe, expect, it } from 'vitest';
import {
  earliestRecordDate,
  earliestRecordDay,
  firstPostingPeriod,
  postingMessages,
  postingRefusal,
  recordDateRefusal,
  type BooksCalendar,
} from './posting-window.js';
import { recordMessages } from './records.js';

const calendar = (overrides: Partial<BooksCalendar> = {}): BooksCalendar => ({
  booksStart: '2026-09',
  lastClosed: null,
  locked: [],
  ...overrides,
});

describe('which months may take a posting', () => {
  it.each([
    ['nothing posted yet: any month', calendar({ booksStart: null }), '2001-01-01', {}, null],
    ['the books start month', calendar(), '2026-09-01', {}, null],
    ['before the books start', calendar(), '2026-08-15', {}, postingMessages.beforeStart('2026-09', '2026-09')],
    [
      'the 2001 typo',
      calendar(),
      '2001-01-01',
      {},
      'The books start in September 2026: nothing can be dated before it. The first month that may be used is September 2026.',
    ],
    [
      'before the books start, with months closed since',
      calendar({ lastClosed: '2026-10' }),
      '2026-08-15',
      {},
      postingMessages.beforeStart('2026-09', '2026-11'),
    ],
    [
      'the last closed month',
      calendar({ lastClosed: '2026-10' }),
      '2026-10-31',
      {},
      'October 2026 is closed or locked for month end: nothing new can be dated in it. The first month that may be used is November 2026.',
    ],
    [
      'a month before the last closed one, without a row of its own',
      calendar({ lastClosed: '2026-10' }),
      '2026-09-30',
      {},
      postingMessages.closed('2026-09', '2026-11'),
    ],
    ['the month after the last closed one', calendar({ lastClosed: '2026-10' }), '2026-11-01', {}, null],
    [
      'a locked month',
      calendar({ lastClosed: '2026-10', locked: ['2026-11'] }),
      '2026-11-20',
      {},
      'November 2026 is locked for month end: only an adjustment (a bank charge, interest or a correction) can be dated in it until it is closed. The first month that may be used otherwise is December 2026.',
    ],
    [
      'a locked month, for an adjustment',
      calendar({ lastClosed: '2026-10', locked: ['2026-11'] }),
      '2026-11-30',
      { isAdjustment: true },
      null,
    ],
    [
      'an open month, for an adjustment',
      calendar({ lastClosed: '2026-10' }),
      '2026-11-03',
      { isAdjustment: true },
      null,
    ],
    [
      'a closed month, even for an adjustment, naming the locked month it may go into',
      calendar({ lastClosed: '2026-10', locked: ['2026-11'] }),
      '2026-10-31',
      { isAdjustment: true },
      postingMessages.closed('2026-10', '2026-11'),
    ],
    [
      'a month before the books start, even for an adjustment',
      calendar({ locked: ['2026-09'] }),
      '2026-08-31',
      { isAdjustment: true },
      postingMessages.beforeStart('2026-09', '2026-09'),
    ],
    [
      'a locked month, for month end itself',
      calendar({ lastClosed: '2026-10', locked: ['2026-11'] }),
      '2026-11-30',
      { allowLocked: true },
      null,
    ],
    [
      'a closed month, even for month end',
      calendar({ lastClosed: '2026-10' }),
      '2026-10-31',
      { allowLocked: true },
      postingMessages.closed('2026-10', '2026-11'),
    ],
    [
      'a closed month while the books start is unknown',
      calendar({ booksStart: null, lastClosed: '2026-10' }),
      '2026-10-01',
      {},
      postingMessages.closed('2026-10', '2026-11'),
    ],
  ])('%s', (_case, books, day, options, refusal) => {
    expect(postingRefusal(day, books, options)).toBe(refusal);
  });

  it.each([
    [calendar({ booksStart: null }), null],
    [calendar(), '2026-09'],
    [calendar({ lastClosed: '2026-10' }), '2026-11'],
    [calendar({ booksStart: '2027-01', lastClosed: '2026-10' }), '2027-01'],
    [calendar({ lastClosed: '2026-10', locked: ['2026-11', '2026-12'] }), '2027-01'],
  ])('the first usable month of %o is %s', (books, first) => {
    expect(firstPostingPeriod(books)).toBe(first);
  });

  it.each([
    [calendar({ lastClosed: '2026-10', locked: ['2026-11'] }), '2026-11'],
    [calendar({ lastClosed: '2026-10' }), '2026-11'],
    [calendar({ booksStart: null }), null],
  ])('the first month an adjustment may use in %o is %s', (books, first) => {
    expect(firstPostingPeriod(books, { isAdjustment: true })).toBe(first);
  });
});

describe('how far back a record may be dated', () => {
  it.each([
    ['2026-11-26', '2025-11-26'],
    ['2026-01-15', '2025-01-15'],
    ['2025-02-28', '2024-02-28'],
    ['2024-02-29', '2023-02-28'],
    ['2026-12-31', '2025-12-31'],
  ])('from %s back to %s', (today, earliest) => {
    expect(earliestRecordDay(today)).toBe(earliest);
  });

  it.each([
    ['tomorrow', '2026-11-27', calendar({ booksStart: null }), recordMessages.futureDate],
    ['today', '2026-11-26', calendar({ booksStart: null }), null],
    ['twelve months back to the day', '2025-11-26', calendar({ booksStart: null }), null],
    ['a day more', '2025-11-25', calendar({ booksStart: null }), 'The date cannot be more than 12 months back.'],
    ['the 2001 typo, before any posting', '2001-01-01', calendar({ booksStart: null }), postingMessages.tooOld],
    [
      'in a closed month',
      '2026-10-05',
      calendar({ lastClosed: '2026-10' }),
      postingMessages.closed('2026-10', '2026-11'),
    ],
    [
      'in a locked month',
      '2026-10-05',
      calendar({ lastClosed: '2026-09', locked: ['2026-10'] }),
      postingMessages.locked('2026-10', '2026-11'),
    ],
  ])('%s', (_case, day, books, refusal) => {
    expect(recordDateRefusal(day, '2026-11-26', books)).toBe(refusal);
  });

  it.each([
    ['in a locked month', '2026-10-31', calendar({ lastClosed: '2026-09', locked: ['2026-10'] }), null],
    [
      'in a closed month',
      '2026-09-30',
      calendar({ lastClosed: '2026-09', locked: ['2026-10'] }),
      postingMessages.closed('2026-09', '2026-10'),
    ],
    ['in the future', '2026-11-27', calendar({ locked: ['2026-10'] }), recordMessages.futureDate],
  ])('an adjustment %s', (_case, day, books, refusal) => {
    expect(recordDateRefusal(day, '2026-11-26', books, { isAdjustment: true })).toBe(refusal);
  });

  it('offers the later of twelve months back and the first usable month', () => {
    expect(earliestRecordDate('2026-11-26', calendar({ booksStart: null }))).toBe('2025-11-26');
    expect(earliestRecordDate('2026-11-26', calendar({ lastClosed: '2026-10' }))).toBe('2026-11-01');
    const locked = calendar({ lastClosed: '2026-09', locked: ['2026-10'] });
    expect(earliestRecordDate('2026-11-26', locked)).toBe('2026-11-01');
    expect(earliestRecordDate('2026-11-26', locked, { isAdjustment: true })).toBe('2026-10-01');
  });
});
