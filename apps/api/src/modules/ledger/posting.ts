import {
  findUnbalancedReason,
  periodOfDay,
  postingRefusal,
  type BooksCalendar,
  type PostingOptions,
  type JournalKind,
  type JournalLineDraft,
} from '@letsema/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountingPeriods, journalEntries, journalLines, settings } from '../../db/schema.js';
import { invalidState } from '../../lib/errors.js';

/** The `settings` row that holds the month the books start in, as `{ period: 'YYYY-MM' }`. */
export const BOOKS_START_KEY = 'books_start';

export interface EntryDraft {
  /** The cooperative's calendar day it counts on (`YYYY-MM-DD`). */
  effectiveDate: string;
  kind: JournalKind;
  description: string;
  /** What it records; an entry is unique on its source, so nothing posts twice. */
  source: { type: string; id: string };
  createdBy: string | null;
  approvedBy: string | null;
  reversalOf?: string | null;
  lines: readonly JournalLineDraft[];
}

/** The month the books start in, the last closed month and the locked ones, as the period rule reads them. */
export async function readBooksCalendar(tx: Executor): Promise<BooksCalendar> {
  const [[start], [periods]] = await Promise.all([
    tx
      .select({ period: sql<string | null>`${settings.value} ->> 'period'` })
      .from(settings)
      .where(eq(settings.key, BOOKS_START_KEY)),
    tx
      .select({
        lastClosed: sql<
          string | null
        >`max(${accountingPeriods.period}) filter (where ${accountingPeriods.status} = 'closed')`,
        locked: sql<
          string[]
        >`coalesce(json_agg(${accountingPeriods.period}) filter (where ${accountingPeriods.status} = 'locked'), '[]'::json)`,
      })
      .from(accountingPeriods),
  ]);
  return { booksStart: start?.period ?? null, lastClosed: periods?.lastClosed ?? null, locked: periods?.locked ?? [] };
}

/**
 * Refuses anything dated before the books start, in or before the last closed month, or in a month
 * locked for month end (`postingRefusal`), with a message naming the first month that may be used.
 * Call it inside the transaction that will post; the period row is locked so that a month-end step
 * cannot pass it at the same moment.
 */
export async function assertPeriodOpen(tx: Executor, day: string, options: PostingOptions = {}) {
  await tx
    .select({ status: accountingPeriods.status })
    .from(accountingPeriods)
    .where(eq(accountingPeriods.period, periodOfDay(day)))
    .for('share');
  const refusal = postingRefusal(day, await readBooksCalendar(tx), options);
  if (refusal) throw invalidState(refusal);
}

/**
 * Posts one balanced entry in the caller's transaction. The database checks the balance again at
 * commit and refuses a second entry for the same source.
 */
export async function postEntry(
  tx: Executor,
  draft: EntryDraft,
  options: PostingOptions = {},
): Promise<{ id: string; number: number }> {
  const problem = findUnbalancedReason(draft.lines);
  if (problem) throw new Error(`Refusing an unbalanced entry for ${draft.source.type} ${draft.source.id}: ${problem}`);
  // The first posting sets the month the books start in; a second one waits for it on the key.
  await tx
    .insert(settings)
    .values({ key: BOOKS_START_KEY, value: { period: periodOfDay(draft.effectiveDate) } })
    .onConflictDoNothing();
  await assertPeriodOpen(tx, draft.effectiveDate, options);
  const [entry] = await tx
    .insert(journalEntries)
    .values({
      effectiveDate: draft.effectiveDate,
      period: periodOfDay(draft.effectiveDate),
      kind: draft.kind,
      description: draft.description,
      sourceType: draft.source.type,
      sourceId: draft.source.id,
      createdBy: draft.createdBy,
      approvedBy: draft.approvedBy,
      reversalOf: draft.reversalOf ?? null,
    })
    .returning({ id: journalEntries.id, number: journalEntries.number });
  await tx.insert(journalLines).values(
    draft.lines.map((line) => ({
      entryId: entry!.id,
      account: line.account,
      userId: line.userId ?? null,
      poolId: line.poolId ?? null,
      loanId: line.loanId ?? null,
      amountCents: line.amountCents,
    })),
  );
  return entry!;
}

/** The entry number as people quote it. */
export function formatEntryNumber(value: number): string {
  return `JE-${String(value).padStart(6, '0')}`;
}
