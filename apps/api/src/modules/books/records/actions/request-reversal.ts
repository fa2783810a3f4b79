import { formatRand, recordMessages } from '@letsema/domain';
import { recordReversalRequests } from '../../../../db/schema.js';
import { writeAudit } from '../../../../lib/audit.js';
import { AppError, invalidState } from '../../../../lib/errors.js';
import { announceWaiting } from '../../../queues/announce.js';
import { approvalsFor, recordId, type RecordDeps } from '../deps.js';
import { recordKinds, type RecordType } from '../kinds.js';
import { findRecord, lockRecord } from '../view.js';

/** An admin asks for an approved record to be reversed, with the reason; other admins decide. */
export async function requestReversal(
  deps: RecordDeps,
  type: RecordType,
  actorId: string,
  rawId: string,
  reason: string,
) {
  const kind = recordKinds[type];
  const id = recordId(rawId);
  await deps.db.transaction(async (tx) => {
    const { record } = await lockRecord(tx, kind, id);
    if (record.status !== 'approved') throw invalidState(recordMessages.notApproved);
    const approvalsNeeded = await approvalsFor(deps, tx, record.amountCents);
    const [request] = await tx
      .insert(recordReversalRequests)
      .values({
        ...(type === 'expense' ? { expenseId: id } : { incomeId: id }),
        amountCents: record.amountCents,
        reason,
        approvalsNeeded,
        requestedBy: actorId,
      })
      .onConflictDoNothing()
      .returning();
    if (!request) throw new AppError('CONFLICT', recordMessages.reversalPending);
    await writeAudit(tx, {
      actorId,
      action: `${type}.reversal_request`,
      targetType: type,
      targetId: id,
      after: request,
    });
    await announceWaiting(tx, kind.reversalQueue, {
      by: actorId,
      what: `${kind.named} of ${formatRand(record.amountCents)} is asked to be reversed: ${reason}`,
      publicUrl: deps.config.publicUrl,
    });
  });
  return findRecord(deps, kind, id);
}
