import { formatLoanNumber, formatRand, loanMessages, ruleForApprovals } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { loans } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidState } from '../../../lib/errors.js';
import { assertCanDecide } from '../../../lib/maker-checker.js';
import { announceWaiting } from '../../queues/announce.js';
import { type LoanDeps, tell, today } from '../deps.js';
import { hasOpenExit, isInArrears } from '../eligibility.js';
import { adminLoan, assertNotParty, lockLoan } from '../loan-queries.js';
import { readLoanSettings } from '../settings.js';

/** Approves a loan waiting for approval; above the dual-approval amount it takes two different admins. */
export async function approveLoan(deps: LoanDeps, actorId: string, id: string) {
  await deps.db.transaction(async (tx) => {
    const before = await lockLoan(tx, id);
    if (before.status === 'awaiting_guarantor') throw invalidState(loanMessages.guarantorFirst);
    if (before.status !== 'pending') throw invalidState(loanMessages.decided);
    const { isFinal } = assertCanDecide(
      actorId,
      { makerId: before.userId, amountCents: before.principalCents, approverIds: before.approverIds },
      ruleForApprovals(before.approvalsNeeded, loanMessages.ownLoan),
    );
    assertNotParty(actorId, before);
    const day = today(deps);
    if (!(await readLoanSettings(tx)).isEnabled) throw invalidState(loanMessages.lendingOff);
    if (await hasOpenExit(tx, before.userId)) throw invalidState(loanMessages.exitInNotice);
    if (await isInArrears(tx, before.userId, day)) throw invalidState(loanMessages.inArrears);
    const now = deps.clock.now();
    const [after] = await tx
      .update(loans)
      .set({
        approverIds: [...before.approverIds, actorId],
        ...(isFinal ? { status: 'approved', approvedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(loans.id, id))
      .returning();
    await writeAudit(tx, {
      actorId,
      action: 'loan.approve',
      targetType: 'loan',
      targetId: id,
      before: { status: before.status, approverIds: before.approverIds },
      after: { status: after!.status, approverIds: after!.approverIds },
    });
    if (isFinal) {
      await tell(
        deps,
        tx,
        before.userId,
        'Loan approved',
        `Your loan ${formatLoanNumber(before.number)} of ${formatRand(before.principalCents)} has been approved. We will let you know when it is paid out.`,
      );
      // Approved, it waits again: for a loan admin who did not approve it to pay it out.
      await announceWaiting(tx, 'loans', {
        by: after!.approverIds,
        what: `Loan ${formatLoanNumber(before.number)} of ${formatRand(before.principalCents)} is approved and waits to be paid out by an admin who did not approve it.`,
        path: `/admin/loans/${id}`,
        publicUrl: deps.config.publicUrl,
      });
    }
  });
  return adminLoan(deps, id);
}
