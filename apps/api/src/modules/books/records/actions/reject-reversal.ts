import { eq } from 'drizzle-orm';
import { recordReversalRequests } from '../../../../db/schema.js';
import { writeAudit } from '../../../../lib/audit.js';
import { recordId, type RecordDeps } from '../deps.js';
import { recordKinds, type RecordType } from '../kinds.js';
import { assertMayDecideReversal, lockPendingReversal } from '../reversal.js';
import { findRecord, lockRecord } from '../view.js';

/** Refuses the reversal waiting on a record, with a reason; the record stays as it was. */
export async function rejectReversal(
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
    const before = await lockPendingReversal(tx, kind, id);
    assertMayDecideReversal(actorId, before, record, false);
    const [after] = await tx
      .update(recordReversalRequests)
      .set({ status: 'rejected', rejectionReason: reason, decidedBy: actorId, decidedAt: deps.clock.now() })
      .where(eq(recordReversalRequests.id, before.id))
      .returning();
    await writeAudit(tx, {
      actorId,
      action: `${type}.reversal_reject`,
      targetType: type,
      targetId: id,
      before,
      after,
    });
  });
  return findRecord(deps, kind, id);
}
