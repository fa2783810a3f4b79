import {
  acceptAttribute,
  instalmentSchedule,
  MAX_UPLOAD_BYTES,
  paymentFrequencies,
  uploadMessages,
  type PaymentFrequency,
} from '@letsema/domain';
import type { z } from 'zod';
import { toCents, type MembershipView, type PaymentView } from '../../lib/investing';
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
    .reduce((sum, p) => sum + toCents(p.amount), 0);
  return toCents(membership.totalPaid) + waiting;
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

/** Cents as the plain text an amount field holds: `833.33`. */
export function centsToAmountText(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

const proofTypes: readonly string[] = acceptAttribute.document.split(',');

/** Why a picked proof cannot be sent (wrong type, too large), or null when it can. */
export function checkProofFile(file: { type: string; size: number }): string | null {
  if (!proofTypes.includes(file.type)) return uploadMessages.documentType;
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.tooLarge;
  if (file.size === 0) return uploadMessages.unreadable;
  return null;
}

/** A file size for people: `850 B`, `12.4 KB`, `2.1 MB`. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
