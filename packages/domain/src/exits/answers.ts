import { z } from 'zod';
import { day, fileUrl, id, month, rand, timestamp } from '../answer-fields.js';
import { adminPayoutAccount } from '../payout-account/answers.js';
import { exitStatuses, withdrawalStatuses } from './constants.js';

const pool = z.object({ id, name: z.string() });
const member = z
  .object({ fullName: z.string().nullable(), email: z.string() })
  .optional()
  .describe("Who asked (in the admins' answers)");

/** An exit from a pool: the notice, the settlement once prepared, the approvals and the payout. */
export const exitView = z
  .object({
    id,
    userId: id,
    membershipId: id,
    pool,
    member,
    reason: z.string(),
    status: z.enum(exitStatuses),
    statusLabel: z.string(),
    requestedAt: timestamp,
    noticeEndsOn: day,
    daysLeft: z.number().int().min(0),
    isNoticeOver: z.boolean(),
    estimate: rand
      .nullable()
      .describe(
        'The payout once settled; before, capital and returns less the exit fee and the principal owed on loans in the pool',
      ),
    settlement: z
      .object({
        capital: rand,
        returns: rand,
        fee: rand,
        loans: rand.describe("The member's own loans in the pool, settled from the payout first"),
        payout: rand.describe('Capital and returns less the fee and the loans'),
        valuedAt: month.nullable().describe('The closed month end it was valued at'),
        isEarly: z.boolean(),
        earlyReason: z.string().nullable(),
        preparedBy: id.nullable(),
        preparedAt: timestamp.nullable(),
      })
      .nullable(),
    approvalsNeeded: z.number().int().min(1).describe('Two for an early exit'),
    approverIds: z.array(id),
    paidAt: timestamp.nullable(),
    proofUrl: fileUrl.nullable(),
    rejectionReason: z.string().nullable(),
    pending: z
      .array(
        z.object({
          kind: z.enum(['payment', 'loan_repayment']),
          id,
          amount: rand,
          sentOn: day,
          description: z.string(),
        }),
      )
      .optional()
      .describe(
        "In the admins' answers while the exit is open: the member's payments and loan repayments in the pool still waiting for a decision; the settlement waits for them, and paying the exit rejects any left",
      ),
    account: z
      .object({ bankName: z.string(), accountHolder: z.string(), accountNumber: z.string() })
      .nullable()
      .describe('The payout account when the member asked, with the last four digits only'),
    payoutAccount: adminPayoutAccount
      .optional()
      .describe("In the admins' answers: the account the payout goes to, with the whole number"),
  })
  .meta({ id: 'Exit' });

/** A withdrawal of allocated returns. */
export const withdrawalView = z
  .object({
    id,
    userId: id,
    pool,
    member,
    amount: rand,
    status: z.enum(withdrawalStatuses),
    statusLabel: z.string(),
    bank: z
      .object({
        accountHolder: z.string(),
        bankName: z.string(),
        accountNumber: z.string().describe('The last four digits, as `…1234`'),
        branchCode: z.string(),
      })
      .describe('The payout account when the member asked'),
    payoutAccount: adminPayoutAccount
      .optional()
      .describe("In the admins' answers: the account the payout goes to, with the whole number"),
    approvedBy: id.nullable(),
    approvedAt: timestamp.nullable(),
    paidAt: timestamp.nullable(),
    proofUrl: fileUrl.nullable(),
    rejectionReason: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'Withdrawal' });

/** The member's withdrawals, with what they may still withdraw. */
export const myWithdrawals = z.object({
  isOffered: z.boolean().describe("Whether the cooperative's settings let members withdraw their returns"),
  available: rand.describe('Returns not paid out nor asked for in an open withdrawal'),
  poolId: id.nullable(),
  items: z.array(withdrawalView),
});

// What the web app reads: the types of the answers above.
export type ExitView = z.infer<typeof exitView>;
export type WithdrawalView = z.infer<typeof withdrawalView>;
export type MyWithdrawals = z.infer<typeof myWithdrawals>;
