import { z } from 'zod';
import { paymentFrequencies } from '../instalments.js';
import { randAmount } from '../pools/schemas.js';

export const membershipStatuses = ['pending', 'approved', 'rejected', 'exited'] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];

export const transactionTypes = ['contribution', 'return_payment', 'fee', 'withdrawal', 'refund'] as const;
export type TransactionType = (typeof transactionTypes)[number];

export const paymentStatuses = ['completed', 'pending', 'rejected', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Tabs of the transactions page and the types each shows. */
export const transactionTabs = [
  { key: 'all', label: 'All', types: transactionTypes },
  { key: 'contributions', label: 'Contributions', types: ['contribution'] },
  { key: 'profits', label: 'Profits', types: ['return_payment'] },
  { key: 'fees', label: 'Fees', types: ['fee'] },
  { key: 'withdrawals', label: 'Withdrawals', types: ['withdrawal'] },
  { key: 'refunds', label: 'Refunds', types: ['refund'] },
] as const;

export const investingMessages = {
  pool: 'Please choose a pool',
  shares: (available: number) => `Choose between 1 and ${available} shares`,
  sharesWhole: 'The number of shares must be a whole number',
  plan: 'Please choose a payment plan',
  amount: 'Enter an amount in rand, with at most two decimals',
  method: 'Please select a payment method',
  proof: 'Please upload your proof of payment',
} as const;

const uuid = (message: string) => z.string({ error: message }).uuid({ error: message });

/** `POST /api/payments/join-pool`: the server recomputes the figures and refuses ones that disagree. */
export const joinPoolBody = z.object({
  poolId: uuid(investingMessages.pool),
  numberOfShares: z.coerce
    .number({ error: investingMessages.sharesWhole })
    .int({ error: investingMessages.sharesWhole })
    .min(1, { error: investingMessages.shares(1) })
    .max(1_000_000, { error: investingMessages.sharesWhole }),
  totalCommitment: randAmount(investingMessages.amount),
  installmentPlan: z.enum(paymentFrequencies, { error: investingMessages.plan }),
  contributionAmount: randAmount(investingMessages.amount),
});
export type JoinPoolBody = z.output<typeof joinPoolBody>;

/** `POST /api/payments/create`. */
export const createPaymentBody = z.object({
  poolId: uuid(investingMessages.pool),
  amount: randAmount(investingMessages.amount),
  paymentMethod: z
    .string({ error: investingMessages.method })
    .trim()
    .min(1, { error: investingMessages.method })
    .max(60, { error: investingMessages.method }),
  proofOfPaymentUrl: z
    .string({ error: investingMessages.proof })
    .trim()
    .regex(/^\/api\/files\/[a-z0-9-]+\/[a-z0-9-]+\.(jpg|png|webp|pdf)$/, { error: investingMessages.proof }),
});
export type CreatePaymentBody = z.output<typeof createPaymentBody>;
