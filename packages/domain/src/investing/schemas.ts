import { z } from 'zod';
import { paymentFrequencies } from '../instalments.js';
import { randAmount } from '../pools/schemas.js';
import { pageQuery } from '../admin/schemas.js';
import { investingMessages, transactionTabs, transactionTypes } from './constants.js';

export * from './constants.js';
export * from './transactions.js';

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

/** `GET /api/payments/my-payments`: a page of the member's payments, of one type when `type` is given. */
export const myPaymentsQuery = pageQuery.extend({
  type: z.enum(transactionTypes, { error: `type must be one of ${transactionTypes.join(', ')}` }).optional(),
});
export type MyPaymentsQuery = z.output<typeof myPaymentsQuery>;

const transactionTabKeys = transactionTabs.map((tab) => tab.key) as [
  (typeof transactionTabs)[number]['key'],
  ...(typeof transactionTabs)[number]['key'][],
];

/** `GET /api/payments/my-transactions`: a page of the member's money movements, of one tab when `tab` is given. */
export const myTransactionsQuery = pageQuery.extend({
  tab: z.enum(transactionTabKeys, { error: `tab must be one of ${transactionTabKeys.join(', ')}` }).optional(),
});
export type MyTransactionsQuery = z.output<typeof myTransactionsQuery>;
