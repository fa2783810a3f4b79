import {
  centsToRand,
  instalmentAmount,
  instalmentCount,
  lastInstalmentIfDifferent,
  type PaymentFrequency,
  randAmountToCents,
} from '@letsema/domain';
import type { JoinablePool, JoinPoolRequest } from './api';

export interface JoinFormValues {
  numberOfShares: string;
  installmentPlan: string;
}

export interface JoinFormOutput {
  numberOfShares: number;
  installmentPlan: PaymentFrequency;
}

export interface JoinFigures {
  shares: number;
  commitmentCents: number;
  instalmentCents: number;
  /** How many instalments the plan has over the pool's duration. */
  instalments: number;
  /** The last instalment when the commitment does not divide evenly (it takes the remainder), else null. */
  lastInstalmentCents: number | null;
}

export type PoolTerms = Pick<
  JoinablePool,
  'availableShares' | 'pricePerShare' | 'investmentDuration' | 'paymentInstallments'
>;

/** Reads the shares field: a whole number from 1 to the shares left, else null. */
export function readShares(text: string, availableShares: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const shares = Number(trimmed);
  return shares >= 1 && shares <= availableShares ? shares : null;
}

/** The commitment (shares times price) and the instalment of a plan, in cents; null while the choice is incomplete. */
export function getJoinFigures(pool: PoolTerms, sharesText: string, plan: string): JoinFigures | null {
  const shares = readShares(sharesText, pool.availableShares);
  const frequency = pool.paymentInstallments.find((p) => p.frequency === plan)?.frequency;
  if (shares === null || !frequency) return null;
  const commitmentCents = shares * randAmountToCents(pool.pricePerShare);
  return {
    shares,
    commitmentCents,
    instalmentCents: instalmentAmount(commitmentCents, frequency, pool.investmentDuration),
    instalments: instalmentCount(frequency, pool.investmentDuration),
    lastInstalmentCents: lastInstalmentIfDifferent(commitmentCents, frequency, pool.investmentDuration),
  };
}

/** The commitment of a number of shares, in cents (0 when the number is not usable). */
export function getCommitmentCents(pool: PoolTerms, sharesText: string): number {
  const shares = readShares(sharesText, pool.availableShares);
  return shares === null ? 0 : shares * randAmountToCents(pool.pricePerShare);
}

/** The request the API expects, amounts in rand, for figures worked out in cents. */
export function toJoinRequest(poolId: string, plan: PaymentFrequency, figures: JoinFigures): JoinPoolRequest {
  return {
    poolId,
    numberOfShares: figures.shares,
    totalCommitment: centsToRand(figures.commitmentCents),
    installmentPlan: plan,
    contributionAmount: centsToRand(figures.instalmentCents),
  };
}

const planNames: Record<PaymentFrequency, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
  once: 'Once-off',
};

/** The name of a plan as a heading ("Monthly"); `frequencyLabels` gives the phrase after an amount. */
export function getPlanName(frequency: string): string {
  return planNames[frequency as PaymentFrequency] ?? frequency;
}
