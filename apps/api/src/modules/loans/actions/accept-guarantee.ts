import { formatLoanNumber, formatRand, loanMessages } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { loans, users } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidState } from '../../../lib/errors.js';
import { type LoanDeps, tell } from '../deps.js';
import { freeCapitalOf } from '../eligibility.js';
import { listViews, loadContexts, lockLoan } from '../loan-queries.js';
import { announceWaiting } from '../../queues/announce.js';

/** The guarantor accepts: their capital is held for the guaranteed part, and the loan goes to the loan admins. */
export async function acceptGuarantee(deps: LoanDeps, userId: string, id: string) {
  await deps.db.transaction(async (tx) => {
    const before = await lockLoan(tx, id, eq(loans.guarantorId, userId));
    if (before.status !== 'awaiting_guarantor' || before.guarantorStatus !== 'requested') {
      throw invalidState(loanMessages.guarantorDecided);
    }
    // The guarantor's capital is counted under their row's lock, so two acceptances cannot both use it.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if ((await freeCapitalOf(tx, userId)) < before.guaranteedCents) {
      throw invalidState(loanMessages.guarantorCapital);
    }
    const now = deps.clock.now();
    const [after] = await tx
      .update(loans)
      .set({ guarantorStatus: 'accepted', guarantorDecidedAt: now, status: 'pending', updatedAt: now })
      .where(eq(loans.id, id))
      .returning();
    await writeAudit(tx, {
      actorId: userId,
      action: 'loan.guarantee_accept',
      targetType: 'loan',
      targetId: id,
      before: { status: before.status, guarantorStatus: before.guarantorStatus },
      after: { status: after!.status, guarantorStatus: after!.guarantorStatus, heldCents: after!.guaranteedCents },
    });
    await tell(
      deps,
      tx,
      before.userId,
      'Your guarantor accepted',
      `Your guarantor accepted to guarantee ${formatRand(before.guaranteedCents)} of loan ${formatLoanNumber(before.number)}. The loan admins will now decide it.`,
    );
    await announceWaiting(tx, 'loans', {
      by: userId,
      what: `Loan ${formatLoanNumber(before.number)} of ${formatRand(before.principalCents)} is guaranteed and waits for a decision.`,
      path: `/admin/loans/${id}`,
      publicUrl: deps.config.publicUrl,
    });
  });
  return listViews(deps, deps.db, await loadContexts(deps.db, eq(loans.id, id), { limit: 1 }), false).then(
    (rows) => rows[0]!,
  );
}
