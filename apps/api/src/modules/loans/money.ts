import {
  capitalHeldForGuaranteesCents,
  instalmentUnpaid,
  openLoanStatuses,
  settlementQuote,
  type GuaranteePledge,
  type InstalmentBalance,
  type RepaymentAllocation,
  type SettlementQuote,
} from '@letsema/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loanInstalments, loanPenalties, loans } from '../../db/schema.js';

export type LoanRow = typeof loans.$inferSelect;
export type InstalmentRow = typeof loanInstalments.$inferSelect;
export type PenaltyRow = typeof loanPenalties.$inferSelect;

/** An instalment with its penalty, as the books hold them, and the arithmetic's view of it. */
export interface InstalmentState {
  row: InstalmentRow;
  penalty: PenaltyRow | null;
  balance: InstalmentBalance;
}

/** An instalment row and its penalty as the schedule arithmetic sees them. */
export function toInstalmentState(instalment: InstalmentRow, penalty: PenaltyRow | null): InstalmentState {
  return {
    row: instalment,
    penalty,
    balance: {
      number: instalment.number,
      dueOn: instalment.dueOn,
      principalCents: instalment.principalCents,
      interestCents: instalment.interestCents,
      penaltyCents: penalty?.amountCents ?? 0,
      principalPaidCents: instalment.principalPaidCents,
      interestPaidCents: instalment.interestPaidCents,
      penaltyPaidCents: penalty?.paidCents ?? 0,
      interestWaivedCents: instalment.interestWaivedCents,
      penaltyWaivedCents: penalty?.waivedCents ?? 0,
    },
  };
}

/** The loan's instalments in order, each with its penalty. */
export async function loadInstalments(tx: Executor, loanId: string): Promise<InstalmentState[]> {
  const rows = await tx
    .select({ instalment: loanInstalments, penalty: loanPenalties })
    .from(loanInstalments)
    .leftJoin(loanPenalties, eq(loanPenalties.instalmentId, loanInstalments.id))
    .where(eq(loanInstalments.loanId, loanId))
    .orderBy(asc(loanInstalments.number));
  return rows.map(({ instalment, penalty }) => toInstalmentState(instalment, penalty));
}

/** What settles an active loan on `asOf` (principal, interest earned, penalties due). */
export function settlementOf(loan: LoanRow, states: InstalmentState[], asOf: string): SettlementQuote {
  return settlementQuote(
    states.map((state) => state.balance),
    asOf,
    loan.disbursedOn ?? asOf,
  );
}

/**
 * Writes a repayment's split into the instalments, their penalties and the loan: paid amounts,
 * interest no longer charged, instalments paid in full, the principal repaid. The loan is repaid
 * when nothing is left on it. Call it with the loan's row locked.
 */
export async function applyAllocation(
  tx: Executor,
  loan: LoanRow,
  states: InstalmentState[],
  allocation: Extract<RepaymentAllocation, { isAllowed: true }>,
  today: string,
  now: Date,
): Promise<{ isRepaid: boolean }> {
  const byNumber = new Map(states.map((state) => [state.row.number, state]));
  for (const part of allocation.parts) {
    const state = byNumber.get(part.number)!;
    const after: InstalmentBalance = {
      ...state.balance,
      principalPaidCents: state.balance.principalPaidCents + part.principalCents,
      interestPaidCents: state.balance.interestPaidCents + part.interestCents,
      interestWaivedCents: state.balance.interestWaivedCents + part.interestWaivedCents,
      penaltyPaidCents: state.balance.penaltyPaidCents + part.penaltyCents,
    };
    const isPaid = instalmentUnpaid(after).totalCents === 0;
    await tx
      .update(loanInstalments)
      .set({
        principalPaidCents: after.principalPaidCents,
        interestPaidCents: after.interestPaidCents,
        interestWaivedCents: after.interestWaivedCents,
        ...(isPaid ? { status: 'paid', paidOn: today } : {}),
        updatedAt: now,
      })
      .where(eq(loanInstalments.id, state.row.id));
    if (part.penaltyCents > 0) {
      await tx
        .update(loanPenalties)
        .set({ paidCents: sql`${loanPenalties.paidCents} + ${part.penaltyCents}`, updatedAt: now })
        .where(eq(loanPenalties.id, state.penalty!.id));
    }
    state.balance = after;
    if (isPaid) state.row = { ...state.row, status: 'paid', paidOn: today };
  }
  return closeIfRepaid(tx, loan, states, allocation.principalCents, now);
}

/** Adds principal repaid to the loan and closes it as repaid when nothing is left on any instalment. */
export async function closeIfRepaid(
  tx: Executor,
  loan: LoanRow,
  states: InstalmentState[],
  principalCents: number,
  now: Date,
): Promise<{ isRepaid: boolean }> {
  const isRepaid = states.every((state) => instalmentUnpaid(state.balance).totalCents === 0);
  await tx
    .update(loans)
    .set({
      principalRepaidCents: sql`${loans.principalRepaidCents} + ${principalCents}`,
      ...(isRepaid ? { status: 'repaid', closedAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(loans.id, loan.id));
  return { isRepaid };
}

/** Loans still asked for or owed. */
export const isOpenLoan = inArray(loans.status, [...openLoanStatuses]);

/** The loans a member guarantees that are still asked for or owed, as the hold on their capital reads them. */
export async function pledgesOf(tx: Executor, userId: string): Promise<GuaranteePledge[]> {
  return tx
    .select({
      loanStatus: loans.status,
      guarantorStatus: loans.guarantorStatus,
      guaranteedCents: loans.guaranteedCents,
    })
    .from(loans)
    .where(and(eq(loans.guarantorId, userId), isOpenLoan));
}

/**
 * The capital a member has pledged as a guarantor (the domain's rule): what accepting another
 * guarantee, an exit and the member's dashboard all read.
 */
export async function guarantorHoldCents(tx: Executor, userId: string): Promise<number> {
  return capitalHeldForGuaranteesCents(await pledgesOf(tx, userId));
}
