import { recordMessages, singleChecker } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../../lib/audit.js';
import { invalidState } from '../../../../lib/errors.js';
import { assertCanDecide } from '../../../../lib/maker-checker.js';
import { recordId, type RecordDeps } from '../deps.js';
import { recordKinds, type RecordType } from '../kinds.js';
import { findRecord, lockRecord } from '../view.js';

/** Another admin rejects a pending record with a reason; nothing is posted. */
export async function rejectRecord(deps: RecordDeps, type: RecordType, actorId: string, rawId: string, reason: string) {
  const kind = recordKinds[type];
  const id = recordId(rawId);
  await deps.db.transaction(async (tx) => {
    const { row: before, record } = await lockRecord(tx, kind, id);
    if (record.status !== 'pending') throw invalidState(recordMessages.decided);
    assertCanDecide(
      actorId,
      { makerId: record.recordedBy, amountCents: record.amountCents, approverIds: record.approverIds },
      singleChecker(),
    );
    const [after] = await tx
      .update(kind.table)
      .set({
        status: 'rejected',
        rejectionReason: reason,
        decidedBy: actorId,
        decidedAt: deps.clock.now(),
        updatedAt: new Date(),
      })
      .where(eq(kind.table.id, id))
      .returning();
    await writeAudit(tx, { actorId, action: `${type}.reject`, targetType: type, targetId: id, before, after });
  });
  return findRecord(deps, kind, id);
}
