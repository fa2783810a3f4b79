import { dayOf, recordMessages, reversingLines, type LedgerAccount } from '@letsema/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { journalEntries, journalLines, recordReversalRequests } from '../../../../db/schema.js';
import { writeAudit } from '../../../../lib/audit.js';
import { invalidState } from '../../../../lib/errors.js';
import { postEntry } from '../../../ledger/posting.js';
import { recordId, type RecordDeps } from '../deps.js';
import { recordKinds, type RecordKind, type RecordType } from '../kinds.js';
import { assertMayDecideReversal, lockPendingReversal } from '../reversal.js';
import { findRecord, lockRecord } from '../view.js';

/**
 * Approves the reversal waiting on a record; the last approval needed posts the reversing entry,
 * dated today (a record in a closed month is corrected in the open one), and marks it reversed.
 */
export async function approveReversal(deps: RecordDeps, type: RecordType, actorId: string, rawId: string) {
  const kind = recordKinds[type];
  const id = recordId(rawId);
  await deps.db.transaction(async (tx) => {
    const { record } = await lockRecord(tx, kind, id);
    const before = await lockPendingReversal(tx, kind, id);
    const { isFinal } = assertMayDecideReversal(actorId, before, record, true);
    const now = deps.clock.now();
    const [after] = await tx
      .update(recordReversalRequests)
      .set({
        approverIds: [...before.approverIds, actorId],
        ...(isFinal ? { status: 'approved', decidedBy: actorId, decidedAt: now } : {}),
      })
      .where(eq(recordReversalRequests.id, before.id))
      .returning();
    if (isFinal) {
      if (record.status !== 'approved') throw invalidState(recordMessages.notApproved);
      await postReversal(tx, kind, {
        id,
        requesterId: before.requestedBy,
        actorId,
        reason: before.reason,
        today: dayOf(now),
      });
      await tx
        .update(kind.table)
        .set({
          status: 'reversed',
          reversalReason: before.reason,
          reversedBy: actorId,
          reversedAt: now,
          updatedAt: new Date(),
        })
        .where(eq(kind.table.id, id));
    }
    await writeAudit(tx, {
      actorId,
      action: isFinal ? `${type}.reverse` : `${type}.reversal_first_approval`,
      targetType: type,
      targetId: id,
      before,
      after,
    });
  });
  return findRecord(deps, kind, id);
}

/**
 * Posts the entry that undoes a record's approval, dated today (an approval in a closed month is
 * corrected in the open one). Once only: the reversal is unique on the entry it undoes.
 */
async function postReversal(
  tx: Executor,
  kind: RecordKind,
  input: { id: string; requesterId: string; actorId: string; reason: string; today: string },
) {
  const [original] = await tx
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.sourceType, kind.type), eq(journalEntries.sourceId, input.id)));
  if (!original) throw invalidState(recordMessages.notApproved);
  const lines = await tx.select().from(journalLines).where(eq(journalLines.entryId, original.id));
  await postEntry(tx, {
    effectiveDate: input.today,
    kind: 'reversal',
    description: `Correction of ${kind.label}: ${input.reason}`,
    source: { type: 'reversal', id: original.id },
    createdBy: input.requesterId,
    approvedBy: input.actorId,
    reversalOf: original.id,
    lines: reversingLines(
      lines.map((line) => ({
        account: line.account as LedgerAccount,
        userId: line.userId,
        poolId: line.poolId,
        amountCents: line.amountCents,
      })),
    ),
  });
}
