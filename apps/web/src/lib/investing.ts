import {
  formatRand,
  lastInstalmentIfDifferent,
  paymentFrequencies,
  randAmountToCents,
  type MembershipView,
  type PaymentFrequency,
} from '@letsema/domain';

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
