import { z } from 'zod';
import { paymentFrequencies } from '../instalments.js';
import { randToCents } from '../money.js';
import { poolStatuses, poolMessages } from './constants.js';

export * from './constants.js';

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
