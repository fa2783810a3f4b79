import {
  dayOf,
  formatLoanNumber,
  formatRand,
  instalmentUnpaid,
  loanMessages,
  penaltyWaivedLines,
} from '@letsema/domain';
import { and, eq, sql } from 'drizzle-orm';
import { journalEntries, loanInstalments, loanPenalties, loanPenaltyWaivers } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidState } from '../../../lib/errors.js';
import { postEntry } from '../../ledger/posting.js';
import { type LoanDeps, tell } from '../deps.js';
import { adminLoan, assertNotParty, lockLoan, lockPendingWaiver } from '../loan-queries.js';
import { closeIfRepaid, loadInstalments } from '../money.js';

/** A second admin waives what is left of the penalty: a reversing entry takes it out of penalty income. */
export async function approveWaiver(deps: LoanDeps, actorId: string, id: string) {
  const loanId = await deps.db.transaction(async (tx) => {
    const before = await lockPendingWaiver(tx, id, actorId);
    const loan = await lockLoan(tx, before.loanId);
    assertNotParty(actorId, loan);
    const [penalty] = await tx.select().from(loanPenalties).where(eq(loanPenalties.id, before.penaltyId)).for('update');
    const waived = Math.min(before.amountCents, penalty!.amountCents - penalty!.paidCents - penalty!.waivedCents);
    if (waived <= 0) throw invalidState(loanMessages.nothingToWaive);
    const now = deps.clock.now();
    const day = dayOf(now);
    await tx
      .update(loanPenalties)
      .set({ waivedCents: sql`${loanPenalties.waivedCents} + ${waived}`, updatedAt: now })
      .where(eq(loanPenalties.id, penalty!.id));
    const [charged] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(and(eq(journalEntries.sourceType, 'loan_penalty'), eq(journalEntries.sourceId, penalty!.id)));
    await postEntry(tx, {
      effectiveDate: day,
      kind: 'reversal',
      description: `Loan ${formatLoanNumber(loan.number)} late penalty waived`,
      source: { type: 'loan_penalty_waiver', id },
      createdBy: before.requestedBy,
      approvedBy: actorId,
      reversalOf: charged?.id ?? null,
      lines: penaltyWaivedLines(loan, waived),
    });
    await tx
      .update(loanPenaltyWaivers)
      .set({ status: 'approved', amountCents: waived, decidedBy: actorId, decidedAt: now })
      .where(eq(loanPenaltyWaivers.id, id));
    // The waiver may leave the instalment, or the whole loan, with nothing owed.
    const states = await loadInstalments(tx, loan.id);
    const state = states.find((s) => s.penalty?.id === penalty!.id)!;
    if (state.row.status !== 'paid' && instalmentUnpaid(state.balance).totalCents === 0) {
      await tx
        .update(loanInstalments)
        .set({ status: 'paid', paidOn: day, updatedAt: now })
        .where(eq(loanInstalments.id, state.row.id));
    }
    if (loan.status === 'active') await closeIfRepaid(tx, loan, states, 0, now);
    await writeAudit(tx, {
      actorId,
      action: 'loan_waiver.approve',
      targetType: 'loan_waiver',
      targetId: id,
      before: { status: before.status, penaltyWaivedCents: penalty!.waivedCents },
      after: { status: 'approved', penaltyWaivedCents: penalty!.waivedCents + waived },
    });
    await tell(
      deps,
      tx,
      loan.userId,
      'Late penalty waived',
      `The late penalty of ${formatRand(waived)} on loan ${formatLoanNumber(loan.number)} has been waived.`,
    );
    return loan.id;
  });
  return adminLoan(deps, loanId);
}
