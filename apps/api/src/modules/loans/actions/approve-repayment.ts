import { allocateRepayment, dayOf, formatLoanNumber, formatRand, loanMessages, loanRepaidLines } from '@letsema/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { exitRequests, loanRepayments } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidState } from '../../../lib/errors.js';
import { postEntry } from '../../ledger/posting.js';
import { type LoanDeps, tell } from '../deps.js';
import { lockLoan, lockPendingRepayment, repaymentById } from '../loan-queries.js';
import { applyAllocation, loadInstalments } from '../money.js';

/**
 * Approves a repayment once: split into penalty, interest and principal of the oldest open
 * instalments as of the day it was paid (or settling the loan), written into the schedule, and
 * posted to the ledger against the pool's bank.
 */
export async function approveRepayment(deps: LoanDeps, actorId: string, id: string) {
  const loanId = await deps.db.transaction(async (tx) => {
    const before = await lockPendingRepayment(tx, id, actorId);
    const loan = await lockLoan(tx, before.loanId);
    if (loan.status !== 'active') throw invalidState(loanMessages.changedSince(formatRand(0)));
    // A settled exit pays the loan off from the balance it was prepared at: a repayment approved
    // now would leave the exit unpayable.
    const [settledExit] = await tx
      .select({ id: exitRequests.id })
      .from(exitRequests)
      .where(
        and(
          eq(exitRequests.userId, loan.userId),
          eq(exitRequests.poolId, loan.poolId),
          inArray(exitRequests.status, ['settled', 'approved']),
        ),
      )
      .limit(1);
    if (settledExit) throw invalidState(loanMessages.repaymentExitSettled);
    const states = await loadInstalments(tx, loan.id);
    const allocation = allocateRepayment(
      states.map((state) => state.balance),
      before.amountCents,
      before.paidOn,
      loan.disbursedOn!,
    );
    if (!allocation.isAllowed) {
      throw invalidState(loanMessages.changedSince(formatRand(allocation.settlementCents)));
    }
    const now = deps.clock.now();
    const day = dayOf(now);
    const { isRepaid } = await applyAllocation(tx, loan, states, allocation, day, now);
    await postEntry(tx, {
      effectiveDate: day,
      kind: 'loan',
      description: `Loan ${formatLoanNumber(loan.number)} repayment${allocation.isSettlement ? ' (settled early)' : ''}`,
      source: { type: 'loan_repayment', id },
      createdBy: before.userId,
      approvedBy: actorId,
      lines: loanRepaidLines(loan, { ...allocation, amountCents: before.amountCents }),
    });
    const [after] = await tx
      .update(loanRepayments)
      .set({
        status: 'approved',
        penaltyCents: allocation.penaltyCents,
        interestCents: allocation.interestCents,
        principalCents: allocation.principalCents,
        interestWaivedCents: allocation.interestWaivedCents,
        isSettlement: allocation.isSettlement,
        decidedBy: actorId,
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(loanRepayments.id, id))
      .returning();
    await writeAudit(tx, {
      actorId,
      action: 'loan_repayment.approve',
      targetType: 'loan_repayment',
      targetId: id,
      before: { status: before.status, loanPrincipalRepaidCents: loan.principalRepaidCents },
      after: {
        status: after!.status,
        penaltyCents: allocation.penaltyCents,
        interestCents: allocation.interestCents,
        principalCents: allocation.principalCents,
        interestWaivedCents: allocation.interestWaivedCents,
        isSettlement: allocation.isSettlement,
        loanPrincipalRepaidCents: loan.principalRepaidCents + allocation.principalCents,
        isRepaid,
      },
    });
    await tell(
      deps,
      tx,
      before.userId,
      isRepaid ? 'Loan repaid' : 'Loan repayment approved',
      `Your repayment of ${formatRand(before.amountCents)} on loan ${formatLoanNumber(loan.number)} has been approved.` +
        (isRepaid ? ' The loan is now fully repaid. Thank you.' : ''),
    );
    if (isRepaid && loan.guarantorId && loan.guarantorStatus === 'accepted') {
      await tell(
        deps,
        tx,
        loan.guarantorId,
        'Your guarantee has ended',
        `Loan ${formatLoanNumber(loan.number)} that you guaranteed has been repaid; your capital is no longer held for it.`,
        '/loans/guarantees',
      );
    }
    return loan.id;
  });
  return repaymentById(deps, id, loanId);
}
