import { z } from 'zod';
import { day, fileUrl, id, rand, timestamp } from '../answer-fields.js';
import { adminPayoutAccount } from '../payout-account/answers.js';
import {
  ageingBuckets,
  guarantorStatuses,
  instalmentStatuses,
  loanStatuses,
  loanTypes,
  penaltyTypes,
  repaymentStatuses,
  waiverStatuses,
} from './constants.js';

const who = z.object({ id, fullName: z.string().nullable() });
const percent = z.number().describe('A percentage, at most two decimals');
const months = z.number().int().min(1);

/** The lending settings the super admin keeps: on or off, and the caps of Regulation 42. */
export const loanSettingsAnswer = z
  .object({
    isEnabled: z.boolean(),
    repoRatePercent: percent,
    capMarginPercent: percent.describe('21 for unsecured credit under Regulation 42'),
    maxAnnualRatePercent: percent.describe('The repo rate plus the margin: no product may charge more'),
    maxPenaltyPercent: percent.describe('The highest late penalty as a percentage of the overdue instalment'),
    maxPenaltyFixed: rand.describe('The highest fixed late penalty'),
    dualApprovalAbove: rand.describe('Loans above this need two approvers'),
    rulesConfirmedAt: timestamp
      .nullable()
      .describe("When the super admin confirmed the cooperative's rules allow lending"),
    rulesConfirmedBy: who.nullable(),
    updatedAt: timestamp.nullable(),
    updatedBy: who.nullable(),
    productsAboveCap: z
      .array(z.object({ id, type: z.enum(loanTypes), name: z.string(), annualRatePercent: percent }))
      .describe('Products whose rate the current cap no longer allows; nobody can borrow on them until changed'),
  })
  .meta({ id: 'LoanSettings' });

/** A loan product: the terms of one loan type. */
export const loanProductAnswer = z
  .object({
    id,
    type: z.enum(loanTypes),
    typeLabel: z.string(),
    name: z.string(),
    description: z.string(),
    annualRatePercent: percent.describe('Yearly, on the reducing balance; 0 lends without interest'),
    minTermMonths: months,
    maxTermMonths: months,
    maxCapitalMultiple: z.number().describe('The most a member may borrow, as a multiple of their paid-up capital'),
    graceDays: z.number().int().min(0),
    penaltyType: z.enum(penaltyTypes),
    penaltyTypeLabel: z.string(),
    penaltyFixed: rand,
    penaltyPercent: percent,
    guarantorAboveCapital: z.boolean().describe("Whether the part above the member's own capital needs a guarantor"),
    isActive: z.boolean(),
    isWithinCap: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'LoanProduct' });

/** What a member may borrow now. */
export const loanOfferAnswer = z.object({
  isEnabled: z.boolean(),
  maxAnnualRatePercent: percent,
  capital: rand.describe('Paid-up capital: completed payments in every pool'),
  owed: rand.describe('Principal owed on loans paid out, less principal repaid'),
  appliedFor: rand.describe(
    'Principal asked for on applications not yet paid out: not owed, but counted against the limit',
  ),
  guaranteeHold: rand.describe("Capital held for other members' loans this member guarantees"),
  pools: z.array(z.object({ id, name: z.string(), capital: rand, paymentMethods: z.array(z.string()) })),
  products: z.array(loanProductAnswer.extend({ maxAmount: rand.describe('What this member may borrow on it now') })),
});

const scheduleRow = z.object({
  number: z.number().int().min(1),
  dueOn: day,
  principal: rand,
  interest: rand,
  amount: rand,
  balanceAfter: rand.describe('Principal left once it is paid'),
});

/** The schedule of a loan not yet asked for, and whether the member could borrow it. */
export const loanQuoteAnswer = z.object({
  type: z.enum(loanTypes),
  typeLabel: z.string(),
  amount: rand,
  termMonths: months,
  annualRatePercent: percent,
  instalment: rand.describe('The regular monthly instalment; the last one takes the remainder'),
  totalInterest: rand,
  totalRepayable: rand,
  firstDueOn: day,
  schedule: z.array(scheduleRow),
  eligibility: z.object({
    poolId: id.nullable().describe('The pool whose capital backs the loan'),
    capital: rand,
    maxAmount: rand,
    isGuarantorNeeded: z.boolean(),
    guaranteedAmount: rand.describe("The part above the member's capital a guarantor's capital would be held for"),
    canApply: z.boolean(),
    refusal: z
      .string()
      .nullable()
      .describe('Why an application would be refused, in the words the application answers'),
    refusalField: z.string().nullable(),
  }),
});

/** A loan as lists show it. */
export const loanSummaryAnswer = z
  .object({
    id,
    number: z.string().describe('LN-000042'),
    type: z.enum(loanTypes),
    typeLabel: z.string(),
    productName: z.string(),
    pool: z.object({ id, name: z.string() }),
    member: z.object({
      id,
      fullName: z.string().nullable(),
      email: z.string().nullable().describe("Shown in the admins' answers only"),
    }),
    amount: rand,
    termMonths: months,
    annualRatePercent: percent,
    instalment: rand,
    totalInterest: rand,
    totalRepayable: rand,
    purpose: z.string(),
    status: z.enum(loanStatuses),
    statusLabel: z.string(),
    guarantor: z
      .object({
        id,
        fullName: z.string().nullable(),
        status: z.enum(guarantorStatuses),
        statusLabel: z.string(),
        guaranteedAmount: rand,
        decidedAt: timestamp.nullable(),
      })
      .nullable(),
    capitalAtApplication: rand,
    graceDays: z.number().int().min(0),
    penaltyType: z.enum(penaltyTypes),
    penaltyFixed: rand,
    penaltyPercent: percent,
    approvalsNeeded: z.number().int().min(1).describe('Two above the dual-approval amount of the settings'),
    approverIds: z.array(id),
    approvedAt: timestamp.nullable(),
    rejectionReason: z.string().nullable(),
    decidedAt: timestamp.nullable(),
    disbursedAt: timestamp.nullable(),
    disbursedOn: day.nullable(),
    disbursementProofUrl: fileUrl.nullable(),
    principalRepaid: rand,
    outstandingPrincipal: rand,
    arrears: z.object({
      daysOverdue: z.number().int().min(0).describe('Days the oldest unpaid instalment is late'),
      bucket: z.enum(ageingBuckets).nullable(),
      overdueAmount: rand.describe('Unpaid principal, interest and penalties of overdue instalments'),
      overdueInstalments: z.number().int().min(0),
    }),
    nextInstalment: z.object({ number: z.number().int().min(1), dueOn: day, amount: rand }).nullable(),
    createdAt: timestamp,
    closedAt: timestamp.nullable(),
  })
  .meta({ id: 'LoanSummary' });

/** A repayment and, once approved, how it was split. */
export const loanRepaymentAnswer = z
  .object({
    id,
    loanId: id,
    loanNumber: z.string(),
    member: z.object({ id, fullName: z.string().nullable(), email: z.string() }).optional(),
    amount: rand,
    paymentMethod: z.string(),
    proofUrl: fileUrl.nullable().describe('Null for a settlement from an exit payout'),
    paidOn: day,
    status: z.enum(repaymentStatuses),
    statusLabel: z.string(),
    split: z
      .object({
        penalty: rand,
        interest: rand,
        principal: rand,
        interestNotCharged: rand.describe('Later interest not charged because it settled the loan early'),
      })
      .nullable(),
    isSettlement: z.boolean(),
    isFromExit: z.boolean(),
    rejectionReason: z.string().nullable(),
    decidedAt: timestamp.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'LoanRepayment' });

/** A request to waive a late penalty, decided by a second loan admin. */
export const loanWaiverAnswer = z
  .object({
    id,
    penaltyId: id,
    loanId: id,
    loanNumber: z.string(),
    instalmentNumber: z.number().int().min(1),
    amount: rand,
    reason: z.string(),
    status: z.enum(waiverStatuses),
    requestedBy: id,
    decidedBy: id.nullable(),
    decidedAt: timestamp.nullable(),
    rejectionReason: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'LoanPenaltyWaiver' });

/** A loan with its schedule, settlement figure, repayments and waivers. */
export const loanDetailAnswer = loanSummaryAnswer
  .extend({
    schedule: z
      .array(
        z.object({
          id,
          number: z.number().int().min(1),
          dueOn: day,
          principal: rand,
          interest: rand,
          penalty: rand,
          amount: rand,
          paid: rand,
          interestNotCharged: rand,
          penaltyWaived: rand,
          unpaid: rand,
          status: z.enum(instalmentStatuses),
          statusLabel: z.string(),
          paidOn: day.nullable(),
          penaltyId: id.nullable(),
          penaltyAppliedOn: day.nullable(),
        }),
      )
      .describe('Written when the loan is paid out; empty before'),
    projectedSchedule: z
      .array(scheduleRow)
      .nullable()
      .describe('Before the payout: the schedule if it were paid out today'),
    settlement: z
      .object({ asOf: day, amount: rand, principal: rand, interest: rand, penalties: rand })
      .nullable()
      .describe(
        'What settles an active loan today: unpaid principal, interest and penalties already due, and interest earned this month',
      ),
    repayments: z.array(loanRepaymentAnswer),
    waivers: z.array(loanWaiverAnswer),
    payoutAccount: adminPayoutAccount
      .optional()
      .describe(
        "In the loan admins' answers: the member's payout account the loan is paid into, with the whole number",
      ),
  })
  .meta({ id: 'Loan' });

/** A page of loans for the loan admins, with the ageing of the arrears of the whole book. */
export const adminLoanPageAnswer = z.object({
  items: z.array(loanSummaryAnswer),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  ageing: z.object({
    asOf: day,
    buckets: z.array(
      z.object({
        bucket: z.enum(ageingBuckets),
        loans: z.number().int().min(0),
        overdueAmount: rand,
        outstandingPrincipal: rand,
      }),
    ),
    loansInArrears: z.number().int().min(0),
    overdueAmount: rand,
    activeLoans: z.number().int().min(0),
    outstandingPrincipal: rand,
  }),
});

// What the web app reads: the types of the answers above.
export type LoanSettings = z.infer<typeof loanSettingsAnswer>;
export type LoanProduct = z.infer<typeof loanProductAnswer>;
export type LoanOffer = z.infer<typeof loanOfferAnswer>;
export type LoanQuote = z.infer<typeof loanQuoteAnswer>;
export type LoanSummary = z.infer<typeof loanSummaryAnswer>;
export type LoanRepayment = z.infer<typeof loanRepaymentAnswer>;
export type LoanWaiver = z.infer<typeof loanWaiverAnswer>;
export type LoanDetail = z.infer<typeof loanDetailAnswer>;
export type AdminLoanPage = z.infer<typeof adminLoanPageAnswer>;
export type LoanInstalment = LoanDetail['schedule'][number];
export type QuotedInstalment = LoanQuote['schedule'][number];
export type LoanAgeingRow = AdminLoanPage['ageing']['buckets'][number];
