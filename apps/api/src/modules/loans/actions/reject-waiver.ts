import { loanMessages, singleChecker } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { loanPenaltyWaivers } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidState, notFound } from '../../../lib/errors.js';
import { assertCanDecide } from '../../../lib/maker-checker.js';
import { isUuid } from '../../../lib/tokens.js';
import type { LoanDeps } from '../deps.js';
import { adminLoan } from '../loan-queries.js';

export async function rejectWaiver(deps: LoanDeps, actorId: string, id: string, reason: string) {
  if (!isUuid(id)) throw notFound(loanMessages.waiverNotFound);
  const loanId = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(loanPenaltyWaivers).where(eq(loanPenaltyWaivers.id, id)).for('update');
    if (!before) throw notFound(loanMessages.waiverNotFound);
    if (before.status !== 'pending') throw invalidState(loanMessages.waiverDecided);
    assertCanDecide(
      actorId,
      { makerId: before.requestedBy, amountCents: before.amountCents, approverIds: [] },
      singleChecker(loanMessages.ownWaiver),
    );
    await tx
      .update(loanPenaltyWaivers)
      .set({ status: 'rejected', rejectionReason: reason, decidedBy: actorId, decidedAt: deps.clock.now() })
      .where(eq(loanPenaltyWaivers.id, id));
    await writeAudit(tx, {
      actorId,
      action: 'loan_waiver.reject',
      targetType: 'loan_waiver',
      targetId: id,
      before: { status: before.status },
      after: { status: 'rejected', reason },
    });
    return before.loanId;
  });
  return adminLoan(deps, loanId);
}
