import { z } from 'zod';
import { day, id, rand, timestamp } from '../answer-fields.js';
import { userView } from '../auth/answers.js';
import { exitStatuses, withdrawalStatuses } from '../exits/constants.js';
import { membershipStatuses, paymentStatuses, transactionTypes } from '../investing/constants.js';
import { kinView } from '../kyc/answers.js';
import { loanStatuses } from '../loans/constants.js';
import { registrationStatuses } from '../status.js';
import { queueKeys, type QueueKey } from './queues.js';

/** The counts on the admin dashboard. */
const waitingCount = z.number().int().min(0);
export const pendingCounts = z
  .object({
    registrations: waitingCount.optional(),
    corrections: waitingCount.optional(),
    passwordResets: waitingCount.optional().describe('Assisted password resets waiting for a second admin'),
    poolRequests: waitingCount.optional().describe('Requests to join a pool'),
    payments: waitingCount.optional(),
    loanRepayments: waitingCount.optional().describe('Loan repayments waiting for the payments desk'),
    loans: waitingCount.optional().describe('Loans waiting for approval or to be paid out'),
    loanWaivers: waitingCount.optional().describe('Late penalties asked to be waived'),
    withdrawals: waitingCount.optional(),
    exits: waitingCount.optional(),
    expenses: waitingCount.optional(),
    expenseReversals: waitingCount.optional(),
    income: waitingCount.optional(),
    incomeReversals: waitingCount.optional(),
    monthRequests: waitingCount.optional().describe('Requests to reopen or unlock a month'),
    staffGrants: waitingCount.optional().describe('New admins and role changes waiting for approval'),
  } satisfies Record<QueueKey, z.ZodType>)
  .describe("Items waiting in each queue the admin's roles decide; a queue outside them is left out");

/** A registration waiting for review: the account and when it was submitted. */
export const registrationView = userView.extend({ submittedAt: timestamp.nullable() }).meta({ id: 'Registration' });

/** A member's registration with their next of kin, as the reviewer reads it. */
export const registrationDetail = registrationView
  .extend({ nextOfKin: z.array(kinView) })
  .meta({ id: 'RegistrationDetail' });

/** One row of the audit log (`AuditEntryView` in the domain). */
export const auditEntryView = z
  .object({
    id: z.number().int(),
    at: timestamp,
    actor: z.object({ id, email: z.string(), fullName: z.string().nullable() }).nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    outcome: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    before: z.unknown().describe('The subject before the decision, as the audit row keeps it'),
    after: z.unknown(),
  })
  .meta({ id: 'AuditEntry' });

export const auditPage = z.object({
  entries: z.array(auditEntryView),
  pagination: z.object({
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
    total: z.number().int().min(0),
    totalPages: z.number().int().min(0),
  }),
});

const accountStatus = z.enum(['active', 'suspended']);

/** A page of the members directory. */
export const memberDirectoryPage = z.object({
  items: z.array(
    z.object({
      id,
      fullName: z.string().nullable(),
      email: z.string(),
      phoneNumber: z.string().nullable(),
      registrationStatus: z.enum(registrationStatuses),
      accountStatus,
      createdAt: timestamp,
      pools: z
        .array(z.object({ name: z.string(), status: z.enum(membershipStatuses), totalPaid: rand }))
        .describe('Pending and approved memberships'),
    }),
  ),
  total: z
    .number()
    .int()
    .min(0)
    .describe('Exact for the whole directory; with a search or filter, counted up to 10 000'),
  totalIsCapped: z.boolean().describe('More members match than the total says'),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
});

/** A member's page: their account, money, loans, exits, withdrawals and the audit trail about them. */
export const memberDetail = z
  .object({
    id,
    fullName: z.string().nullable(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    registrationStatus: z.enum(registrationStatuses),
    accountStatus,
    emailVerifiedAt: timestamp.nullable(),
    createdAt: timestamp,
    isAdmin: z.literal(false),
    memberships: z.array(
      z.object({
        id,
        pool: z.string(),
        status: z.enum(membershipStatuses),
        shares: z.number().int(),
        totalCommitment: rand,
        totalPaid: rand,
        returns: rand,
        returnsPaid: rand,
      }),
    ),
    payments: z.array(
      z.object({
        id,
        amount: rand,
        status: z.enum(paymentStatuses),
        type: z.enum(transactionTypes),
        createdAt: timestamp,
      }),
    ),
    loans: z.array(
      z.object({ id, number: z.string(), status: z.enum(loanStatuses), amount: rand, createdAt: timestamp }),
    ),
    exits: z.array(z.object({ id, status: z.enum(exitStatuses), noticeEndsOn: day, createdAt: timestamp })),
    withdrawals: z.array(z.object({ id, status: z.enum(withdrawalStatuses), amount: rand, createdAt: timestamp })),
    auditTrail: z.array(
      z.object({
        id: z.number().int(),
        action: z.string(),
        actor: z.string().nullable(),
        outcome: z.string().nullable(),
        createdAt: timestamp,
      }),
    ),
  })
  .meta({ id: 'MemberDetail' });

const queueKey = z.enum(queueKeys as [QueueKey, ...QueueKey[]]);

/** One thing waiting for a decision in My Tasks. */
export const taskItem = z
  .object({
    queue: queueKey
      .nullable()
      .describe('The queue it waits in (`waitingQueues`: its label, role and page); null for a month to close'),
    id: z.string().describe('The id of what waits (a month, `YYYY-MM`, for the month end)'),
    title: z.string(),
    detail: z.string(),
    path: z.string().describe('The admin page where it is decided'),
    since: timestamp,
  })
  .meta({ id: 'Task' });

/** A queue holding more than My Tasks lists of it. */
export const taskQueueLink = z
  .object({
    queue: queueKey,
    label: z.string().describe('The queue as the admin knows it: "Payments", "Pool requests"'),
    path: z.string().describe('The admin page listing all of it'),
  })
  .meta({ id: 'TaskQueueLink' });

export const tasks = z.object({
  waiting: z
    .array(taskItem)
    .describe("Waiting for this admin's decision, oldest first: at most the ten oldest of each queue"),
  started: z.array(taskItem).describe('What this admin started that waits for someone else'),
  more: z.array(taskQueueLink).describe('The queues holding more than the list shows, each with its page'),
});

const resetPerson = z.object({ id, fullName: z.string().nullable() });

/** An assisted password reset, started by one member admin and approved by another. */
export const assistedResetView = z.object({
  id,
  status: z.enum(['pending', 'approved']),
  member: resetPerson,
  maker: resetPerson.nullable(),
  createdAt: timestamp,
  expiresAt: timestamp,
});

/** An approved assisted reset with its one-time code, answered once. */
export const approvedAssistedReset = assistedResetView.extend({ code: z.string() });

/** A request, reset or registration step refused. */
export const rejectedAnswer = z.object({ rejected: z.literal(true) });

// What the web app reads: the types of the answers above.
export type PendingCounts = z.infer<typeof pendingCounts>;
export type RegistrationView = z.infer<typeof registrationView>;
export type RegistrationDetail = z.infer<typeof registrationDetail>;
export type AuditEntryView = z.infer<typeof auditEntryView>;
export type AuditPage = z.infer<typeof auditPage>;
export type MemberDirectoryPage = z.infer<typeof memberDirectoryPage>;
export type MemberDetail = z.infer<typeof memberDetail>;
export type TaskItem = z.infer<typeof taskItem>;
export type TaskQueueLink = z.infer<typeof taskQueueLink>;
export type MyTasks = z.infer<typeof tasks>;
export type AssistedReset = z.infer<typeof assistedResetView>;
export type ApprovedAssistedReset = z.infer<typeof approvedAssistedReset>;
export type RejectedAnswer = z.infer<typeof rejectedAnswer>;
