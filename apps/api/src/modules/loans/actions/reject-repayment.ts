import { formatRand, loanMessages, singleChecker } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { loanRepayments } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidState, notFound } from '../../../lib/errors.js';
import { assertCanDecide } from '../../../lib/maker-checker.js';
import { isUuid } from '../../../lib/tokens.js';
import { type LoanDeps, tell } from '../deps.js';
import { repaymentById } from '../loan-queries.js';

export async function rejectRepayment(deps: LoanDeps, actorId: string, id: string, reason: string) {
  if (!isUuid(id)) throw notFound(loanMessages.repaymentNotFound);
  const loanId = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(loanRepayments).where(eq(loanRepayments.id, id)).for('update');
    if (!before) throw notFound(loanMessages.repaymentNotFound);
    if (before.status !== 'pending') throw invalidState(loanMessages.repaymentDecided);
    assertCanDecide(
      actorId,
      { makerId: before.userId, amountCents: before.amountCents, approverIds: [] },
      singleChecker(loanMessages.ownRepayment),
    );
    const now = deps.clock.now();
    await tx
      .update(loanRepayments)
      .set({ status: 'rejected', rejectionReason: reason, decidedBy: actorId, decidedAt: now, updatedAt: now })
      .where(eq(loanRepayments.id, id));
    await writeAudit(tx, {
      actorId,
      action: 'loan_repayment.reject',
      targetType: 'loan_repayment',
      targetId: id,
      before: { status: before.status },
      after: { status: 'rejected', reason },
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
