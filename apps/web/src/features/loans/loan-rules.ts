import type { LoanInstalment, LoanQuote, LoanRepayment, LoanSummary } from '@letsema/domain';
import {
  centsToRand,
  formatRand,
  LOAN_LIMITS,
  loanMessages,
  type LoanStatus,
  type LoanType,
  loanTypes,
  type PenaltyType,
  randAmountToCents,
  randToCents,
  undecidedLoanStatuses,
} from '@letsema/domain';
import type { LoanQuoteRequest } from './api';

/** What the application form holds, as typed. */
export interface LoanApplicationValues {
  type: string;
  amount: string;
  termMonths: string;
  poolId: string;
  purpose: string;
  guarantor: string;
}

/** What the repayment form holds, as typed. */
export interface LoanRepaymentValues {
  amount: string;
  paymentMethod: string;
  proofUrl: string;
}

/** What the application form's rules need besides the fields: whether the quote asks for a guarantor. */
export interface LoanApplicationContext {
  isGuarantorNeeded: boolean;
  /** The part a guarantor would cover, in rand. */
  guaranteedAmount: number;
}

/** What the repayment form's rules need besides the fields: the most that may be paid now, in cents. */
export interface LoanRepaymentContext {
  ceilingCents: number;
}

/**
 * The quote to ask for while the member types: null until the type, amount and term can be quoted
 * (the server would refuse them as a body), so half-typed values do not send requests that fail.
 */
export function getQuoteRequest(
  values: Pick<LoanApplicationValues, 'type' | 'amount' | 'termMonths' | 'poolId'>,
): LoanQuoteRequest | null {
  if (!(loanTypes as readonly string[]).includes(values.type)) return null;
  const cents = randToCents(values.amount);
  if (cents === null || cents <= 0 || cents > LOAN_LIMITS.maxAmountCents) return null;
  const term = values.termMonths.trim();
  if (!/^\d{1,3}$/.test(term)) return null;
  const termMonths = Number(term);
  if (termMonths < 1 || termMonths > LOAN_LIMITS.maxTermMonths) return null;
  return {
    type: values.type as LoanType,
    amount: centsToRand(cents),
    termMonths,
    ...(values.poolId ? { poolId: values.poolId } : {}),
  };
}

/** Whether a quote answers the request (the form may have changed since it was asked). */
export function isQuoteFor(quote: Pick<LoanQuote, 'type' | 'amount' | 'termMonths'>, request: LoanQuoteRequest) {
  return (
    quote.type === request.type &&
    randAmountToCents(quote.amount) === randAmountToCents(request.amount) &&
    quote.termMonths === request.termMonths
  );
}

/** The server's message when a guarantor is needed and none is given; null otherwise. */
export function getGuarantorProblem(context: LoanApplicationContext, guarantor: string): string | null {
  if (!context.isGuarantorNeeded || guarantor.trim() !== '') return null;
  return loanMessages.guarantorNeeded(formatRand(randAmountToCents(context.guaranteedAmount)));
}

/** The server's message when a repayment is more than may be paid now; null otherwise. */
export function getRepaymentProblem(context: LoanRepaymentContext, amountCents: number): string | null {
  return amountCents > context.ceilingCents
    ? loanMessages.tooMuch(formatRand(Math.max(context.ceilingCents, 0)))
    : null;
}

/** The most a member may pay now, in cents: what settles the loan today less repayments still being checked. */
export function getRepaymentCeilingCents(
  settlement: { amount: number } | null,
  repayments: readonly Pick<LoanRepayment, 'amount' | 'status'>[],
): number {
  if (!settlement) return 0;
  const waiting = repayments
    .filter((repayment) => repayment.status === 'pending')
    .reduce((sum, repayment) => sum + randAmountToCents(repayment.amount), 0);
  return Math.max(randAmountToCents(settlement.amount) - waiting, 0);
}

/**
 * The day a loan's instalments are judged on: the books' day the server answered with the loan (its
 * settlement figure's date, while it is being repaid), so that the states agree with the arrears the
 * server counted whatever the device's clock says; the device's own day (`YYYY-MM-DD`) otherwise.
 */
export function getBooksDay(loan: { settlement: { asOf: string } | null }, deviceDay: string): string {
  return loan.settlement?.asOf ?? deviceDay;
}

export type InstalmentState = 'paid' | 'overdue' | 'partly_paid' | 'next' | 'upcoming';

export const instalmentStateLabels: Record<InstalmentState, string> = {
  paid: 'Paid',
  overdue: 'Overdue',
  partly_paid: 'Partly paid',
  next: 'Due next',
  upcoming: 'Upcoming',
};

export interface InstalmentRow extends LoanInstalment {
  state: InstalmentState;
  stateLabel: string;
}

/**
 * Each instalment's state as the member reads it on `today` (`YYYY-MM-DD`): paid; overdue once its
 * day has passed unpaid (or the server says so); partly paid; the next one to pay; or upcoming.
 */
export function describeInstalments(instalments: readonly LoanInstalment[], today: string): InstalmentRow[] {
  const ordered = [...instalments].sort((a, b) => a.number - b.number);
  let hasNext = false;
  return ordered.map((row) => {
    let state: InstalmentState;
    if (row.status === 'paid' || randAmountToCents(row.unpaid) === 0) state = 'paid';
    else if (row.status === 'overdue' || row.dueOn < today) state = 'overdue';
    else if (randAmountToCents(row.paid) > 0) state = 'partly_paid';
    else if (!hasNext) state = 'next';
    else state = 'upcoming';
    if (state !== 'paid') hasNext = true;
    return { ...row, state, stateLabel: instalmentStateLabels[state] };
  });
}

/** The totals of a loan's schedule, in cents. */
export function sumInstalments(
  instalments: readonly Pick<LoanInstalment, 'principal' | 'interest' | 'penalty' | 'amount' | 'paid' | 'unpaid'>[],
) {
  const sum = (pick: (row: (typeof instalments)[number]) => number) =>
    instalments.reduce((total, row) => total + randAmountToCents(pick(row)), 0);
  return {
    principalCents: sum((row) => row.principal),
    interestCents: sum((row) => row.interest),
    penaltyCents: sum((row) => row.penalty),
    amountCents: sum((row) => row.amount),
    paidCents: sum((row) => row.paid),
    unpaidCents: sum((row) => row.unpaid),
  };
}

/** The totals of a quoted schedule, in cents. */
export function sumQuotedInstalments(instalments: readonly { principal: number; interest: number; amount: number }[]) {
  return {
    principalCents: instalments.reduce((total, row) => total + randAmountToCents(row.principal), 0),
    interestCents: instalments.reduce((total, row) => total + randAmountToCents(row.interest), 0),
    amountCents: instalments.reduce((total, row) => total + randAmountToCents(row.amount), 0),
  };
}

/** A percentage as people read it: `12.5%`. */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(2))}%`;
}

/** The late penalty of a product or a loan, in a sentence. */
export function describePenalty(rule: {
  penaltyType: PenaltyType;
  penaltyFixed: number;
  penaltyPercent: number;
  graceDays: number;
}): string {
  if (rule.penaltyType === 'none') return 'No penalty for late payment.';
  const charge =
    rule.penaltyType === 'fixed'
      ? formatRand(randAmountToCents(rule.penaltyFixed))
      : `${formatPercent(rule.penaltyPercent)} of the overdue instalment`;
  const when =
    rule.graceDays > 0
      ? `an instalment more than ${rule.graceDays} ${rule.graceDays === 1 ? 'day' : 'days'} late`
      : 'an instalment paid late';
  return `A penalty of ${charge} is charged on ${when}.`;
}

/** Whether the member may still cancel the application: it has not been paid out or stopped. */
export function canCancelLoan(status: LoanStatus): boolean {
  return (undecidedLoanStatuses as readonly string[]).includes(status);
}

/** Whether the member is asked to guarantee this loan and has not answered yet. */
export function isAwaitingGuarantorAnswer(loan: Pick<LoanSummary, 'status' | 'guarantor'>): boolean {
  return loan.status === 'awaiting_guarantor' && loan.guarantor?.status === 'requested';
}

export type LoanStatusTone = 'success' | 'warning' | 'error' | 'default' | 'primary';

/** The colour a loan's status chip takes. */
export const loanStatusTones: Record<LoanStatus, LoanStatusTone> = {
  awaiting_guarantor: 'warning',
  pending: 'warning',
  approved: 'primary',
  active: 'primary',
  repaid: 'success',
  rejected: 'error',
  guarantor_declined: 'error',
  cancelled: 'default',
};

/** The name a guarantee request shows for the member who asks. */
export function getBorrowerName(loan: Pick<LoanSummary, 'member'>): string {
  return loan.member.fullName?.trim() || 'A member';
}
