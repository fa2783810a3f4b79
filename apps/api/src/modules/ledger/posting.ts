import {
  findUnbalancedReason,
  monthEndMessages,
  periodOfDay,
  type JournalKind,
  type JournalLineDraft,
} from '@letsema/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountingPeriods, journalEntries, journalLines } from '../../db/schema.js';
import { invalidState } from '../../lib/errors.js';

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

/**
 * Refuses anything dated in a month that is locked for month end or closed. Call it inside the
 * transaction that will post; the period row is locked so that a month-end step cannot pass it
 * at the same moment.
 */
export async function assertPeriodOpen(tx: Executor, day: string, options: { allowLocked?: boolean } = {}) {
  const period = periodOfDay(day);
  const [row] = await tx
    .select({ status: accountingPeriods.status })
    .from(accountingPeriods)
    .where(eq(accountingPeriods.period, period))
    .for('share');
  if (!row || row.status === 'open') return;
  if (row.status === 'locked' && options.allowLocked) return;
  throw invalidState(monthEndMessages.closedPosting(period));
}

/**
 * Posts one balanced entry in the caller's transaction. The database checks the balance again at
 * commit and refuses a second entry for the same source.
 */
export async function postEntry(
  tx: Executor,
  draft: EntryDraft,
  options: { allowLocked?: boolean } = {},
): Promise<{ id: string; number: number }> {
  const problem = findUnbalancedReason(draft.lines);
  if (problem) throw new Error(`Refusing an unbalanced entry for ${draft.source.type} ${draft.source.id}: ${problem}`);
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
