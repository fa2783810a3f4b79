import { z } from 'zod';
import { day, id, month, rand } from '../answer-fields.js';
import { paymentFrequencies } from '../instalments.js';
import { contributionStatuses } from './contribution-calendar.js';

const status = z.enum(contributionStatuses);
const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().describe('Everything that matches'),
  totalPages: z.number().int(),
});

/** One membership's contribution calendar as the member sees it. */
export const contributionCalendarView = z
  .object({
    membershipId: id,
    poolId: id,
    poolName: z.string(),
    installmentPlan: z.enum(paymentFrequencies),
    totalCommitment: rand,
    totalPaid: rand,
    isFullyPaid: z.boolean(),
    next: z
      .object({ number: z.number().int(), dueOn: day, amount: rand.describe('What is left to pay of it') })
      .nullable()
      .describe('The next instalment not yet overdue with something left to pay'),
    overdue: z
      .object({
        amount: rand,
        since: day.describe('The day of the oldest instalment not paid in full'),
        days: z.number().int(),
        instalments: z.number().int(),
      })
      .nullable(),
    instalments: z.array(
      z.object({
        number: z.number().int(),
        dueOn: day,
        amount: rand,
        paid: rand,
        status,
        daysOverdue: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'ContributionCalendar' });

/** `GET /api/payments/my-contributions`. */
export const myContributionsView = z.object({
  today: day.describe("The books' day the standings are judged on"),
  calendars: z.array(contributionCalendarView),
});

export const contributionRegisterPage = z
  .object({
    month,
    today: day,
    rows: z.array(
      z.object({
        instalmentId: id,
        membershipId: id,
        userId: id,
        memberNumber: z.string(),
        memberName: z.string(),
        poolId: id,
        poolName: z.string(),
        number: z.number().int(),
        instalments: z.number().int().describe('How many the membership has'),
        dueOn: day,
        amount: rand,
        paid: rand,
        outstanding: rand,
        status,
        daysOverdue: z.number().int(),
      }),
    ),
    totals: z.object({
      instalments: z.number().int(),
      due: rand,
      paid: rand,
      outstanding: rand,
      overdue: rand,
      inAdvance: rand,
      counts: z.object(
        Object.fromEntries(contributionStatuses.map((s) => [s, z.number().int()])) as Record<
          (typeof contributionStatuses)[number],
          z.ZodNumber
        >,
      ),
    }),
    pagination,
  })
  .meta({ id: 'ContributionRegisterPage' });

export const arrearsPage = z
  .object({
    today: day,
    rows: z.array(
      z.object({
        membershipId: id,
        userId: id,
        memberNumber: z.string(),
        memberName: z.string(),
        phoneNumber: z.string().nullable(),
        poolId: id,
        poolName: z.string(),
        overdue: rand,
        instalments: z.number().int().describe('Instalments not paid in full whose day has passed'),
        oldestDueOn: day,
        daysOverdue: z.number().int(),
      }),
    ),
    totals: z.object({ members: z.number().int(), overdue: rand }),
    pagination,
  })
  .meta({ id: 'ArrearsPage' });

export type MyContributions = z.infer<typeof myContributionsView>;
export type ContributionCalendarView = z.infer<typeof contributionCalendarView>;
export type ContributionRegisterPage = z.infer<typeof contributionRegisterPage>;
export type ArrearsPage = z.infer<typeof arrearsPage>;
