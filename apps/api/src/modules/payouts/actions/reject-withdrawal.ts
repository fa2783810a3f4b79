import { formatRand, singleChecker, withdrawalMessages } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { withdrawals } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidState, notFound } from '../../../lib/errors.js';
import { assertCanDecide } from '../../../lib/maker-checker.js';
import { isUuid } from '../../../lib/tokens.js';
import { tell, type PayoutDeps } from '../deps.js';
import { findWithdrawal } from '../withdrawal-view.js';

/** An admin (never the member who asked) refuses a withdrawal not yet paid. */
export async function rejectWithdrawal(deps: PayoutDeps, actorId: string, id: string, reason: string) {
  if (!isUuid(id)) throw notFound(withdrawalMessages.notFound);
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    if (!before) throw notFound(withdrawalMessages.notFound);
    if (!['requested', 'approved'].includes(before.status)) throw invalidState(withdrawalMessages.decided);
    assertCanDecide(
      actorId,
      { makerId: before.userId, amountCents: before.amountCents, approverIds: [] },
      singleChecker(),
    );
    await tx
      .update(withdrawals)
      .set({ status: 'rejected', rejectionReason: reason, decidedBy: actorId, updatedAt: new Date() })
      .where(eq(withdrawals.id, id));
    await writeAudit(tx, {
      actorId,
      action: 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: id,
      before: { status: before.status },
      after: { status: 'rejected', reason },
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
