import {
  allocateRepayment,
  formatLoanNumber,
  formatRand,
  loanMessages,
  undecidedLoanStatuses,
  type JournalLineDraft,
  loanRepaymentCredits,
} from '@letsema/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loanRepayments, loans } from '../../db/schema.js';
import { invalidState } from '../../lib/errors.js';
import { applyAllocation, guarantorHoldCents, loadInstalments, settlementOf } from './money.js';

/**
 * What an exit must respect of the member's loans, when its settlement is prepared: no capital held
 * for other members' loans they guarantee (the settlement is refused until those are repaid), no
 * application still undecided, and their own active loans in the pool settled from the payout
 * first, as of the day the settlement is prepared. Answers what those loans take from the payout.
 */
export async function loansToSettleOnExit(
  tx: Executor,
  exit: { userId: string; poolId: string },
  asOf: string,
): Promise<number> {
  const held = await guarantorHoldCents(tx, exit.userId);
  if (held > 0) throw invalidState(loanMessages.holdActive(formatRand(held)));
  const [undecided] = await tx
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.userId, exit.userId), inArray(loans.status, [...undecidedLoanStatuses])))
    .limit(1);
  if (undecided) throw invalidState(loanMessages.loanUndecided);
  let total = 0;
  for (const loan of await activeLoans(tx, exit, false)) {
    total += settlementOf(loan, await loadInstalments(tx, loan.id), asOf).totalCents;
  }
  return total;
}

async function activeLoans(tx: Executor, exit: { userId: string; poolId: string }, lock: boolean) {
  const query = tx
    .select()
    .from(loans)
    .where(and(eq(loans.userId, exit.userId), eq(loans.poolId, exit.poolId), eq(loans.status, 'active')))
    .orderBy(asc(loans.number));
  return lock ? query.for('update') : query;
}

/**
 * Settles the member's active loans in the pool from an exit payout, inside the payout's
 * transaction: each loan gets an approved repayment (from the exit, no proof) split as an early
 * settlement as of `asOf`, its schedule is closed, and the answer is the lines the exit's journal
 * entry adds (principal out of loans receivable, interest and penalties earned). Refuses when the
 * loans no longer come to what the settlement set aside.
 */
export async function settleLoansFromExit(
  tx: Executor,
  exit: { id: string; userId: string; poolId: string; preparedBy: string | null; loanSettlementCents: number },
  asOf: string,
  now: Date,
  changedMessage: string,
): Promise<JournalLineDraft[]> {
  const lines: JournalLineDraft[] = [];
  let total = 0;
  for (const loan of await activeLoans(tx, exit, true)) {
    const states = await loadInstalments(tx, loan.id);
    const quote = settlementOf(loan, states, asOf);
    total += quote.totalCents;
    if (quote.totalCents === 0) continue;
    const allocation = allocateRepayment(
      states.map((state) => state.balance),
      quote.totalCents,
      asOf,
      loan.disbursedOn!,
    );
    if (!allocation.isAllowed) throw invalidState(changedMessage);
    await applyAllocation(tx, loan, states, allocation, asOf, now);
    await tx.insert(loanRepayments).values({
      loanId: loan.id,
      userId: loan.userId,
      amountCents: quote.totalCents,
      paymentMethod: `Exit payout (${formatLoanNumber(loan.number)})`,
      proofUrl: null,
      status: 'approved',
      paidOn: asOf,
      penaltyCents: allocation.penaltyCents,
      interestCents: allocation.interestCents,
      principalCents: allocation.principalCents,
      interestWaivedCents: allocation.interestWaivedCents,
      isSettlement: true,
      exitRequestId: exit.id,
      decidedBy: exit.preparedBy,
      decidedAt: now,
    });
    lines.push(...loanRepaymentCredits(loan, allocation));
  }
  if (total !== exit.loanSettlementCents) throw invalidState(changedMessage);
  return lines;
}
