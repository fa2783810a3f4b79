import { z } from 'zod';
import { randToCents } from '../money.js';
import { formatPeriod, isPeriod } from './periods.js';

/** The month-end steps, in the order they must be done (spec section 9). */
export const monthEndSteps = ['lock', 'reconcile', 'calculate', 'allocate', 'reports', 'close'] as const;
export type MonthEndStep = (typeof monthEndSteps)[number];

export const monthEndStepLabels: Record<MonthEndStep, string> = {
  lock: 'Lock transactions',
  reconcile: 'Reconcile accounts',
  calculate: 'Calculate profits',
  allocate: 'Allocate to members',
  reports: 'Generate reports',
  close: 'Close period',
};

/** open: postings accepted; locked: steps under way, nothing new dated in it; closed: final. */
export const periodStatuses = ['open', 'locked', 'closed'] as const;
export type PeriodStatus = (typeof periodStatuses)[number];

/** The step that comes next after the ones done, or null when the period is closed. */
export function nextMonthEndStep(done: readonly MonthEndStep[]): MonthEndStep | null {
  return monthEndSteps.find((step) => !done.includes(step)) ?? null;
}

export const monthEndMessages = {
  period: 'Choose a month as YYYY-MM',
  notEnded: 'This month has not ended yet. It can be locked from the first day of the next month.',
  earlierOpen: (period: string) => `Close ${formatPeriod(period)} first: months are closed in order.`,
  outOfOrder: (step: string) => `Do "${step}" first.`,
  alreadyDone: 'This step has been done already.',
  pendingLeft: 'Decide the payments, expenses and income still pending for this month first.',
  difference: (difference: string) =>
    `The bank statement and the ledger differ by ${difference}. Record the income or expenses that explain it as adjustments dated in the month, then reconcile again.`,
  sameCalculator: 'You calculated this split, so another month-end admin must allocate it.',
  leftSinceCalculation: (name: string) =>
    `${name} has been paid out of the pool since the split was calculated and takes no share of this month. Calculate the split again.`,
  bankBalance: 'Enter the closing balance on the bank statement, in rand',
  statement: 'Please upload the bank statement',
  reopenReason: 'Please give the reason for reopening (at least 10 characters)',
  notClosed: 'Only a closed month can be reopened.',
  reopenPending: 'A request to reopen this month is already waiting for a decision.',
  sameRequester: 'You asked for this month to be reopened, so another month-end admin must decide.',
  unlockReason: 'Please give the reason for unlocking (at least 10 characters)',
  notLocked: 'Only a locked month that is not yet closed can be unlocked.',
  unlockPending: 'A request to unlock this month is already waiting for a decision.',
  sameUnlockRequester: 'You asked for this month to be unlocked, so another month-end admin must decide.',
  unlockWaiting: 'A request to unlock this month is waiting for a decision: decide it first.',
  reversalWaiting: (what: string, more: number) =>
    `A reversal of ${what}${more > 0 ? ` and ${more} more` : ''} is waiting for a decision. Decide it before this month is locked or closed.`,
} as const;

/** A request about a month's status: reopening a closed month, or unlocking a locked one. */
export const periodRequestKinds = ['reopen', 'unlock'] as const;
export type PeriodRequestKind = (typeof periodRequestKinds)[number];

export const periodParam = z
  .string({ error: monthEndMessages.period })
  .refine((value) => isPeriod(value), { error: monthEndMessages.period });

export const monthEndStepParams = z.object({
  period: periodParam,
  step: z.enum(monthEndSteps, { error: 'Unknown month-end step' }),
});

/** The bank balance may be zero or negative (an overdraft), unlike amounts paid. */
export const reconcileBody = z.object({
  bankClosingBalance: z
    .union([z.number(), z.string()], { error: monthEndMessages.bankBalance })
    .transform((value, ctx) => {
      // Read as every other amount (a decimal comma, thousands apart, an R): the page shows the
      // ledger's balance as "R 12 348.77", and what it shows may be typed back.
      const cents = randToCents(value);
      if (cents === null || Math.abs(cents) >= 1_000_000_000_000_00) {
        ctx.addIssue({ code: 'custom', message: monthEndMessages.bankBalance });
        return z.NEVER;
      }
      return cents;
    }),
  bankStatementUrl: z
    .string({ error: monthEndMessages.statement })
    .trim()
    .regex(/^\/api\/files\/[a-z0-9-]+\/[a-z0-9-]+\.(jpg|png|webp|pdf)$/, { error: monthEndMessages.statement }),
});
export type ReconcileBody = z.output<typeof reconcileBody>;

export const reopenBody = z.object({
  reason: z
    .string({ error: monthEndMessages.reopenReason })
    .trim()
    .min(10, { error: monthEndMessages.reopenReason })
    .max(1000, { error: 'The reason may be at most 1000 characters' }),
});
export type ReopenBody = z.output<typeof reopenBody>;

/** Asking a second month-end admin to unlock a locked month, with the reason. */
export const unlockBody = z.object({
  reason: z
    .string({ error: monthEndMessages.unlockReason })
    .trim()
    .min(10, { error: monthEndMessages.unlockReason })
    .max(1000, { error: 'The reason may be at most 1000 characters' }),
});
export type UnlockBody = z.output<typeof unlockBody>;
