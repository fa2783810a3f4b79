import type { ExpenseCategory, IncomeCategory, JournalLineDraft } from './ledger.js';

/**
 * Which accounts each money event posts to, as the lines of its journal entry (debit positive,
 * credit negative). Services post these lines; they never choose accounts themselves.
 */

interface MemberInPool {
  userId: string;
  poolId: string;
}

/** Leaves out the lines of zero cents an entry may not hold. */
function withoutZeros(lines: JournalLineDraft[]): JournalLineDraft[] {
  return lines.filter((line) => line.amountCents !== 0);
}

/** A withdrawal of allocated returns paid out: the member's returns against the bank. */
export function withdrawalPaidLines(event: MemberInPool & { amountCents: number }): JournalLineDraft[] {
  return [
    { account: 'member_returns', userId: event.userId, poolId: event.poolId, amountCents: event.amountCents },
    { account: 'bank', poolId: event.poolId, amountCents: -event.amountCents },
  ];
}

/**
 * An exit paid out: the member's capital and returns leave their accounts, the bank pays the payout
 * and the exit fee stays as other income; the member's loans settled from the payout (`loanLines`)
 * share the entry. Lines of zero cents are left out, so a member who held nothing posts nothing.
 */
export function exitPaidLines(
  event: MemberInPool & { capitalCents: number; returnsCents: number; payoutCents: number; feeCents: number },
  loanLines: readonly JournalLineDraft[] = [],
): JournalLineDraft[] {
  return withoutZeros([
    { account: 'member_capital', userId: event.userId, poolId: event.poolId, amountCents: event.capitalCents },
    { account: 'member_returns', userId: event.userId, poolId: event.poolId, amountCents: event.returnsCents },
    { account: 'bank', poolId: event.poolId, amountCents: -event.payoutCents },
    { account: 'income:other', poolId: event.poolId, amountCents: -event.feeCents },
    ...loanLines,
  ]);
}

/** The loan a line belongs to: loan accounts carry the member, the pool and the loan. */
interface LoanOf {
  id: string;
  userId: string;
  poolId: string;
}

const loanParties = (loan: LoanOf) => ({ userId: loan.userId, poolId: loan.poolId, loanId: loan.id });

/** A loan paid out: the principal moves from the pool's bank to loans receivable. */
export function loanDisbursedLines(loan: LoanOf & { principalCents: number }): JournalLineDraft[] {
  return [
    { account: 'loans_receivable', ...loanParties(loan), amountCents: loan.principalCents },
    { account: 'bank', poolId: loan.poolId, amountCents: -loan.principalCents },
  ];
}

/**
 * What a repayment pays off, as credits: principal off loans receivable, interest into interest
 * income (earned when paid) and penalties off penalties receivable. Parts of zero are left out.
 */
export function loanRepaymentCredits(
  loan: LoanOf,
  split: { principalCents: number; interestCents: number; penaltyCents: number },
): JournalLineDraft[] {
  const of = loanParties(loan);
  return withoutZeros([
    { account: 'loans_receivable', ...of, amountCents: -split.principalCents },
    { account: 'income:loan_interest', ...of, amountCents: -split.interestCents },
    { account: 'loan_penalties_receivable', ...of, amountCents: -split.penaltyCents },
  ]);
}

/** A repayment approved: the money into the pool's bank against what it pays off. */
export function loanRepaidLines(
  loan: LoanOf,
  repayment: { amountCents: number; principalCents: number; interestCents: number; penaltyCents: number },
): JournalLineDraft[] {
  return [
    { account: 'bank', poolId: loan.poolId, amountCents: repayment.amountCents },
    ...loanRepaymentCredits(loan, repayment),
  ];
}

/** A late penalty charged: due from the member, earned as penalty income. */
export function penaltyChargedLines(loan: LoanOf, amountCents: number): JournalLineDraft[] {
  const of = loanParties(loan);
  return [
    { account: 'loan_penalties_receivable', ...of, amountCents },
    { account: 'income:loan_penalties', ...of, amountCents: -amountCents },
  ];
}

/** A late penalty waived: the charge turned back, out of penalty income. */
export function penaltyWaivedLines(loan: LoanOf, amountCents: number): JournalLineDraft[] {
  const of = loanParties(loan);
  return [
    { account: 'income:loan_penalties', ...of, amountCents },
    { account: 'loan_penalties_receivable', ...of, amountCents: -amountCents },
  ];
}

/**
 * An expense or an income approved: an expense is paid from the pool's bank into its expense
 * account, an income received into the bank from its income account.
 */
export function recordApprovedLines(
  record:
    | { kind: 'expense'; category: ExpenseCategory; poolId: string; amountCents: number }
    | { kind: 'income'; category: IncomeCategory; poolId: string; amountCents: number },
): JournalLineDraft[] {
  const { poolId, amountCents } = record;
  return record.kind === 'expense'
    ? [
        { account: `expense:${record.category}`, poolId, amountCents },
        { account: 'bank', poolId, amountCents: -amountCents },
      ]
    : [
        { account: 'bank', poolId, amountCents },
        { account: `income:${record.category}`, poolId, amountCents: -amountCents },
      ];
}
