import { exitMessages, singleChecker } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { exitRequests } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidState } from '../../../lib/errors.js';
import { assertCanDecide } from '../../../lib/maker-checker.js';
import { tell, type PayoutDeps } from '../deps.js';
import { exitForAudit, findExit, lockExit } from '../exit-view.js';

/** An exit admin refuses an exit not yet approved; whoever prepared the settlement does not. */
export async function rejectExit(deps: PayoutDeps, actorId: string, id: string, reason: string) {
  await deps.db.transaction(async (tx) => {
    const before = await lockExit(tx, id);
    if (!['requested', 'settled'].includes(before.status)) throw invalidState(exitMessages.decided);
    if (before.preparedBy) {
      assertCanDecide(
        actorId,
        { makerId: before.preparedBy, amountCents: before.payoutCents ?? 0, approverIds: before.approverIds },
        singleChecker(exitMessages.preparedByYou),
      );
    }
    const [after] = await tx
      .update(exitRequests)
      .set({ status: 'rejected', rejectionReason: reason, decidedBy: actorId, updatedAt: new Date() })
      .where(eq(exitRequests.id, id))
      .returning();
    await writeAudit(tx, {
      actorId,
      action: 'exit.reject',
      targetType: 'exit',
      targetId: id,
      before: exitForAudit(before),
      after: exitForAudit(after),
    });
    await tell(
      deps,
      tx,
      before.userId,
      'Exit request rejected',
      `Your exit request was rejected: ${reason}`,
      '/investments',
    );
  });
  return findExit(deps, id);
}
