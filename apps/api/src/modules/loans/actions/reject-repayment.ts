import { formatRand } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { loanRepayments } from '../../../db/schema.js';
import { writeRejection } from '../../../lib/audit.js';
import { type LoanDeps, tell } from '../deps.js';
import { lockPendingRepayment, repaymentById } from '../loan-queries.js';

export async function rejectRepayment(deps: LoanDeps, actorId: string, id: string, reason: string) {
  const loanId = await deps.db.transaction(async (tx) => {
    const before = await lockPendingRepayment(tx, id, actorId);
    const now = deps.clock.now();
    await tx
      .update(loanRepayments)
      .set({ status: 'rejected', rejectionReason: reason, decidedBy: actorId, decidedAt: now, updatedAt: now })
      .where(eq(loanRepayments.id, id));
    await writeRejection(tx, {
      actorId,
      action: 'loan_repayment.reject',
      targetType: 'loan_repayment',
      targetId: id,
      from: before.status,
      reason,
    });
    await tell(
      deps,
      tx,
      before.userId,
      'Loan repayment rejected',
      `Your loan repayment of ${formatRand(before.amountCents)} was rejected: ${reason}`,
    );
    return before.loanId;
  });
  return repaymentById(deps, id, loanId);
}
