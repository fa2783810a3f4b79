import { z } from 'zod';
import { rejectWithReasonBody } from '../admin/schemas.js';
import { randToCents } from '../money.js';
import { randAmount } from '../pools/schemas.js';
import {
  ageingBuckets,
  LOAN_LIMITS,
  loanMessages,
  loanStatuses,
  loanTypes,
  penaltyTypes,
  percentToBps,
  repaymentStatuses,
} from './constants.js';

export * from './constants.js';
export * from './arithmetic.js';
export * from './guarantees.js';

const uuid = (message: string) => z.string({ error: message }).uuid({ error: message });

/** A percentage with at most two decimals, as basis points, from 0 to `maxBps`. */
const percent = (message: string, maxBps: number = LOAN_LIMITS.maxRateBps) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const bps = percentToBps(value);
    if (bps === null || bps > maxBps) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return bps;
  });

/** An amount of rand that may be zero, as cents. */
const randOrZero = (message: string, maxCents: number = LOAN_LIMITS.maxAmountCents) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const cents = randToCents(value);
    if (cents === null || cents < 0 || cents > maxCents) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

const wholeNumber = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

const fileUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\/api\/files\/[a-z0-9-]+\/[a-z0-9-]+\.(jpg|png|webp|pdf)$/, { error: message });

/**
 * `PUT /api/admin/loan-settings` (the super admin): lending on or off, and the caps every product
 * is checked against. Turning lending on needs the confirmation that the cooperative's rules allow it.
 */
export const loanSettingsBody = z
  .object({
    isEnabled: z.boolean({ error: 'Say whether lending is on' }),
    repoRatePercent: percent(loanMessages.percent, 5000),
    capMarginPercent: percent(loanMessages.percent, 5000),
    maxPenaltyPercent: percent(loanMessages.percent, 10_000),
    maxPenaltyFixed: randOrZero(loanMessages.zeroOrAmount),
    dualApprovalAbove: randOrZero(loanMessages.zeroOrAmount),
    confirmRulesAllowLending: z.boolean({ error: loanMessages.confirmRules }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.isEnabled && body.confirmRulesAllowLending !== true) {
      ctx.addIssue({ code: 'custom', path: ['confirmRulesAllowLending'], message: loanMessages.confirmRules });
    }
  });
export type LoanSettingsBody = z.output<typeof loanSettingsBody>;
export type LoanSettingsInput = z.input<typeof loanSettingsBody>;

const productFields = {
  name: z
    .string({ error: loanMessages.name })
    .trim()
    .min(3, { error: loanMessages.name })
    .max(80, { error: loanMessages.name }),
  description: z
    .string({ error: loanMessages.description })
    .trim()
    .max(500, { error: loanMessages.description })
    .default(''),
  annualRatePercent: percent(loanMessages.rateTooHigh),
  minTermMonths: wholeNumber(loanMessages.term, 1, LOAN_LIMITS.maxTermMonths),
  maxTermMonths: wholeNumber(loanMessages.term, 1, LOAN_LIMITS.maxTermMonths),
  maxCapitalMultiple: z.union([z.number(), z.string()], { error: loanMessages.multiple }).transform((value, ctx) => {
    const hundredths = percentToBps(value);
    if (hundredths === null || hundredths <= 0 || hundredths > LOAN_LIMITS.maxCapitalMultipleHundredths) {
      ctx.addIssue({ code: 'custom', message: loanMessages.multiple });
      return z.NEVER;
    }
    return hundredths;
  }),
  graceDays: wholeNumber(loanMessages.graceDays, 0, LOAN_LIMITS.maxGraceDays),
  penaltyType: z.enum(penaltyTypes, { error: loanMessages.penaltyType }),
  penaltyFixed: randOrZero(loanMessages.penaltyFixed).default(0),
  penaltyPercent: percent(loanMessages.penaltyPercent).default(0),
  guarantorAboveCapital: z.boolean({ error: 'Say whether a guarantor is needed above the member’s capital' }),
  isActive: z.boolean({ error: 'Say whether the product is on offer' }).default(true),
};

function checkProduct(
  body: {
    minTermMonths: number;
    maxTermMonths: number;
    penaltyType: string;
    penaltyFixed: number;
    penaltyPercent: number;
  },
  ctx: z.RefinementCtx,
) {
  if (body.minTermMonths > body.maxTermMonths) {
    ctx.addIssue({ code: 'custom', path: ['minTermMonths'], message: loanMessages.termOrder });
  }
  if (body.penaltyType === 'fixed' && body.penaltyFixed <= 0) {
    ctx.addIssue({ code: 'custom', path: ['penaltyFixed'], message: loanMessages.penaltyFixed });
  }
  if (body.penaltyType === 'percent' && body.penaltyPercent <= 0) {
    ctx.addIssue({ code: 'custom', path: ['penaltyPercent'], message: loanMessages.penaltyPercent });
  }
}

/** `POST /api/admin/loan-products` (the super admin): one product per loan type. */
export const createLoanProductBody = z
  .object({ type: z.enum(loanTypes, { error: loanMessages.type }), ...productFields })
  .superRefine(checkProduct);
export type CreateLoanProductBody = z.output<typeof createLoanProductBody>;
export type CreateLoanProductInput = z.input<typeof createLoanProductBody>;

/** `PUT /api/admin/loan-products/{id}`: every field but the type, which a product keeps. */
export const updateLoanProductBody = z.object(productFields).superRefine(checkProduct);
export type UpdateLoanProductBody = z.output<typeof updateLoanProductBody>;
export type UpdateLoanProductInput = z.input<typeof updateLoanProductBody>;

const quoteFields = {
  type: z.enum(loanTypes, { error: loanMessages.type }),
  amount: randAmount(loanMessages.amount, LOAN_LIMITS.maxAmountCents),
  termMonths: wholeNumber(loanMessages.termWhole, 1, LOAN_LIMITS.maxTermMonths),
  /** The pool whose capital backs the loan; the member's pool with the most capital when left out. */
  poolId: uuid(loanMessages.pool).optional(),
};

/** `POST /api/loans/quote`: the schedule and whether the member could borrow it, before applying. */
export const loanQuoteBody = z.object(quoteFields);
export type LoanQuoteBody = z.output<typeof loanQuoteBody>;
export type LoanQuoteInput = z.input<typeof loanQuoteBody>;

/**
 * `POST /api/loans`: an application, with a guarantor when one is needed: their phone number (as
 * printed), e-mail address or member id.
 */
export const loanApplicationBody = z.object({
  ...quoteFields,
  purpose: z
    .string({ error: loanMessages.purpose })
    .trim()
    .min(10, { error: loanMessages.purpose })
    .max(500, { error: loanMessages.purpose }),
  guarantor: z
    .string({ error: loanMessages.guarantorText })
    .trim()
    .min(3, { error: loanMessages.guarantorText })
    .max(254, { error: loanMessages.guarantorText })
    .transform((value) => value.toLowerCase())
    .optional(),
});
export type LoanApplicationBody = z.output<typeof loanApplicationBody>;
export type LoanApplicationInput = z.input<typeof loanApplicationBody>;

/** `POST /api/loans/{id}/repayments`: an amount paid, how, and the proof uploaded as `proof-of-payment`. */
export const loanRepaymentBody = z.object({
  amount: randAmount(loanMessages.amount, LOAN_LIMITS.maxAmountCents),
  paymentMethod: z
    .string({ error: loanMessages.method })
    .trim()
    .min(1, { error: loanMessages.method })
    .max(60, { error: loanMessages.method }),
  proofUrl: fileUrl(loanMessages.proof),
});
export type LoanRepaymentBody = z.output<typeof loanRepaymentBody>;
export type LoanRepaymentInput = z.input<typeof loanRepaymentBody>;

/** `POST /api/admin/loans/{id}/disburse`: the proof of transfer, uploaded as `loan-disbursement-proof`. */
export const disburseLoanBody = z.object({ proofUrl: fileUrl(loanMessages.proofOfTransfer) });
export type DisburseLoanBody = z.output<typeof disburseLoanBody>;

/** `POST /api/admin/loans/{id}/reject` and the other refusals with a reason. */
export const rejectLoanBody = rejectWithReasonBody;

/** `POST /api/admin/loans/{id}/penalties/{penaltyId}/waive`: asks a second admin to waive a penalty. */
export const waivePenaltyBody = z.object({
  reason: z
    .string({ error: loanMessages.waiverReason })
    .trim()
    .min(5, { error: loanMessages.waiverReason })
    .max(1000, { error: loanMessages.waiverReason }),
});
export type WaivePenaltyBody = z.output<typeof waivePenaltyBody>;

const booleanQuery = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .transform((value) => value === 'true')
  .optional();

/** `GET /api/admin/loans`: filters and paging. */
export const adminLoansQuery = z.object({
  status: z.enum(loanStatuses, { error: 'Unknown loan status' }).optional(),
  type: z.enum(loanTypes, { error: loanMessages.type }).optional(),
  bucket: z.enum(ageingBuckets, { error: 'Unknown ageing bucket' }).optional(),
  inArrears: booleanQuery,
  userId: uuid('Unknown member').optional(),
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).default(1),
  limit: z.coerce.number({ error: 'limit must be from 1 to 100' }).int().min(1).max(100).default(50),
});
export type AdminLoansQuery = z.output<typeof adminLoansQuery>;

/** `GET /api/admin/loan-repayments`: pending ones by default. */
export const adminRepaymentsQuery = z.object({
  status: z.enum(repaymentStatuses, { error: 'Unknown repayment status' }).default('pending'),
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).default(1),
  limit: z.coerce.number({ error: 'limit must be from 1 to 100' }).int().min(1).max(100).default(50),
});
export type AdminRepaymentsQuery = z.output<typeof adminRepaymentsQuery>;
