// The investments page's form rules (joining a pool, asking to withdraw returns), fetched when a form is
// first typed in or pressed (see lazyResolver), so the page shows without zod.
import { zodResolver } from '@hookform/resolvers/zod';
import { investingMessages, requestExitBody, requestWithdrawalBody, type PaymentFrequency } from '@letsema/domain';
import { z } from 'zod';
import type { PoolTerms } from './join-rules';

/** The join form's rules for one pool: a whole number of shares from 1 to what is left, and one of its plans. */
export function createJoinFormSchema(pool: PoolTerms) {
  const sharesMessage = investingMessages.shares(pool.availableShares);
  const plans: string[] = pool.paymentInstallments.map((plan) => plan.frequency);
  return z.object({
    numberOfShares: z
      .string()
      .trim()
      .min(1, { error: sharesMessage })
      .regex(/^\d+$/, { error: investingMessages.sharesWhole })
      .transform(Number)
      .pipe(z.number().int().min(1, { error: sharesMessage }).max(pool.availableShares, { error: sharesMessage })),
    installmentPlan: z
      .string()
      .refine((plan) => plans.includes(plan), { error: investingMessages.plan })
      .transform((plan) => plan as PaymentFrequency),
  });
}

export const joinResolver = (pool: PoolTerms) => zodResolver(createJoinFormSchema(pool));
/**
 * The withdrawal form's rules. The values sent are the ones typed (`raw`): the server reads the amount
 * itself. Without it the form sent the amount in cents where rand are expected, a hundred times over.
 */
export const withdrawalResolver = zodResolver(requestWithdrawalBody, undefined, { raw: true });

/** The exit request's check: the server's own rules, answering the first problem's message. */
export function checkExitRequest(input: { poolId: string; reason: string }) {
  const parsed = requestExitBody.safeParse(input);
  return parsed.success
    ? ({ ok: true, body: parsed.data } as const)
    : ({ ok: false, problem: parsed.error.issues[0]?.message ?? null } as const);
}
