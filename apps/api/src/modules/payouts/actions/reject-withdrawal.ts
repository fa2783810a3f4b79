import { formatRand, singleChecker } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { withdrawals } from '../../../db/schema.js';
import { writeRejection } from '../../../lib/audit.js';
import { assertCanDecide } from '../../../lib/maker-checker.js';
import { tell, type PayoutDeps } from '../deps.js';
import { findWithdrawal, lockWithdrawal } from '../withdrawal-view.js';

/** An admin (never the member who asked) refuses a withdrawal not yet paid. */
export async function rejectWithdrawal(deps: PayoutDeps, actorId: string, id: string, reason: string) {
  await deps.db.transaction(async (tx) => {
    const before = await lockWithdrawal(tx, id, ['requested', 'approved']);
    assertCanDecide(
      actorId,
      { makerId: before.userId, amountCents: before.amountCents, approverIds: [] },
      singleChecker(),
    );
    await tx
      .update(withdrawals)
      .set({ status: 'rejected', rejectionReason: reason, decidedBy: actorId, updatedAt: new Date() })
      .where(eq(withdrawals.id, id));
    await writeRejection(tx, {
      actorId,
      action: 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: id,
      from: before.status,
      reason,
    });
    await tell(
      deps,
      tx,
      before.userId,
      'Withdrawal rejected',
      `Your withdrawal of ${formatRand(before.amountCents)} was rejected: ${reason}`,
      '/investments',
    );
  });
  return findWithdrawal(deps, id);
}
