import { exitMessages, formatRand, ruleForApprovals } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { exitRequests } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidState } from '../../../lib/errors.js';
import { assertCanDecide } from '../../../lib/maker-checker.js';
import { announceWaiting } from '../../queues/announce.js';
import { tell, type PayoutDeps } from '../deps.js';
import { exitForAudit, findExit, lockExit } from '../exit-view.js';

/** Another exit admin approves the settlement; an early exit needs two approvals besides the preparer. */
export async function approveExit(deps: PayoutDeps, actorId: string, id: string) {
  await deps.db.transaction(async (tx) => {
    const before = await lockExit(tx, id);
    if (before.status === 'requested') throw invalidState(exitMessages.settlementFirst);
    if (before.status !== 'settled') throw invalidState(exitMessages.decided);
    const { isFinal } = assertCanDecide(
      actorId,
      { makerId: before.preparedBy!, amountCents: before.payoutCents!, approverIds: before.approverIds },
      ruleForApprovals(before.approvalsNeeded, exitMessages.preparedByYou),
    );
    const [after] = await tx
      .update(exitRequests)
      .set({
        approverIds: [...before.approverIds, actorId],
        ...(isFinal ? { status: 'approved', decidedBy: actorId } : {}),
        updatedAt: new Date(),
      })
      .where(eq(exitRequests.id, id))
      .returning();
    await writeAudit(tx, {
      actorId,
      action: isFinal ? 'exit.approve' : 'exit.first_approval',
      targetType: 'exit',
      targetId: id,
      before: exitForAudit(before),
      after: exitForAudit(after),
    });
    if (isFinal) {
      await tell(
        deps,
        tx,
        before.userId,
        'Exit approved',
        `Your exit settlement of ${formatRand(before.payoutCents!)} has been approved and will be paid to you.`,
        '/investments',
      );
      // Approved, it waits again: for an exit admin who did not approve it to pay it.
      await announceWaiting(tx, 'exits', {
        by: after!.approverIds,
        what: `An exit settlement of ${formatRand(before.payoutCents!)} is approved and waits to be paid by an admin who did not approve it.`,
        publicUrl: deps.config.publicUrl,
      });
    }
  });
  return findExit(deps, id);
}
