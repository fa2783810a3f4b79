import { z } from 'zod';
import { rejectWithReasonBody } from '../admin/schemas.js';
import { randAmount } from '../pools/schemas.js';
import { exitMessages, withdrawalMessages } from './constants.js';

export * from './constants.js';

const uuid = (message: string) => z.string({ error: message }).uuid({ error: message });
const text = (message: string, min: number, max: number) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: message });
const fileUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\/api\/files\/[a-z0-9-]+\/[a-z0-9-]+\.(jpg|png|webp|pdf)$/, { error: message });

/** `POST /api/exits`. */
export const requestExitBody = z.object({
  poolId: uuid(exitMessages.pool),
  reason: text(exitMessages.reason, 10, 1000),
});
export type RequestExitBody = z.output<typeof requestExitBody>;

/** `POST /api/admin/exits/{id}/settle`: the reason is needed only before the notice has run. */
export const settleExitBody = z.object({
  earlyReason: z.string().trim().max(1000).optional(),
});

export const payoutBody = z.object({ proofUrl: fileUrl(exitMessages.proof) });

export const rejectPayoutBody = rejectWithReasonBody;

/** `POST /api/withdrawals`: paid into the member's payout account, never to one typed here. */
export const requestWithdrawalBody = z.object({
  poolId: uuid(exitMessages.pool),
  amount: randAmount(withdrawalMessages.amount),
});
export type RequestWithdrawalBody = z.output<typeof requestWithdrawalBody>;
export type RequestWithdrawalInput = z.input<typeof requestWithdrawalBody>;

/** The part of a payout kept when a member leaves: the fee is a percentage of what they hold. */
export function exitFeeCents(totalCents: number, feePercent: number): number {
  if (totalCents <= 0) return 0;
  return Math.floor((totalCents * Math.round(feePercent * 100)) / 10_000);
}
