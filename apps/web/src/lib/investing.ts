import {
  formatRand,
  lastInstalmentIfDifferent,
  paymentFrequencies,
  randAmountToCents,
  type MembershipStatus,
  type PaymentFrequency,
  type PaymentStatus,
  type TransactionType,
} from '@letsema/domain';

/** The member's pool membership as `GET /api/payments/my-membership` answers it (amounts in rand). */
export interface MembershipView {
  id: string;
  poolId: string;
  pool: {
    id: string;
    name: string;
    status: string;
    investmentDuration: number;
    paymentMethods: string[];
  } | null;
  numberOfShares: number;
  totalCommitment: number;
  totalPaid: number;
  actualReturn: number;
  installmentPlan: string;
  contributionAmount: number;
  contributionStatus: MembershipStatus;
  rejectionReason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** One payment or other money movement of the member, as `GET /api/payments/my-payments` answers it. */
export interface PaymentView {
  id: string;
  poolId: string;
  poolName: string | null;
  type: TransactionType;
  amount: number;
  status: PaymentStatus;
  paymentMethod: string | null;
  proofOfPaymentUrl: string | null;
  description: string | null;
  failureReason: string | null;
  createdAt: string;
}

/** One row of Transactions, as `GET /api/payments/my-transactions` answers it: posted, or a payment not posted yet. */
export interface TransactionView extends Omit<PaymentView, 'poolId'> {
  poolId: string | null;
  /** How the statement names it ("Profit allocation", "Withdrawal paid"). */
  label: string;
  /** The journal entry the statement quotes (`JE-000042`); null while not posted. */
  reference: string | null;
  /** The cooperative's day it counts on, as on the statement. */
  date: string;
}

export interface PaymentProgress {
  commitmentCents: number;
  paidCents: number;
  /** The commitment less what has been approved (pending payments not taken off). */
  remainingCents: number;
  /** Share of the commitment paid, 0 to 100. */
  percent: number;
  isFullyPaid: boolean;
}

/**
 * "The last R 2 380.99" when the membership's last instalment differs from the others (it takes the
 * cents the commitment does not divide into), else null.
 */
export function getLastInstalmentNote(
  membership: Pick<MembershipView, 'totalCommitment' | 'installmentPlan' | 'pool'>,
): string | null {
  const plan = membership.installmentPlan as PaymentFrequency;
  const months = membership.pool?.investmentDuration;
  if (!paymentFrequencies.includes(plan) || !months || !Number.isInteger(months) || months < 1) return null;
  const last = lastInstalmentIfDifferent(randAmountToCents(membership.totalCommitment), plan, months);
  return last === null ? null : `The last ${formatRand(last)}`;
}

/** The plan under the instalment on the payment form: "per month", then the last one when it differs. */
export function getPlanHint(
  planLabel: string,
  membership: Pick<MembershipView, 'totalCommitment' | 'installmentPlan' | 'pool'>,
): string {
  const last = getLastInstalmentNote(membership);
  return last === null ? planLabel : `${planLabel}, ${last.replace(/^The /, 'the ')}`;
}

/** How far a membership is paid: figures in cents and the share of the commitment. */
export function getPaymentProgress(membership: Pick<MembershipView, 'totalCommitment' | 'totalPaid'>): PaymentProgress {
  const commitmentCents = randAmountToCents(membership.totalCommitment);
  const paidCents = randAmountToCents(membership.totalPaid);
  const percent = commitmentCents > 0 ? Math.min((paidCents / commitmentCents) * 100, 100) : 0;
  return {
    commitmentCents,
    paidCents,
    remainingCents: Math.max(commitmentCents - paidCents, 0),
    percent,
    isFullyPaid: commitmentCents > 0 && paidCents >= commitmentCents,
  };
}

/** A share as text with one decimal, never rounded up to 100 before it is reached: `8.3%`. */
export function formatPercent(percent: number): string {
  const tenths = Math.floor(Math.max(0, Math.min(percent, 100)) * 10 + 1e-9);
  return `${(tenths / 10).toFixed(1)}%`;
}
