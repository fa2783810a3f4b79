import { formatLoanNumber, loanMessages, undecidedLoanStatuses } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { loans } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidState } from '../../../lib/errors.js';
import { type LoanDeps, tell } from '../deps.js';
import { lockLoan } from '../loan-queries.js';
import { myLoan } from './list-my-loans.js';

/** The member cancels their application before it is paid out. */
export async function cancelLoan(deps: LoanDeps, userId: string, id: string) {
  await deps.db.transaction(async (tx) => {
    const before = await lockLoan(tx, id, eq(loans.userId, userId));
    if (!(undecidedLoanStatuses as readonly string[]).includes(before.status)) {
      throw invalidState(loanMessages.notCancellable);
    }
    const now = deps.clock.now();
    const [after] = await tx
      .update(loans)
      .set({ status: 'cancelled', decidedBy: userId, decidedAt: now, closedAt: now, updatedAt: now })
      .where(eq(loans.id, id))
      .returning();
    await writeAudit(tx, {
      actorId: userId,
      action: 'loan.cancel',
      targetType: 'loan',
      targetId: id,
      before,
      after,
    });
    if (before.guarantorId && before.guarantorStatus !== 'declined') {
      await tell(
        deps,
        tx,
        before.guarantorId,
        'A guarantee is no longer needed',
        `The ${formatLoanNumber(before.number)} loan you were asked to guarantee was cancelled by the member; nothing of your capital is held for it.`,
        '/loans/guarantees',
      );
    }
  });
  return myLoan(deps, userId, id);
}
