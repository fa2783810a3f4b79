// What the loan screens decide without the server: the list's filters in the address, the ageing
// buckets' names, and which decisions an admin is offered on a loan (and why not, in the server's words).
import {
  type AgeingBucket,
  ageingBuckets,
  centsToRand,
  type InstalmentStatus,
  instalmentStatusLabels,
  loanMessages,
  type LoanStatus,
  loanStatuses,
  type LoanType,
  loanTypes,
  randAmountToCents,
  singleChecker,
} from '@letsema/domain';
import { getDecisionRight } from '../../../lib/maker-checker';

export interface LoanFilters {
  status: LoanStatus | '';
  type: LoanType | '';
  bucket: AgeingBucket | '';
  /** '' for every loan, 'true' for loans in arrears only, 'false' for loans not in arrears. */
  inArrears: '' | 'true' | 'false';
  page: number;
}

export const emptyLoanFilters: LoanFilters = { status: '', type: '', bucket: '', inArrears: '', page: 1 };

const pick = <T extends string>(allowed: readonly T[], value: string | null): T | '' =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : '';

/** The list's filters as the address holds them; anything unknown is left out. */
export function readLoanFilters(params: URLSearchParams): LoanFilters {
  const page = Number(params.get('page'));
  return {
    status: pick(loanStatuses, params.get('status')),
    type: pick(loanTypes, params.get('type')),
    bucket: pick(ageingBuckets, params.get('bucket')),
    inArrears: pick(['true', 'false'] as const, params.get('inArrears')),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address's query for the filters: only what is set, and the page when past the first. */
export function writeLoanFilters(filters: LoanFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.type) params.set('type', filters.type);
  if (filters.bucket) params.set('bucket', filters.bucket);
  if (filters.inArrears) params.set('inArrears', filters.inArrears);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * The filters after one of them changed: back to the first page; an ageing bucket only makes sense
 * for loans in arrears, so choosing one sets that and leaving arrears clears the bucket.
 */
export function changeLoanFilters(filters: LoanFilters, change: Partial<Omit<LoanFilters, 'page'>>): LoanFilters {
  const next: LoanFilters = { ...filters, ...change, page: 1 };
  if (change.bucket) {
    next.inArrears = 'true';
    next.status = '';
  }
  if (change.inArrears !== undefined && change.inArrears !== 'true') next.bucket = '';
  if (change.status !== undefined && change.status !== '' && change.status !== 'active') {
    next.bucket = '';
    if (next.inArrears === 'true') next.inArrears = '';
  }
  return next;
}

/** How many pages a list of `total` rows fills. */
export function countPages(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** A bucket's name in the ageing table: "1–30 days", "90+ days". */
export function formatBucket(bucket: AgeingBucket): string {
  return bucket === '90+' ? 'Over 90 days' : `${bucket.replace('-', '–')} days`;
}

export type DecisionRight = ReturnType<typeof getDecisionRight>;
export type RefusedRight = Extract<DecisionRight, { mayDecide: false }>;

/** The decisions a loan's state allows, each with whether this admin may take it; null when the state has none. */
export interface LoanActionPlan {
  approve: DecisionRight | null;
  reject: DecisionRight | null;
  disburse: DecisionRight | null;
  /** Why a waiting loan cannot be approved yet, whoever looks (the guarantor has not accepted). */
  notice: string | null;
}

interface LoanParties {
  status: LoanStatus;
  member: { id: string };
  guarantor: { id: string } | null;
  amount: number;
  approvalsNeeded: number;
  approverIds: readonly string[];
}

/**
 * Whether the admin is the member or the guarantor of the loan: nobody decides either (the server's
 * messages). Null when they are neither.
 */
export function getPartyRefusal(user: { id: string }, loan: LoanParties): RefusedRight | null {
  const amountCents = randAmountToCents(loan.amount);
  const own = getDecisionRight(
    user,
    { makerId: loan.member.id, amountCents, approverIds: [] },
    singleChecker(loanMessages.ownLoan),
  );
  if (!own.mayDecide) return own;
  if (loan.guarantor) {
    const guarantee = getDecisionRight(
      user,
      { makerId: loan.guarantor.id, amountCents, approverIds: [] },
      singleChecker(loanMessages.guaranteedLoan),
    );
    if (!guarantee.mayDecide) return guarantee;
  }
  return null;
}

/**
 * Which decisions a loan offers the signed-in admin, as the server would judge them: approve and
 * reject while it waits for approval (two different approvers above the dual-approval amount), reject
 * while the guarantor has not answered, pay out or reject once approved (never by one who approved).
 */
export function getLoanActionPlan(user: { id: string }, loan: LoanParties): LoanActionPlan {
  const none: LoanActionPlan = { approve: null, reject: null, disburse: null, notice: null };
  const party = getPartyRefusal(user, loan);
  const amountCents = randAmountToCents(loan.amount);
  const mayReject: DecisionRight = party ?? { mayDecide: true, isFinal: true };
  switch (loan.status) {
    case 'awaiting_guarantor':
      return { ...none, reject: mayReject, notice: loanMessages.guarantorFirst };
    case 'pending': {
      const approve =
        party ??
        getDecisionRight(
          user,
          { makerId: loan.member.id, amountCents, approverIds: loan.approverIds },
          loan.approvalsNeeded > 1
            ? { dualApprovalAboveCents: -1, makerMessage: loanMessages.ownLoan }
            : singleChecker(loanMessages.ownLoan),
        );
      return { ...none, approve, reject: mayReject };
    }
    case 'approved': {
      let disburse: DecisionRight = party ?? { mayDecide: true, isFinal: true };
      for (const approverId of loan.approverIds) {
        if (!disburse.mayDecide) break;
        disburse = getDecisionRight(
          user,
          { makerId: approverId, amountCents, approverIds: [] },
          singleChecker(loanMessages.approverPays),
        );
      }
      return { ...none, disburse, reject: mayReject };
    }
    default:
      return none;
  }
}

/** Whether the admin may decide a penalty waiver: not the one who asked, nor the loan's member or guarantor. */
export function getWaiverRight(
  user: { id: string },
  waiver: { requestedBy: string; amount: number },
  loan: LoanParties | null,
): DecisionRight {
  const own = getDecisionRight(
    user,
    { makerId: waiver.requestedBy, amountCents: randAmountToCents(waiver.amount), approverIds: [] },
    singleChecker(loanMessages.ownWaiver),
  );
  if (!own.mayDecide || !loan) return own;
  return getPartyRefusal(user, loan) ?? own;
}

/** Whether the admin may decide a repayment: never the member who paid it. */
export function getRepaymentRight(
  user: { id: string },
  repayment: { member?: { id: string } | undefined; amount: number },
): DecisionRight {
  return getDecisionRight(
    user,
    { makerId: repayment.member?.id ?? '', amountCents: randAmountToCents(repayment.amount), approverIds: [] },
    singleChecker(loanMessages.ownRepayment),
  );
}

/**
 * What is left of an instalment's late penalty, in rand. A repayment pays the penalty before the
 * interest and the principal, so while any penalty is unpaid the rest of the instalment is unpaid too.
 */
export function getPenaltyLeft(row: {
  penalty: number;
  penaltyWaived: number;
  principal: number;
  interest: number;
  interestNotCharged: number;
  unpaid: number;
  status: string;
}): number {
  if (row.status === 'paid') return 0;
  const cents = randAmountToCents;
  const penaltyCharged = cents(row.penalty) - cents(row.penaltyWaived);
  const restUnpaid = cents(row.unpaid) - (cents(row.principal) + cents(row.interest) - cents(row.interestNotCharged));
  return centsToRand(Math.max(0, Math.min(penaltyCharged, restUnpaid)));
}

/**
 * An instalment's status as the schedule shows it on the books' day `asOf` (the day of the loan's
 * settlement figure): unpaid past its due date it is overdue, as the arrears above it count it, even
 * before the daily arrears run has marked it so.
 */
export function getInstalmentStatus(
  row: { status: InstalmentStatus; dueOn: string },
  asOf: string | null,
): { status: InstalmentStatus; label: string } {
  const status = row.status === 'due' && asOf !== null && row.dueOn < asOf ? 'overdue' : row.status;
  return { status, label: instalmentStatusLabels[status] };
}

/** The colour a loan's state is shown in. */
export function getLoanStatusColor(status: LoanStatus): 'success' | 'warning' | 'error' | 'default' | 'primary' {
  switch (status) {
    case 'active':
      return 'primary';
    case 'repaid':
      return 'success';
    case 'pending':
    case 'approved':
    case 'awaiting_guarantor':
      return 'warning';
    case 'rejected':
    case 'guarantor_declined':
      return 'error';
    default:
      return 'default';
  }
}
