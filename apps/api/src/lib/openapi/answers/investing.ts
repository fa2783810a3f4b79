import {
  membershipStatuses,
  paymentFrequencies,
  paymentStatuses,
  poolStatuses,
  transactionTypes,
  uploadKinds,
} from '@letsema/domain';
import { z } from 'zod';
import { day, fileUrl, id, rand, timestamp } from '../types.js';

/** A pool as the API answers it (`toPoolView`): money in rand, names of who made and approved it. */
export const poolView = z
  .object({
    id,
    name: z.string(),
    description: z.string(),
    targetAmount: rand,
    currentAmount: rand.describe('The sum of completed contributions'),
    totalShares: z.number().int(),
    availableShares: z.number().int(),
    pricePerShare: rand.describe('The target divided by the shares'),
    maxMembers: z.number().int(),
    totalMembers: z.number().int(),
    investmentDuration: z.number().int().describe('Months'),
    paymentInstallments: z
      .array(z.object({ frequency: z.enum(paymentFrequencies), amount: rand.describe('The instalment for one share') }))
      .describe('Each contribution plan the pool offers'),
    paymentMethods: z.array(z.string()),
    status: z.enum(poolStatuses),
    createdBy: z.string().nullable().describe('Name (or e-mail) of who created it'),
    createdById: id.nullable(),
    createdAt: timestamp,
    approvedBy: z.string().nullable(),
    approvedById: id.nullable(),
    approvedAt: timestamp.nullable(),
    updatedAt: timestamp,
  })
  .meta({ id: 'Pool' });

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

export const uploadKind = z.enum(uploadKinds);

export const uploadAnswer = z.object({ url: fileUrl.describe('Where the stored file is read: /api/files/<key>') });

/** The multipart form of an upload: one file field. */
export const uploadForm = z.object({
  file: z
    .string()
    .meta({ format: 'binary', contentMediaType: 'application/octet-stream' })
    .describe('JPEG, PNG or WebP; documents and proofs may also be PDF. At most 10 MB'),
});
