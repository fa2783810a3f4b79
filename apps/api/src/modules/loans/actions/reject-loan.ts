import { formatLoanNumber, loanMessages, undecidedLoanStatuses } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { loans } from '../../../db/schema.js';
import { writeRejection } from '../../../lib/audit.js';
import { invalidState } from '../../../lib/errors.js';
import { type LoanDeps, tell } from '../deps.js';
import { adminLoan, assertNotParty, lockLoan } from '../loan-queries.js';

/** Refuses a loan before it is paid out, with a reason; a guarantor's hold ends with it. */
export async function rejectLoan(deps: LoanDeps, actorId: string, id: string, reason: string) {
  await deps.db.transaction(async (tx) => {
    const before = await lockLoan(tx, id);
    if (!(undecidedLoanStatuses as readonly string[]).includes(before.status)) {
      throw invalidState(loanMessages.decided);
    }
    assertNotParty(actorId, before);
    const now = deps.clock.now();
    await tx
      .update(loans)
      .set({
        status: 'rejected',
        rejectionReason: reason,
        decidedBy: actorId,
        decidedAt: now,
        closedAt: now,
        updatedAt: now,
      })
      .where(eq(loans.id, id));
    await writeRejection(tx, {
      actorId,
      action: 'loan.reject',
      targetType: 'loan',
      targetId: id,
      from: before.status,
      reason,
    });
    await tell(
      deps,
      tx,
      before.userId,
      'Loan application rejected',
      `Your application for loan ${formatLoanNumber(before.number)} was rejected: ${reason}`,
    );
    if (before.guarantorId && before.guarantorStatus !== 'declined') {
      await tell(
        deps,
        tx,
        before.guarantorId,
        'A guarantee is no longer needed',
        `The loan ${formatLoanNumber(before.number)} you were asked to guarantee was not granted; nothing of your capital is held for it.`,
        '/loans/guarantees',
      );
    }
  });
  return adminLoan(deps, id);
}
