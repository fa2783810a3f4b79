import { z } from 'zod';
import { day, fileUrl, id, rand, timestamp } from '../answer-fields.js';
import { paymentFrequencies } from '../instalments.js';
import { poolStatuses } from '../pools/constants.js';
import { membershipStatuses, paymentStatuses, transactionTypes } from './constants.js';

/** A membership of a pool (`toMembershipView`). */
export const membershipView = z
  .object({
    id,
    poolId: id,
    pool: z
      .object({
        id,
        name: z.string(),
        status: z.enum(poolStatuses),
        investmentDuration: z.number().int(),
        paymentMethods: z.array(z.string()),
      })
      .nullable(),
    numberOfShares: z.number().int(),
    totalCommitment: rand,
    totalPaid: rand,
    actualReturn: rand.describe('Returns allocated to it so far'),
    installmentPlan: z.enum(paymentFrequencies),
    contributionAmount: rand.describe('Each instalment'),
    contributionStatus: z.enum(membershipStatuses),
    rejectionReason: z.string().nullable(),
    createdAt: timestamp,
    decidedAt: timestamp.nullable(),
  })
  .meta({ id: 'Membership' });

/** A payment of the member's (`toPaymentView`). */
export const paymentView = z
  .object({
    id,
    poolId: id,
    poolName: z.string().nullable(),
    type: z.enum(transactionTypes),
    amount: rand,
    status: z.enum(paymentStatuses),
    paymentMethod: z.string().nullable(),
    proofOfPaymentUrl: fileUrl.nullable(),
    description: z.string().nullable(),
    failureReason: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'Payment' });

/** A money movement of the member's: posted in the ledger (as on their statement) or a payment not posted yet. */
export const transactionView = z
  .object({
    id: z.string(),
    poolId: id.nullable(),
    poolName: z.string().nullable(),
    type: z.enum(transactionTypes),
    label: z.string(),
    reference: z.string().nullable().describe('The journal entry, as the statement quotes it'),
    amount: rand,
    status: z.enum(paymentStatuses),
    paymentMethod: z.string().nullable(),
    proofOfPaymentUrl: fileUrl.nullable(),
    description: z.string().nullable(),
    failureReason: z.string().nullable(),
    date: day,
    createdAt: timestamp,
  })
  .meta({ id: 'Transaction' });

/** How many payments of each type the member has, over all of them: the transactions tabs' counts. */
export const paymentCountsView = z
  .object(
    Object.fromEntries(transactionTypes.map((type) => [type, z.number().int().min(0)])) as Record<
      (typeof transactionTypes)[number],
      z.ZodNumber
    >,
  )
  .meta({ id: 'PaymentCounts' });

const person = z.object({ fullName: z.string().nullable(), email: z.string() });

/** A request to join a pool, waiting for an admin's decision. */
export const poolRequestView = z
  .object({
    id,
    user: person,
    pool: z.object({ id, name: z.string(), targetAmount: rand }),
    numberOfShares: z.number().int(),
    totalCommitment: rand,
    installmentPlan: z.enum(paymentFrequencies),
    contributionAmount: rand,
    createdAt: timestamp,
  })
  .meta({ id: 'PoolRequest' });

/** A payment waiting for an admin to check its proof. */
export const pendingPaymentView = z
  .object({
    id,
    user: person.extend({
      id: id.describe('The member: an admin never decides their own payment'),
      phoneNumber: z.string().nullable().describe("With the name, gives the member's payment reference"),
    }),
    pool: z.object({ name: z.string() }),
    amount: rand,
    paymentMethod: z.string().nullable(),
    proofOfPaymentUrl: fileUrl.nullable(),
    plan: z
      .object({
        installmentPlan: z.enum(paymentFrequencies),
        contributionAmount: rand.describe('One instalment'),
        totalCommitment: rand,
        totalPaid: rand.describe('Approved so far, this payment not included'),
      })
      .nullable()
      .describe("The membership's plan the payment is for"),
    createdAt: timestamp,
  })
  .meta({ id: 'PendingPayment' });

// What the web app reads: the types of the answers above.
export type MembershipView = z.infer<typeof membershipView>;
export type PaymentView = z.infer<typeof paymentView>;
export type TransactionView = z.infer<typeof transactionView>;
export type PaymentCounts = z.infer<typeof paymentCountsView>;
export type PoolRequestView = z.infer<typeof poolRequestView>;
export type PendingPaymentView = z.infer<typeof pendingPaymentView>;
