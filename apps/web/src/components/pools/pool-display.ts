import {
  centsToRand,
  formatRandAmount,
  formatRandPlain,
  frequencyLabels,
  instalmentAmount,
  paymentFrequencies,
  type PaymentFrequency,
  type PoolView,
  poolStatusLabel,
  pricePerShare,
  randToCents,
} from '@letsema/domain';

/** A pool as `GET /api/pools` and `GET /api/pools/{id}` answer it: money in rand. */
export type { PoolView };

/** One contribution plan: how often, and the instalment for one share in rand. */
export interface ContributionPlan {
  frequency: PaymentFrequency;
  label: string;
  amount: number;
}

export const DESCRIPTION_PREVIEW_LENGTH = 120;

/** A JSON list field as an array, whether it came as an array or as JSON text. */
function readList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || !value.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function isFrequency(value: unknown): value is PaymentFrequency {
  return typeof value === 'string' && (paymentFrequencies as readonly string[]).includes(value);
}

/** The pool's accepted payment methods; read defensively, as older data may hold them as JSON text. */
export function readPaymentMethods(pool: { paymentMethods: unknown }): string[] {
  return readList(pool.paymentMethods).filter((method): method is string => typeof method === 'string' && !!method);
}

/**
 * The pool's contribution plans in their usual order. A bare frequency (older data) gets the
 * instalment the pool's price per share and duration give.
 */
export function readContributionPlans(
  pool: Pick<PoolView, 'pricePerShare' | 'investmentDuration'> & { paymentInstallments: unknown },
): ContributionPlan[] {
  const plans = new Map<PaymentFrequency, number>();
  for (const entry of readList(pool.paymentInstallments)) {
    const frequency =
      typeof entry === 'object' && entry !== null ? (entry as { frequency?: unknown }).frequency : entry;
    if (!isFrequency(frequency) || plans.has(frequency)) continue;
    const amount = typeof entry === 'object' && entry !== null ? (entry as { amount?: unknown }).amount : undefined;
    const known = typeof amount === 'number' && Number.isFinite(amount) ? amount : derivePlanAmount(pool, frequency);
    if (known !== null) plans.set(frequency, known);
  }
  return paymentFrequencies
    .filter((frequency) => plans.has(frequency))
    .map((frequency) => ({ frequency, label: frequencyLabels[frequency], amount: plans.get(frequency)! }));
}

function derivePlanAmount(
  pool: Pick<PoolView, 'pricePerShare' | 'investmentDuration'>,
  frequency: PaymentFrequency,
): number | null {
  const priceCents = randToCents(pool.pricePerShare);
  if (priceCents === null || !Number.isInteger(pool.investmentDuration) || pool.investmentDuration < 1) return null;
  return centsToRand(instalmentAmount(priceCents, frequency, pool.investmentDuration));
}

/** A frequency label as a title: `Per month`, `One-time`. */
export function capitalizeLabel(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** A plan as members read it: `R 83.33 per month`. */
export function describePlan(plan: ContributionPlan): string {
  return `${formatRandAmount(plan.amount)} ${plan.label}`;
}

/**
 * How much of the target has been paid in, as a percentage with one decimal cut, never rounded up:
 * R 49 999.98 of R 50 000 is 99.9%, and 100.0% means the target is reached (it may pass 100).
 */
export function getFundingPercent(pool: Pick<PoolView, 'currentAmount' | 'targetAmount'>): number {
  const target = randToCents(pool.targetAmount);
  const current = randToCents(pool.currentAmount);
  if (!target || target <= 0 || current === null || current <= 0) return 0;
  return Math.floor((current * 1000) / target) / 10;
}

/** The width of a funding bar: the percentage, never past 100. */
export function getFundingBarValue(percent: number): number {
  return Math.min(Math.max(percent, 0), 100);
}

/** A percentage as shown beside the bar: one decimal. */
export function formatPercent(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

/** The description as a card previews it: at most 120 characters, then an ellipsis. */
export function truncateDescription(text: string, length = DESCRIPTION_PREVIEW_LENGTH): string {
  const trimmed = text.trim();
  return trimmed.length > length ? `${trimmed.slice(0, length).trimEnd()}…` : trimmed;
}

/** `12 months`, `1 month`. */
export function formatDuration(months: number): string {
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

/** Members as `3 of 100`. */
export function formatMembers(pool: Pick<PoolView, 'totalMembers' | 'maxMembers'>): string {
  return `${pool.totalMembers} of ${pool.maxMembers}`;
}

/** The label of the pool's status (an unknown value reads as Draft). */
export function getPoolStatusLabel(status: string): string {
  return poolStatusLabel(status);
}

/** Whether the pool still waits for an admin to open it. */
export function isDraftPool(pool: Pick<PoolView, 'status'>): boolean {
  return poolStatusLabel(pool.status) === poolStatusLabel('draft');
}

/** Cents as a rand amount to put in an input: `1234.50`. */
export function formatRandInput(cents: number): string {
  return formatRandPlain(cents);
}

/** The price of one share for figures typed into a form, in cents, or null while they are incomplete. */
export function previewPricePerShare(targetAmount: unknown, totalShares: unknown): number | null {
  const target =
    typeof targetAmount === 'string' || typeof targetAmount === 'number' ? randToCents(targetAmount) : null;
  const shares = readWholeNumber(totalShares);
  if (target === null || target <= 0 || shares === null) return null;
  return pricePerShare(target, shares);
}

/** The instalment for one share for figures typed into a form, in cents, or null while they are incomplete. */
export function previewInstalment(priceCents: number | null, frequency: PaymentFrequency, duration: unknown) {
  const months = readWholeNumber(duration);
  if (priceCents === null || months === null || months > 600) return null;
  return instalmentAmount(priceCents, frequency, months);
}

/** A positive whole number typed into a form, or null. */
export function readWholeNumber(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}$/.test(text)) return null;
  const number = Number(text);
  return number >= 1 ? number : null;
}
