import { formatLoanNumber, loanMessages } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { loans } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidState } from '../../../lib/errors.js';
import { type LoanDeps, tell } from '../deps.js';
import { listViews, loadContexts, lockLoan } from '../loan-queries.js';

/** The guarantor declines: the application stops there. */
export async function declineGuarantee(deps: LoanDeps, userId: string, id: string) {
  await deps.db.transaction(async (tx) => {
    const before = await lockLoan(tx, id, eq(loans.guarantorId, userId));
    if (before.status !== 'awaiting_guarantor' || before.guarantorStatus !== 'requested') {
      throw invalidState(loanMessages.guarantorDecided);
    }
    const now = deps.clock.now();
    await tx
      .update(loans)
      .set({
        guarantorStatus: 'declined',
        guarantorDecidedAt: now,
        status: 'guarantor_declined',
        closedAt: now,
        updatedAt: now,
      })
      .where(eq(loans.id, id));
    await writeAudit(tx, {
      actorId: userId,
      action: 'loan.guarantee_decline',
      targetType: 'loan',
      targetId: id,
      before: { status: before.status, guarantorStatus: before.guarantorStatus },
      after: { status: 'guarantor_declined', guarantorStatus: 'declined' },
    });
    await tell(
      deps,
      tx,
      before.userId,
      'Your guarantor declined',
      `The member you asked declined to guarantee loan ${formatLoanNumber(before.number)}, so the application has stopped. You may apply again with another guarantor.`,
    );
  });
  return listViews(deps, deps.db, await loadContexts(deps.db, eq(loans.id, id), { limit: 1 }), false).then(
    (rows) => rows[0]!,
  );
}
