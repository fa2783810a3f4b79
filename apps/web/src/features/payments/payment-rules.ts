import type { MembershipView, PaymentView } from '@letsema/domain';
import { instalmentSchedule, paymentFrequencies, type PaymentFrequency, randAmountToCents } from '@letsema/domain';
import type { z } from 'zod';
import type { paymentFormSchema } from './form-rules';

/** What the form holds (the amount as typed). */
export type PaymentFormValues = z.input<typeof paymentFormSchema>;
/** What the form gives once valid: the amount in cents. */
export type PaymentFormOutput = z.output<typeof paymentFormSchema>;

/** What the membership's payments already cover, in cents: approved ones plus those still waiting. */
export function getCoveredCents(
  membership: Pick<MembershipView, 'poolId' | 'totalPaid'>,
  payments: readonly Pick<PaymentView, 'poolId' | 'type' | 'status' | 'amount'>[],
): number {
  const waiting = payments
    .filter((p) => p.poolId === membership.poolId && p.type === 'contribution' && p.status === 'pending')
    .reduce((sum, p) => sum + randAmountToCents(p.amount), 0);
  return randAmountToCents(membership.totalPaid) + waiting;
}

/**
 * The next instalment, in cents: what brings the payments covered so far up to the end of the next
 * instalment of the plan's schedule. Never more than is still owed; 0 once everything is covered.
 */
export function getNextInstalmentCents(
  commitmentCents: number,
  plan: string,
  durationMonths: number,
  coveredCents: number,
): number {
  const owed = Math.max(commitmentCents - coveredCents, 0);
  if (owed === 0) return 0;
  if (!paymentFrequencies.includes(plan as PaymentFrequency) || !Number.isInteger(durationMonths) || durationMonths < 1)
    return owed;
  let reached = 0;
  for (const instalment of instalmentSchedule(commitmentCents, plan as PaymentFrequency, durationMonths)) {
    reached += instalment;
    if (reached > coveredCents) return Math.min(reached - coveredCents, owed);
  }
  return owed;
}
