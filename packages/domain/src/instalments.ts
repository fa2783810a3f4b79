/** How often a member pays (spec section 9). */
export const paymentFrequencies = ['monthly', 'quarterly', 'yearly', 'once'] as const;
export type PaymentFrequency = (typeof paymentFrequencies)[number];

export const frequencyLabels: Record<PaymentFrequency, string> = {
  monthly: 'per month',
  quarterly: 'per quarter',
  yearly: 'per year',
  once: 'one-time',
};

/** Number of instalments over a pool's duration: monthly = months, quarterly and yearly rounded up, one-time = 1. */
export function instalmentCount(frequency: PaymentFrequency, durationMonths: number): number {
  if (!Number.isInteger(durationMonths) || durationMonths < 1) throw new RangeError('Duration must be whole months');
  switch (frequency) {
    case 'monthly':
      return durationMonths;
    case 'quarterly':
      return Math.ceil(durationMonths / 3);
    case 'yearly':
      return Math.ceil(durationMonths / 12);
    case 'once':
      return 1;
  }
}

/**
 * Splits a commitment into instalments: each is the commitment divided by the count, rounded to
 * the cent, and the last takes the remainder, so they always add up to the commitment exactly.
 */
export function instalmentSchedule(
  commitmentCents: number,
  frequency: PaymentFrequency,
  durationMonths: number,
): number[] {
  const { count, regular, last } = scheduleShape(commitmentCents, frequency, durationMonths);
  const schedule = Array.from({ length: count }, () => regular);
  schedule[count - 1] = last;
  return schedule;
}

/** The schedule's count, its regular instalment and its last, without writing it out. */
function scheduleShape(commitmentCents: number, frequency: PaymentFrequency, durationMonths: number) {
  if (!Number.isSafeInteger(commitmentCents) || commitmentCents < 0)
    throw new RangeError('Commitment must be whole cents');
  const count = instalmentCount(frequency, durationMonths);
  const regular = Math.round(commitmentCents / count);
  return { count, regular, last: commitmentCents - regular * (count - 1) };
}

/** The regular instalment (the first of the schedule). */
export function instalmentAmount(commitmentCents: number, frequency: PaymentFrequency, durationMonths: number): number {
  const { count, regular, last } = scheduleShape(commitmentCents, frequency, durationMonths);
  return count === 1 ? last : regular;
}

/**
 * The last instalment when it differs from the others (the commitment did not divide evenly into
 * cents), else null: a member paying the regular instalment every time would end a few cents short
 * or over, so every screen that states the instalment states this one too.
 */
export function lastInstalmentIfDifferent(
  commitmentCents: number,
  frequency: PaymentFrequency,
  durationMonths: number,
): number | null {
  const { count, regular, last } = scheduleShape(commitmentCents, frequency, durationMonths);
  return count === 1 || last === regular ? null : last;
}

/** Price of one share: the target divided by the number of shares, rounded to the cent. */
export function pricePerShare(targetCents: number, totalShares: number): number {
  return Math.round(targetCents / totalShares);
}
