import { withdrawalMessages } from '@letsema/domain';
import { and, eq } from 'drizzle-orm';
import { withdrawals } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidState, notFound } from '../../../lib/errors.js';
import { isUuid } from '../../../lib/tokens.js';
import type { PayoutDeps } from '../deps.js';
import { findWithdrawal } from '../withdrawal-view.js';

/** The member takes back a withdrawal not yet paid. */
export async function cancelWithdrawal(deps: PayoutDeps, userId: string, id: string) {
  if (!isUuid(id)) throw notFound(withdrawalMessages.notFound);
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)))
      .for('update');
    if (!before) throw notFound(withdrawalMessages.notFound);
    if (!['requested', 'approved'].includes(before.status)) throw invalidState(withdrawalMessages.notCancellable);
    await tx.update(withdrawals).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(withdrawals.id, id));
    await writeAudit(tx, { actorId: userId, action: 'withdrawal.cancel', targetType: 'withdrawal', targetId: id });
  });
  return findWithdrawal(deps, id, userId);
}
