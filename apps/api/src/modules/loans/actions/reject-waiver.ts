import { eq } from 'drizzle-orm';
import { loanPenaltyWaivers } from '../../../db/schema.js';
import { writeRejection } from '../../../lib/audit.js';
import type { LoanDeps } from '../deps.js';
import { adminLoan, lockPendingWaiver } from '../loan-queries.js';

export async function rejectWaiver(deps: LoanDeps, actorId: string, id: string, reason: string) {
  const loanId = await deps.db.transaction(async (tx) => {
    const before = await lockPendingWaiver(tx, id, actorId);
    await tx
      .update(loanPenaltyWaivers)
      .set({ status: 'rejected', rejectionReason: reason, decidedBy: actorId, decidedAt: deps.clock.now() })
      .where(eq(loanPenaltyWaivers.id, id));
    await writeRejection(tx, {
      actorId,
      action: 'loan_waiver.reject',
      targetType: 'loan_waiver',
      targetId: id,
      from: before.status,
      reason,
    });
    return before.loanId;
  });
  return adminLoan(deps, loanId);
}
