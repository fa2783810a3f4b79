import { z } from 'zod';
import { day, fileUrl, id, month, rand, timestamp } from '../answer-fields.js';
import { monthEndSteps, periodRequestKinds, periodStatuses } from './month-end.js';
import { recordStatuses, reversalStatuses } from './records.js';

const who = z.object({ id, fullName: z.string().nullable() });

/** An expense or an income as the admin pages read it (`RecordView`). */
export const recordView = z
  .object({
    id,
    category: z.string(),
    categoryLabel: z.string(),
    amount: rand,
    date: day,
    period: month,
    description: z.string(),
    documentUrl: fileUrl.describe('The receipt of an expense, the proof of an income'),
    status: z.enum(recordStatuses),
    approvalsNeeded: z.number().int().min(1).describe("Two above the cooperative's dual-approval amount"),
    approverIds: z.array(id),
    rejectionReason: z.string().nullable().describe('Why it was rejected, or reversed'),
    pool: z.object({ id, name: z.string() }),
    recordedBy: who,
    decidedAt: timestamp.nullable(),
    createdAt: timestamp,
    isAdjustment: z
      .boolean()
      .describe(
        'An adjusting entry (a bank charge, interest, a correction): a locked month takes it until it is closed',
      ),
    reversal: z
      .object({
        id,
        status: z.enum(reversalStatuses),
        reason: z.string(),
        approvalsNeeded: z.number().int().min(1),
        approverIds: z.array(id),
        requestedBy: who,
        rejectionReason: z.string().nullable(),
        createdAt: timestamp,
        decidedAt: timestamp.nullable(),
      })
      .nullable()
      .describe('The latest request to reverse it; pending until other admins decide'),
  })
  .meta({ id: 'BooksRecord' });

/** Which months may take a posting, and whether the super admin may still set the books' start. */
export const booksStartAnswer = z.object({
  booksStart: month.nullable().describe('The first month of the books; null until the first posting'),
  lastClosed: month.nullable(),
  locked: z.array(month),
  firstOpenPeriod: month.nullable().describe('The first month a posting may be dated in'),
  hasPostings: z.boolean().describe('Once anything is posted, the start can no longer be set'),
});

/** A page of expenses or income, with the totals by category of everything the filters match. */
export const recordPage = z.object({
  items: z.array(recordView),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  totalsByCategory: z.array(z.object({ category: z.string(), label: z.string(), approved: rand, pending: rand })),
});

export const trialBalance = z.object({
  period: month,
  accounts: z.array(z.object({ account: z.string(), label: z.string(), debit: rand, credit: rand, movement: rand })),
  totalDebit: rand,
  totalCredit: rand,
  isBalanced: z.boolean(),
});

export const periodSummary = z.object({
  period: month,
  status: z.enum(periodStatuses),
  nextStep: z.enum(monthEndSteps).nullable(),
  hasEnded: z.boolean().describe('The month is over, so it can be closed'),
});

const pendingItem = z.object({ id, amount: rand, date: day, description: z.string() });

/** One month's close: its steps, what still waits in it, the bank, the split and the reports. */
export const periodDetail = z
  .object({
    period: month,
    status: z.enum(periodStatuses),
    nextStep: z.enum(monthEndSteps).nullable(),
    steps: z.array(
      z.object({
        step: z.enum(monthEndSteps),
        label: z.string(),
        doneBy: who.nullable(),
        doneAt: timestamp.nullable(),
      }),
    ),
    pending: z
      .object({ payments: z.array(pendingItem), expenses: z.array(pendingItem), income: z.array(pendingItem) })
      .describe('Payments, expenses and income of the month still waiting for a decision'),
    bank: z.object({
      ledgerBalance: rand,
      statementBalance: rand.nullable(),
      difference: rand.nullable(),
      statementUrl: fileUrl.nullable(),
    }),
    calculation: z
      .object({
        calculatedBy: who,
        reservePercent: z.number(),
        pools: z.array(
          z.object({
            poolId: id,
            poolName: z.string(),
            income: rand,
            expenses: rand,
            profit: rand,
            reserve: rand,
            allocatedBefore: rand,
            toAllocate: rand,
            members: z.array(
              z.object({
                userId: id,
                fullName: z.string().nullable(),
                shareDays: z.number().describe('Rand-days of paid-up capital'),
                share: rand,
              }),
            ),
          }),
        ),
      })
      .nullable(),
    reports: z
      .record(z.string(), fileUrl)
      .nullable()
      .describe('Each report file by name (`income-statement.pdf`, `trial-balance.csv`, ...)'),
    adjustments: z
      .array(
        z.object({
          id,
          kind: z.enum(['expense', 'income']),
          categoryLabel: z.string(),
          amount: rand,
          date: day,
          description: z.string(),
          status: z.enum(recordStatuses),
        }),
      )
      .describe(
        "The month's adjusting entries (bank charges, interest, corrections), which the bank figures include once approved",
      ),
    reopenRequests: z.array(
      z.object({
        id,
        kind: z.enum(periodRequestKinds).describe('reopen a closed month, or unlock a locked one'),
        reason: z.string(),
        status: z.enum(['pending', 'approved', 'rejected']),
        requestedBy: who,
        decidedBy: who.nullable(),
        createdAt: timestamp,
        decidedAt: timestamp.nullable(),
      }),
    ),
  })
  .meta({ id: 'MonthEnd' });

/** The cooperative's last twelve months: the pools' value and the month's income and expenses. */
export const ledgerMonths = z.array(z.object({ period: month, value: rand, income: rand, expenses: rand }));

/** A member's statement as JSON. */
export const statement = z
  .object({
    number: z.string(),
    from: day,
    to: day,
    openingBalance: rand,
    closingBalance: rand,
    payments: rand,
    returns: rand,
    payouts: rand,
    lines: z.array(
      z.object({
        date: day,
        reference: z.string().describe('The journal entry'),
        type: z.string(),
        pool: z.string(),
        amount: rand,
        balance: rand,
      }),
    ),
    loans: z
      .object({
        openingOwed: rand,
        closingOwed: rand,
        interestPaid: rand.describe('Loan interest paid in the range'),
        lines: z.array(
          z.object({
            date: day,
            reference: z.string().describe('The journal entry'),
            type: z.string().describe('Loan paid out, Loan repayment, Late penalty, Penalty paid, Penalty waived, ...'),
            loan: z.string().describe('LN-000042'),
            amount: rand.describe('Positive adds to what is owed'),
            owed: rand,
          }),
        ),
      })
      .describe('What the member owes on loans (principal and late penalties) and its movements'),
  })
  .meta({ id: 'Statement' });

export const closedMonths = z.object({
  today: day,
  months: z.array(z.object({ period: month, first: day, last: day })),
});

/** A member's capital and returns at the end of each of the last twelve months. */
export const memberMonths = z.array(z.object({ period: month, capital: rand, returns: rand }));

/**
 * A member's position today, as their dashboard shows it: the closing figures of a statement that
 * ends today, and the capital they have pledged for other members' loans.
 */
export const memberPosition = z.object({
  asOf: day.describe("The books' day the figures are at: a statement ending that day closes on the same"),
  capital: rand.describe('Capital paid in, less capital paid out'),
  returns: rand.describe('Returns allocated (profits less losses), less returns paid out'),
  loansOwed: rand.describe('Owed on loans paid out: principal not repaid, late penalties not paid or waived'),
  netPosition: rand.describe('Capital plus returns, less loans owed; negative when the loans are more'),
  heldForGuarantees: rand.describe(
    "Capital pledged for other members' loans this member guarantees: held until those loans are repaid",
  ),
  guaranteesHeld: z.number().int().min(0).describe('How many loans that capital is held for'),
});

// What the web app reads: the types of the answers above.
export type BooksRecord = z.infer<typeof recordView>;
export type BooksStart = z.infer<typeof booksStartAnswer>;
export type RecordPage = z.infer<typeof recordPage>;
export type TrialBalance = z.infer<typeof trialBalance>;
export type PeriodSummary = z.infer<typeof periodSummary>;
export type PeriodDetail = z.infer<typeof periodDetail>;
export type LedgerMonths = z.infer<typeof ledgerMonths>;
export type StatementView = z.infer<typeof statement>;
export type ClosedMonths = z.infer<typeof closedMonths>;
export type MemberMonths = z.infer<typeof memberMonths>;
export type MemberPosition = z.infer<typeof memberPosition>;
