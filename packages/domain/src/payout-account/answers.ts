import { z } from 'zod';
import { timestamp } from '../answer-fields.js';
import { payoutBankIds } from './banks.js';

/** The member's payout account as they see it: the last four digits only. */
export const memberPayoutAccount = z
  .object({
    bankId: z.enum(payoutBankIds),
    bankName: z.string(),
    branchCode: z.string().describe("The bank's universal branch code"),
    accountHolder: z.string(),
    accountNumber: z.string().describe('The last four digits, as `…1234`'),
    usableFrom: timestamp.describe('Payouts go to it from this moment: 48 hours after it was saved'),
    isUsable: z.boolean(),
    updatedAt: timestamp,
  })
  .meta({ id: 'PayoutAccount' });

/** The member's payout account as the admin who pays it sees it (null when the member has none). */
export const adminPayoutAccount = z
  .object({
    bankName: z.string(),
    branchCode: z.string(),
    accountHolder: z.string(),
    accountNumber: z.string().describe('The whole number: the admin pays into it'),
    holderMatchesMember: z.boolean().describe("Whether the holder's name is the member's name"),
    usableFrom: timestamp,
    isUsable: z.boolean().describe('False within 48 hours of a change: the payout is refused until usableFrom'),
  })
  .nullable()
  .meta({ id: 'MemberPayoutAccount' });

// What the web app reads: the types of the answers above.
export type MemberPayoutAccount = z.infer<typeof memberPayoutAccount>;
export type AdminPayoutAccount = z.infer<typeof adminPayoutAccount>;
