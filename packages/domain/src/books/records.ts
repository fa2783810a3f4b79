import { z } from 'zod';
import { rejectWithReasonBody } from '../admin/schemas.js';
import { randAmount } from '../pools/schemas.js';
import { expenseCategories, incomeCategories } from './ledger.js';
import { isPeriod } from './periods.js';

/** Expenses and income are recorded by one admin and decided by another. */
export const recordStatuses = ['pending', 'approved', 'rejected', 'reversed'] as const;
export type RecordStatus = (typeof recordStatuses)[number];

export const recordMessages = {
  category: 'Please choose a category',
  amount: 'Enter an amount in rand, with at most two decimals',
  date: 'Enter the date as YYYY-MM-DD',
  futureDate: 'The date cannot be in the future',
  pool: 'Please choose a pool',
  description: 'Please describe it (at most 500 characters)',
  receipt: 'Please upload the receipt',
  proof: 'Please upload the proof',
  notFound: 'Record not found',
  decided: 'This has been decided already',
  notApproved: 'Only an approved record can be reversed.',
  reversalReason: 'Please give the reason for the correction (at least 5 characters)',
  reversalPending: 'A reversal of this is already waiting for a decision.',
  noReversalPending: 'No reversal of this is waiting for a decision.',
  reversalMaker: 'You recorded, approved or asked to reverse this, so another admin must decide the reversal.',
} as const;

/** A request to reverse an approved expense or income, decided by other admins. */
export const reversalStatuses = ['pending', 'approved', 'rejected'] as const;
export type ReversalStatus = (typeof reversalStatuses)[number];

const isoDate = z
  .string({ error: recordMessages.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: recordMessages.date })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      error: recordMessages.date,
    },
  );

const fileUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\/api\/files\/[a-z0-9-]+\/[a-z0-9-]+\.(jpg|png|webp|pdf)$/, { error: message });

const uuid = (message: string) => z.string({ error: message }).uuid({ error: message });

const description = z
  .string({ error: recordMessages.description })
  .trim()
  .min(1, { error: recordMessages.description })
  .max(500, { error: recordMessages.description });

/**
 * Marks an adjusting entry (a bank charge, interest, a correction the reconciliation finds): a
 * month locked for month end takes it until it is closed.
 */
const isAdjustment = z.boolean({ error: 'Say whether it is an adjustment' }).default(false);

/** `POST /api/admin/expenses`. */
export const createExpenseBody = z.object({
  category: z.enum(expenseCategories, { error: recordMessages.category }),
  amount: randAmount(recordMessages.amount),
  date: isoDate,
  poolId: uuid(recordMessages.pool),
  description,
  receiptUrl: fileUrl(recordMessages.receipt),
  isAdjustment,
});
export type CreateExpenseBody = z.output<typeof createExpenseBody>;
export type CreateExpenseInput = z.input<typeof createExpenseBody>;

/** `POST /api/admin/income`. */
export const createIncomeBody = z.object({
  category: z.enum(incomeCategories, { error: recordMessages.category }),
  amount: randAmount(recordMessages.amount),
  date: isoDate,
  poolId: uuid(recordMessages.pool),
  description,
  proofUrl: fileUrl(recordMessages.proof),
  isAdjustment,
});
export type CreateIncomeBody = z.output<typeof createIncomeBody>;
export type CreateIncomeInput = z.input<typeof createIncomeBody>;

/** Rejecting an expense or income asks for a reason, as every rejection does. */
export const rejectRecordBody = rejectWithReasonBody;

/**
 * Asking to reverse an approved expense or income, with the reason; the reversing entry is posted
 * when other admins approve.
 */
export const reverseRecordBody = z.object({
  reason: z
    .string({ error: recordMessages.reversalReason })
    .trim()
    .min(5, { error: recordMessages.reversalReason })
    .max(1000, { error: recordMessages.reversalReason }),
});

/** The list filters of expenses and income. */
export const recordListQuery = z.object({
  period: z
    .string()
    .refine((value) => isPeriod(value), { error: 'Choose a month as YYYY-MM' })
    .optional(),
  category: z.string().max(40).optional(),
  status: z.enum(recordStatuses).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type RecordListQuery = z.output<typeof recordListQuery>;

export const statementMessages = {
  range: 'Choose a start and an end date, the start not after the end, at most five years apart',
} as const;

/** `GET /api/statements`: a date range (YYYY-MM-DD, both included) and the format. */
export const statementQuery = z
  .object({
    from: isoDate,
    to: isoDate,
    format: z.enum(['json', 'pdf', 'csv']).default('json'),
  })
  .refine(
    (query) => query.from <= query.to && Date.parse(query.to) - Date.parse(query.from) <= 5 * 366 * 24 * 60 * 60 * 1000,
    { error: statementMessages.range, path: ['to'] },
  );
export type StatementQuery = z.output<typeof statementQuery>;
