import {
  centsToRand,
  dayOf,
  daysBetween,
  exitSettlement,
  exitMessages,
  exitStatusLabels,
  formatLoanNumber,
  formatRand,
  maskAccountNumber,
  memberHolding,
  type ExitStatus,
} from '@letsema/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  exitRequests,
  loanRepayments,
  loans,
  memberships,
  payments,
  payoutAccounts,
  pools,
  users,
} from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/tokens.js';
import { readCooperativeSettings } from '../cooperative/settings.js';
import { adminPayoutAccountView, type PayoutAccountRow } from '../payout-account/service.js';
import { today, type PayoutDeps } from './deps.js';

export type ExitRow = typeof exitRequests.$inferSelect;
type MembershipRow = typeof memberships.$inferSelect;

/** A payment or loan repayment still waiting for a decision, which an exit's settlement waits for. */
export type PendingItem = {
  kind: 'payment' | 'loan_repayment';
  id: string;
  amount: number;
  sentOn: string;
  description: string;
};

export type MemberExtra = {
  poolName: string;
  member?: { fullName: string | null; email: string };
  /** In the admins' answers: the member's payout account (null when they have none). */
  payout?: PayoutAccountRow | null;
};

export const isOpen = (row: ExitRow) => ['requested', 'settled', 'approved'].includes(row.status);

/** What a member holds in a membership: capital paid in, and returns allocated but not yet paid out. */
export const holding = (membership: MembershipRow) => memberHolding(membership);

/** An exit as the audit log keeps it: without the account holder's name. */
/** An exit under a row lock, for a decision on it; 404 when there is none. */
export async function lockExit(tx: Executor, id: string): Promise<ExitRow> {
  if (!isUuid(id)) throw notFound(exitMessages.notFound);
  const [exit] = await tx.select().from(exitRequests).where(eq(exitRequests.id, id)).for('update');
  if (!exit) throw notFound(exitMessages.notFound);
  return exit;
}

export function exitForAudit(row: ExitRow | undefined) {
  return row ? { ...row, accountHolder: undefined } : row;
}

/** Principal each member owes on active loans in each pool (`userId:poolId`), for the estimates. */
export async function loansOwed(executor: Executor, rows: { e: ExitRow }[]): Promise<Map<string, number>> {
  const userIds = [...new Set(rows.map((row) => row.e.userId))];
  if (userIds.length === 0) return new Map();
  const owed = await executor
    .select({
      userId: loans.userId,
      poolId: loans.poolId,
      cents: sql<string>`sum(${loans.principalCents} - ${loans.principalRepaidCents})`,
    })
    .from(loans)
    .where(and(inArray(loans.userId, userIds), eq(loans.status, 'active')))
    .groupBy(loans.userId, loans.poolId);
  return new Map(owed.map((row) => [`${row.userId}:${row.poolId}`, Number(row.cents)]));
}

/** The member's payout account with the whole number, in the admins' answers only. */
export function payoutAccountOf(deps: PayoutDeps, extra: MemberExtra) {
  if (extra.payout === undefined) return {};
  return {
    payoutAccount: adminPayoutAccountView(extra.payout ?? undefined, extra.member?.fullName ?? null, deps.clock.now()),
  };
}

export function exitView(
  deps: PayoutDeps,
  row: ExitRow,
  extra: MemberExtra,
  estimate?: { held: ReturnType<typeof holding>; exitFeePercent: number; owedOnLoans?: number | undefined },
  pending?: PendingItem[],
) {
  const daysLeft = Math.max(0, daysBetween(today(deps), row.noticeEndsOn));
  // Before the settlement: what the member holds less the fee and the principal they owe on loans.
  const estimatedCents = estimate
    ? exitSettlement(estimate.held, estimate.exitFeePercent, estimate.owedOnLoans ?? 0).payoutCents
    : null;
  return {
    id: row.id,
    userId: row.userId,
    membershipId: row.membershipId,
    pool: { id: row.poolId, name: extra.poolName },
    ...(extra.member ? { member: extra.member } : {}),
    reason: row.reason,
    status: row.status as ExitStatus,
    statusLabel: exitStatusLabels[row.status as ExitStatus],
    requestedAt: row.createdAt.toISOString(),
    noticeEndsOn: row.noticeEndsOn,
    daysLeft,
    isNoticeOver: daysLeft === 0,
    estimate:
      row.payoutCents !== null
        ? centsToRand(row.payoutCents)
        : estimatedCents === null
          ? null
          : centsToRand(estimatedCents),
    settlement:
      row.payoutCents === null
        ? null
        : {
            capital: centsToRand(row.capitalCents!),
            returns: centsToRand(row.returnsCents!),
            fee: centsToRand(row.feeCents!),
            loans: centsToRand(row.loanSettlementCents ?? 0),
            payout: centsToRand(row.payoutCents),
            valuedAt: row.valuedAt,
            isEarly: Boolean(row.earlyReason),
            earlyReason: row.earlyReason,
            preparedBy: row.preparedBy,
            preparedAt: row.preparedAt?.toISOString() ?? null,
          },
    approvalsNeeded: row.approvalsNeeded,
    approverIds: row.approverIds,
    paidAt: row.paidAt?.toISOString() ?? null,
    proofUrl: row.proofUrl,
    rejectionReason: row.rejectionReason,
    ...(pending ? { pending } : {}),
    account:
      row.accountLast4 === null
        ? null
        : {
            bankName: row.bankName ?? '',
            accountHolder: row.accountHolder ?? '',
            accountNumber: maskAccountNumber(row.accountLast4),
          },
    ...payoutAccountOf(deps, extra),
  };
}

/** Exits with their pool, their member, the membership and the member's payout account. */
export const selectExits = (deps: PayoutDeps) =>
  deps.db
    .select({
      e: exitRequests,
      poolName: pools.name,
      member: { fullName: users.fullName, email: users.email },
      m: memberships,
      payout: payoutAccounts,
    })
    .from(exitRequests)
    .innerJoin(pools, eq(pools.id, exitRequests.poolId))
    .innerJoin(users, eq(users.id, exitRequests.userId))
    .innerJoin(memberships, eq(memberships.id, exitRequests.membershipId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, exitRequests.userId));

/** One exit as its member (with `userId`) or the admins see it; another member's exit answers 404. */
export async function findExit(deps: PayoutDeps, id: string, userId?: string) {
  if (!isUuid(id)) throw notFound(exitMessages.notFound);
  const [row] = await selectExits(deps).where(
    and(eq(exitRequests.id, id), userId ? eq(exitRequests.userId, userId) : undefined),
  );
  if (!row) throw notFound(exitMessages.notFound);
  const owed = await loansOwed(deps.db, [row]);
  const { exitFeePercent } = await readCooperativeSettings(deps.db, deps.config.cooperativeDefaults);
  // The admins see what the member still has pending while the exit is open.
  const pending = !userId && isOpen(row.e) ? (await pendingOf(deps.db, [row.e])).get(row.e.membershipId) : undefined;
  return exitView(
    deps,
    row.e,
    userId
      ? { poolName: row.poolName, member: row.member }
      : { poolName: row.poolName, member: row.member, payout: row.payout },
    { held: holding(row.m), exitFeePercent, owedOnLoans: owed.get(`${row.e.userId}:${row.e.poolId}`) },
    pending,
  );
}

/**
 * What a member leaving a pool still has pending there (payments into the membership, repayments
 * of loans in the pool), per membership: an exit is settled only once each is decided.
 */
export async function pendingOf(
  executor: Executor,
  rows: { membershipId: string; userId: string; poolId: string }[],
): Promise<Map<string, PendingItem[]>> {
  const byMembership = new Map<string, PendingItem[]>(rows.map((row) => [row.membershipId, []]));
  if (rows.length === 0) return byMembership;
  // One after the other: inside a transaction the connection runs one statement at a time.
  const waitingPayments = await executor
    .select({
      id: payments.id,
      membershipId: payments.membershipId,
      amountCents: payments.amountCents,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(
      and(
        inArray(
          payments.membershipId,
          rows.map((row) => row.membershipId),
        ),
        eq(payments.status, 'pending'),
      ),
    )
    .orderBy(asc(payments.createdAt));
  const waitingRepayments = await executor
    .select({
      id: loanRepayments.id,
      amountCents: loanRepayments.amountCents,
      paidOn: loanRepayments.paidOn,
      number: loans.number,
      userId: loans.userId,
      poolId: loans.poolId,
    })
    .from(loanRepayments)
    .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
    .where(
      and(
        inArray(loanRepayments.userId, [...new Set(rows.map((row) => row.userId))]),
        eq(loanRepayments.status, 'pending'),
      ),
    )
    .orderBy(asc(loanRepayments.createdAt));
  for (const payment of waitingPayments) {
    const day = dayOf(payment.createdAt);
    byMembership.get(payment.membershipId!)?.push({
      kind: 'payment',
      id: payment.id,
      amount: centsToRand(payment.amountCents),
      sentOn: day,
      description: exitMessages.pendingPayment(formatRand(payment.amountCents), day),
    });
  }
  for (const repayment of waitingRepayments) {
    for (const row of rows.filter((row) => row.userId === repayment.userId && row.poolId === repayment.poolId)) {
      byMembership.get(row.membershipId)!.push({
        kind: 'loan_repayment',
        id: repayment.id,
        amount: centsToRand(repayment.amountCents),
        sentOn: repayment.paidOn,
        description: exitMessages.pendingRepayment(
          formatRand(repayment.amountCents),
          formatLoanNumber(repayment.number),
          repayment.paidOn,
        ),
      });
    }
  }
  return byMembership;
}
