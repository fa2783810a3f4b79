import { z } from 'zod';
import { paymentFrequencies } from '../instalments.js';
import { randToCents } from '../money.js';

export const poolStatuses = ['draft', 'open', 'active', 'closed', 'completed'] as const;
export type PoolStatus = (typeof poolStatuses)[number];

export const poolStatusLabels: Record<PoolStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  active: 'Active',
  closed: 'Closed',
  completed: 'Completed',
};

/** The label of a status; an unknown value falls back to Draft (spec section 4). */
export function poolStatusLabel(status: string): string {
  return poolStatusLabels[status as PoolStatus] ?? poolStatusLabels.draft;
}

/** Allowed status changes (DESIGN.md section 4); anything else is a conflict. */
export const poolTransitions: Record<PoolStatus, readonly PoolStatus[]> = {
  draft: ['open'],
  open: ['active', 'closed'],
  active: ['closed', 'completed'],
  closed: [],
  completed: [],
};

export const poolMessages = {
  name: 'Pool name must be at least 3 characters',
  description: 'Description must be at least 10 characters',
  targetAmount: 'Target amount must be a positive amount in rand, with at most two decimals',
  targetTooLarge: 'Target amount is too large',
  totalShares: 'Total shares must be a positive whole number',
  frequencies: 'Select at least one payment frequency',
  methods: 'Add at least one payment method',
  method: 'Payment methods must be 1 to 60 characters',
  maxMembers: 'Maximum members must be a positive whole number',
  duration: 'Duration must be a positive whole number of months',
  installments: 'Add at least one contribution plan',
  installmentAmount: 'Each plan needs a positive amount in rand, with at most two decimals',
  installmentFrequency: 'Each plan needs a frequency',
  status: 'Unknown pool status',
  tooLong: 'This is too long',
} as const;

/** A positive rand amount (number or numeric text, at most two decimals) parsed into integer cents. */
export const randAmount = (message: string, maxCents = 100_000_000_000) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const cents = randToCents(value);
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (cents > maxCents) {
      ctx.addIssue({ code: 'custom', message: poolMessages.targetTooLarge });
      return z.NEVER;
    }
    return cents;
  });

const positiveWhole = (message: string, max: number) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message });

const methods = z
  .array(z.string().trim().min(1, { error: poolMessages.method }).max(60, { error: poolMessages.method }), {
    error: poolMessages.methods,
  })
  .min(1, { error: poolMessages.methods })
  .max(20, { error: poolMessages.tooLong })
  .transform((list) => [...new Set(list)]);

const name = z
  .string({ error: poolMessages.name })
  .trim()
  .min(3, { error: poolMessages.name })
  .max(100, { error: poolMessages.tooLong });
const description = z
  .string({ error: poolMessages.description })
  .trim()
  .min(10, { error: poolMessages.description })
  .max(2000, { error: poolMessages.tooLong });

/** `POST /api/pools`: derived figures (price per share, current amount, members) are never accepted. */
export const createPoolBody = z.object({
  name,
  description,
  targetAmount: randAmount(poolMessages.targetAmount),
  totalShares: positiveWhole(poolMessages.totalShares, 1_000_000),
  paymentFrequencies: z
    .array(z.enum(paymentFrequencies, { error: poolMessages.frequencies }), { error: poolMessages.frequencies })
    .min(1, { error: poolMessages.frequencies })
    .transform((list) => paymentFrequencies.filter((f) => list.includes(f))),
  paymentMethods: methods,
  maxMembers: positiveWhole(poolMessages.maxMembers, 1_000_000),
  investmentDuration: positiveWhole(poolMessages.duration, 600),
});
export type CreatePoolBody = z.output<typeof createPoolBody>;
export type CreatePoolInput = z.input<typeof createPoolBody>;

/** One contribution plan as the edit form sends it: an amount and a frequency. */
export const installmentPair = z.object({
  amount: randAmount(poolMessages.installmentAmount),
  frequency: z.enum(paymentFrequencies, { error: poolMessages.installmentFrequency }),
});

/** `PUT /api/pools/{id}`. */
export const updatePoolBody = z.object({
  name,
  description,
  targetAmount: randAmount(poolMessages.targetAmount),
  maxMembers: positiveWhole(poolMessages.maxMembers, 1_000_000),
  investmentDuration: positiveWhole(poolMessages.duration, 600),
  paymentMethods: methods,
  paymentInstallments: z
    .array(installmentPair, { error: poolMessages.installments })
    .min(1, { error: poolMessages.installments })
    .max(4, { error: poolMessages.tooLong }),
});
export type UpdatePoolBody = z.output<typeof updatePoolBody>;

export const poolStatusBody = z.object({
  status: z.enum(poolStatuses, { error: poolMessages.status }),
});
