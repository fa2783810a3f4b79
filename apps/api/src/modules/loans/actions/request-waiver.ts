import { formatLoanNumber, formatRand, loanMessages } from '@letsema/domain';
import { and, eq } from 'drizzle-orm';
import { loanPenalties, loanPenaltyWaivers } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { conflict, invalidState, notFound } from '../../../lib/errors.js';
import { isUuid } from '../../../lib/tokens.js';
import type { LoanDeps } from '../deps.js';
import { adminLoan, assertNotParty, lockLoan } from '../loan-queries.js';
import { announceWaiting } from '../../queues/announce.js';

export async function requestWaiver(
  deps: LoanDeps,
  actorId: string,
  loanId: string,
  penaltyId: string,
  reason: string,
) {
  if (!isUuid(penaltyId)) throw notFound(loanMessages.penaltyNotFound);
  await deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, loanId);
    assertNotParty(actorId, loan);
    const [penalty] = await tx
      .select()
      .from(loanPenalties)
      .where(and(eq(loanPenalties.id, penaltyId), eq(loanPenalties.loanId, loan.id)));
    if (!penalty) throw notFound(loanMessages.penaltyNotFound);
    const unpaid = penalty.amountCents - penalty.paidCents - penalty.waivedCents;
    if (unpaid <= 0) throw invalidState(loanMessages.nothingToWaive);
    const [row] = await tx
      .insert(loanPenaltyWaivers)
      .values({ penaltyId, loanId: loan.id, amountCents: unpaid, reason, requestedBy: actorId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(loanMessages.waiverPending);
    await writeAudit(tx, {
      actorId,
      action: 'loan_waiver.request',
      targetType: 'loan_waiver',
      targetId: row.id,
      after: row,
    });
    await announceWaiting(tx, 'loanWaivers', {
      by: actorId,
      what: `A late penalty of ${formatRand(unpaid)} on ${formatLoanNumber(loan.number)} is asked to be waived: ${reason}`,
      path: `/admin/loans/${loan.id}`,
      publicUrl: deps.config.publicUrl,
    });
  });
  return adminLoan(deps, loanId);
}
