import { recordApprovedLines, recordMessages, singleChecker } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../../lib/audit.js';
import { invalidState } from '../../../../lib/errors.js';
import { assertCanDecide } from '../../../../lib/maker-checker.js';
import { postEntry } from '../../../ledger/posting.js';
import { recordId, type RecordDeps } from '../deps.js';
import { categoryLabel, recordKinds, type RecordType } from '../kinds.js';
import { findRecord, lockRecord } from '../view.js';

/**
 * Another admin approves a pending record; the last approval it needs posts its entry, on the
 * record's own date, in the same transaction.
 */
export async function approveRecord(deps: RecordDeps, type: RecordType, actorId: string, rawId: string) {
  const kind = recordKinds[type];
  const id = recordId(rawId);
  await deps.db.transaction(async (tx) => {
    const { row: before, record } = await lockRecord(tx, kind, id);
    if (record.status !== 'pending') throw invalidState(recordMessages.decided);
    const { isFinal } = assertCanDecide(
      actorId,
      { makerId: record.recordedBy, amountCents: record.amountCents, approverIds: record.approverIds },
      record.approvalsNeeded > 1 ? { dualApprovalAboveCents: 0 } : singleChecker(),
    );
    const [after] = await tx
      .update(kind.table)
      .set({
        ...kind.approverColumns([...record.approverIds, actorId]),
        ...(isFinal ? { status: 'approved', decidedBy: actorId, decidedAt: deps.clock.now() } : {}),
        updatedAt: new Date(),
      })
      .where(eq(kind.table.id, id))
      .returning();
    if (isFinal) {
      await postEntry(
        tx,
        {
          effectiveDate: record.date,
          kind: type,
          description: `${kind.title}: ${categoryLabel(kind, record.category)}, ${record.description}`,
          source: { type, id },
          createdBy: record.recordedBy,
          approvedBy: actorId,
          lines: recordApprovedLines({
            kind: type,
            category: record.category,
            poolId: record.poolId,
            amountCents: record.amountCents,
          } as Parameters<typeof recordApprovedLines>[0]),
        },
        { isAdjustment: record.isAdjustment },
      );
    }
    await writeAudit(tx, {
      actorId,
      action: isFinal ? `${type}.approve` : `${type}.first_approval`,
      targetType: type,
      targetId: id,
      before,
      after,
    });
  });
  return findRecord(deps, kind, id);
}
