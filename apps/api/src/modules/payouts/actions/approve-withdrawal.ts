import { formatRand, singleChecker } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { withdrawals } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { assertCanDecide } from '../../../lib/maker-checker.js';
import { announceWaiting } from '../../queues/announce.js';
import type { PayoutDeps } from '../deps.js';
import { findWithdrawal, lockWithdrawal } from '../withdrawal-view.js';

/** An admin approves a requested withdrawal; another admin pays it. */
export async function approveWithdrawal(deps: PayoutDeps, actorId: string, id: string) {
  await deps.db.transaction(async (tx) => {
    const before = await lockWithdrawal(tx, id, ['requested']);
    // The member asked for it: an admin who is that member never approves it.
    assertCanDecide(
      actorId,
      { makerId: before.userId, amountCents: before.amountCents, approverIds: [] },
      singleChecker(),
    );
    const [after] = await tx
      .update(withdrawals)
      .set({ status: 'approved', approvedBy: actorId, approvedAt: deps.clock.now(), updatedAt: new Date() })
      .where(eq(withdrawals.id, id))
      .returning();
    await writeAudit(tx, {
      actorId,
      action: 'withdrawal.approve',
      targetType: 'withdrawal',
      targetId: id,
      before: { status: before.status },
      after: { status: after!.status },
    });
    // Approved, it waits again: for an exit admin who did not approve it to pay it.
    await announceWaiting(tx, 'withdrawals', {
      by: actorId,
      what: `A withdrawal of ${formatRand(before.amountCents)} to ${before.accountHolder} is approved and waits to be paid by an admin who did not approve it.`,
      publicUrl: deps.config.publicUrl,
    });
  });
  return findWithdrawal(deps, id);
}
