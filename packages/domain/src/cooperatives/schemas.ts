// A cooperative's own details and settings as its super admin keeps them: the rules the form and the
// server share, and the answers the API writes.
import { z } from 'zod';
import { fromHundredths, randToCents } from '../money.js';
import { percentToBps } from '../loans/constants.js';
import { southAfricanProvinces } from '../provinces.js';
import { id, rand, timestamp } from '../answer-fields.js';

/** The bounds of the cooperative's settings, with those of the environment variables that default them. */
export const COOPERATIVE_SETTINGS_LIMITS = {
  maxDualApprovalCents: 99_999_999_999,
  maxReservePercentBps: 500,
  maxExitFeePercentBps: 1000,
  maxUploadQuotaMb: 100_000,
} as const;

export const cooperativeMessages = {
  superAdminOnly: "Only the super admin can change the cooperative's details and settings.",
  name: "Enter the cooperative's name (2 to 120 characters)",
  registrationNumber: 'Enter the registration number: at most 40 letters, digits, spaces, / or -',
  province: 'Choose the province from the list',
  expenseDualApprovalAbove: 'Enter an amount in rand (0 or more), with at most two decimals',
  reservePercent: 'Enter a percentage from 0 to 5, with at most two decimals',
  exitFeePercent: 'Enter a percentage from 0 to 10, with at most two decimals',
  allowReturnWithdrawals: 'Say whether members may withdraw their returns',
  uploadQuotaMb: 'Enter a whole number of megabytes from 1 to 100 000',
} as const;

/** A percentage with at most two decimals from 0 to `maxBps`, kept as the percentage. */
const percent = (message: string, maxBps: number) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const bps = percentToBps(value);
    if (bps === null || bps > maxBps) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return fromHundredths(bps);
  });

/** An amount of rand that may be zero, as cents. */
const randOrZero = (message: string, maxCents: number) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const cents = randToCents(value);
    if (cents === null || cents < 0 || cents > maxCents) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

const wholeNumber = (message: string, min: number, max: number) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim().replace(/[\s\u00a0\u202f]/g, '');
    const number = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
    if (!(number >= min && number <= max)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return number;
  });

/**
 * `PUT /api/admin/settings/rules` (the super admin): the cooperative's rules of the books, its
 * payouts and its members' files. The environment's values (EXPENSE_DUAL_APPROVAL_AMOUNT,
 * RESERVE_PERCENT, EXIT_FEE_PERCENT, ALLOW_RETURN_WITHDRAWALS, UPLOAD_QUOTA_MB) hold until it is
 * saved. The amount is rand on the wire and cents once read.
 */
export const cooperativeSettingsBody = z.object({
  /** Expenses and income above this amount need two approvers. */
  expenseDualApprovalAbove: randOrZero(
    cooperativeMessages.expenseDualApprovalAbove,
    COOPERATIVE_SETTINGS_LIMITS.maxDualApprovalCents,
  ),
  /** The share of a month's profit kept as the reserve. */
  reservePercent: percent(cooperativeMessages.reservePercent, COOPERATIVE_SETTINGS_LIMITS.maxReservePercentBps),
  /** The share of a leaving member's holding the cooperative keeps. */
  exitFeePercent: percent(cooperativeMessages.exitFeePercent, COOPERATIVE_SETTINGS_LIMITS.maxExitFeePercentBps),
  /** Whether members may ask to withdraw their allocated returns. */
  allowReturnWithdrawals: z.boolean({ error: cooperativeMessages.allowReturnWithdrawals }),
  /** Megabytes of files each account may keep. */
  uploadQuotaMb: wholeNumber(cooperativeMessages.uploadQuotaMb, 1, COOPERATIVE_SETTINGS_LIMITS.maxUploadQuotaMb),
});
/** The settings as the server keeps and applies them (the amount in cents). */
export type CooperativeSettingsBody = z.output<typeof cooperativeSettingsBody>;
/** The settings as sent (the amount in rand). */
export type CooperativeSettingsInput = z.input<typeof cooperativeSettingsBody>;

/** `PUT /api/admin/settings/cooperative` (the super admin): the cooperative's name, registration number and province. */
export const cooperativeDetailsBody = z.object({
  name: z
    .string({ error: cooperativeMessages.name })
    .trim()
    .min(2, { error: cooperativeMessages.name })
    .max(120, { error: cooperativeMessages.name }),
  /** Optional, as registered (e.g. 2019/123456/24); blank or null is none (the form sends what it read). */
  registrationNumber: z
    .string({ error: cooperativeMessages.registrationNumber })
    .trim()
    .max(40, { error: cooperativeMessages.registrationNumber })
    .regex(/^[A-Za-z0-9 /-]*$/, { error: cooperativeMessages.registrationNumber })
    .nullable()
    .optional()
    .transform((value) => value || null),
  province: z.enum(southAfricanProvinces, { error: cooperativeMessages.province }),
});
export type CooperativeDetailsBody = z.output<typeof cooperativeDetailsBody>;
export type CooperativeDetailsInput = z.input<typeof cooperativeDetailsBody>;

const settingsValues = {
  expenseDualApprovalAbove: rand.describe('Expenses and income above this amount need two approvers'),
  reservePercent: z.number().describe("The share of a month's profit kept as the reserve, 0 to 5"),
  exitFeePercent: z.number().describe("The share of a leaving member's holding the cooperative keeps, 0 to 10"),
  allowReturnWithdrawals: z.boolean().describe('Whether members may ask to withdraw their allocated returns'),
  uploadQuotaMb: z.number().int().describe('Megabytes of files each account may keep'),
};

/** The cooperative's settings in force, and the installation's defaults they replace once saved. */
export const cooperativeSettingsAnswer = z
  .object({
    ...settingsValues,
    isSaved: z.boolean().describe("False while the installation's defaults (its environment variables) apply"),
    updatedAt: timestamp.nullable(),
    defaults: z.object(settingsValues).describe("The installation's defaults, from its environment variables"),
  })
  .meta({ id: 'CooperativeSettings' });
export type CooperativeSettings = z.infer<typeof cooperativeSettingsAnswer>;

/** The cooperative's own details; the slug names it in links and is not changed here. */
export const cooperativeDetailsAnswer = z
  .object({
    id,
    name: z.string(),
    slug: z.string().describe('Short name in links: lower-case letters, digits and hyphens'),
    registrationNumber: z.string().nullable(),
    province: z.string().nullable(),
    updatedAt: timestamp,
  })
  .meta({ id: 'CooperativeDetails' });
export type CooperativeDetails = z.infer<typeof cooperativeDetailsAnswer>;
