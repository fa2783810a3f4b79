import {
  centsToRand,
  dayOf,
  daysBetween,
  EXIT_NOTICE_DAYS,
  exitFeeCents,
  exitMessages,
  exitStatusLabels,
  formatLoanNumber,
  formatRand,
  loanMessages,
  maskAccountNumber,
  PAYOUT_REAUTH_MINUTES,
  payoutAccountMessages,
  periodOfDay,
  payoutRecord,
  singleChecker,
  withdrawalMessages,
  withdrawalStatusLabels,
  type ExitStatus,
  type RequestExitBody,
  type RequestWithdrawalBody,
  type WithdrawalStatus,
} from '@letsema/domain';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { fixedCondition } from '../../db/sql-json.js';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import {
  accountingPeriods,
  exitRequests,
  files,
  loanRepayments,
  loans,
  memberships,
  payments,
  payoutAccounts,
  pools,
  users,
  withdrawals,
} from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, conflict, invalidState, notFound } from '../../lib/errors.js';
import { requireFreshProof } from '../../lib/fresh-proof.js';
import { assertCanDecide } from '../../lib/maker-checker.js';
import { isUuid } from '../auth/tokens.js';
import type { BooksClock } from '../books/records-service.js';
import { postEntry } from '../ledger/posting.js';
import { loansToSettleOnExit, settleLoansFromExit } from '../loans/exits.js';
import { notifyMember } from '../notifications/service.js';
import {
  adminPayoutAccountView,
  findPayoutAccount,
  notYouParagraph,
  tellMemberNow,
  usablePayoutAccount,
  type PayoutAccountRow,
} from '../payout-account/service.js';

type ExitRow = typeof exitRequests.$inferSelect;
type WithdrawalRow = typeof withdrawals.$inferSelect;
type MembershipRow = typeof memberships.$inferSelect;
/** A payment or loan repayment still waiting for a decision, which an exit's settlement waits for. */
type PendingItem = {
  kind: 'payment' | 'loan_repayment';
  id: string;
  amount: number;
  sentOn: string;
  description: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;

const isOpen = (row: ExitRow) => ['requested', 'settled', 'approved'].includes(row.status);
type MemberExtra = {
  poolName: string;
  member?: { fullName: string | null; email: string };
  /** In the admins' answers: the member's payout account (null when they have none). */
  payout?: PayoutAccountRow | null;
};

/** Who asks for a payout: the member, and the session that must hold fresh proof of identity. */
export interface PayoutActor {
  id: string;
  sessionId: string;
}

const payoutProofUsed = 'This proof of transfer is attached to another payout already. Upload the proof of this one.';

/** Runs a payout's transaction, answering a proof a concurrent payout took first as 409, not 500. */
async function withProofConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === 'exit_requests_proof_key' || constraint === 'withdrawals_proof_key')) {
      throw conflict(payoutProofUsed);
    }
    throw error;
  }
}

/** The day `days` after a calendar day. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** What a member holds in a membership: capital paid in, and returns allocated but not yet paid out. */
function holding(membership: MembershipRow) {
  const capitalCents = membership.totalPaidCents;
  const returnsCents = membership.actualReturnCents - membership.returnsPaidCents;
  return { capitalCents, returnsCents, totalCents: capitalCents + returnsCents };
}

/** An exit as the audit log keeps it: without the account holder's name. */
function exitForAudit(row: ExitRow | undefined) {
  return row ? { ...row, accountHolder: undefined } : row;
}

/**
 * Money going back to members: exits (90 days' notice, a settlement prepared by one exit admin and
 * approved by another, two for an early exit, then paid with a proof) and withdrawals of allocated
 * returns (approved by an admin, then paid). A payout posts to the ledger in the transaction that
 * marks it paid, once.
 */
export function createPayoutService(deps: {
  db: Db;
  clock: BooksClock;
  config: Pick<Config, 'publicUrl'> & { books: Config['books'] };
}) {
  const { db, clock, config } = deps;
  // The dashboard counts on every admin visit: one prepared query for both.
  const today = () => dayOf(clock.now());

  const tell = (tx: Executor, userId: string, title: string, message: string, path: string) =>
    notifyMember(tx, config.publicUrl, { userId, category: 'payment', title, paragraphs: [message], path });

  async function lockMembership(tx: Executor, id: string): Promise<MembershipRow> {
    const [row] = await tx.select().from(memberships).where(eq(memberships.id, id)).for('update');
    return row!;
  }

  async function assertProof(tx: Executor, url: string, message: string) {
    const key = url.replace('/api/files/', '');
    const [file] = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.key, key), eq(files.kind, 'payout-proof')));
    if (!file) throw new AppError('VALIDATION', message, { details: { proofUrl: message } });
    // One transfer proves one payout: a proof already attached to an exit or a withdrawal is refused
    // here, and the unique indexes turn a second payout racing this one into the same 409.
    const [exitUsed] = await tx
      .select({ id: exitRequests.id })
      .from(exitRequests)
      .where(eq(exitRequests.proofUrl, url))
      .limit(1);
    const [withdrawalUsed] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.proofUrl, url))
      .limit(1);
    if (exitUsed || withdrawalUsed) throw conflict(payoutProofUsed);
  }

  async function latestClosedPeriod(tx: Executor): Promise<string | null> {
    const [row] = await tx
      .select({ period: accountingPeriods.period })
      .from(accountingPeriods)
      .where(eq(accountingPeriods.status, 'closed'))
      .orderBy(desc(accountingPeriods.period))
      .limit(1);
    return row?.period ?? null;
  }

  /** Principal each member owes on active loans in each pool (`userId:poolId`), for the estimates. */
  async function loansOwed(rows: { e: ExitRow }[]): Promise<Map<string, number>> {
    const userIds = [...new Set(rows.map((row) => row.e.userId))];
    if (userIds.length === 0) return new Map();
    const owed = await db
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

  function exitView(
    row: ExitRow,
    extra: MemberExtra,
    held?: ReturnType<typeof holding>,
    owedOnLoans = 0,
    pending?: PendingItem[],
  ) {
    const daysLeft = Math.max(0, daysBetween(today(), row.noticeEndsOn));
    // Before the settlement: what the member holds less the fee and the principal they owe on loans.
    const estimate = held
      ? held.totalCents - exitFeeCents(held.totalCents, config.books.exitFeePercent) - owedOnLoans
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
        row.payoutCents !== null ? centsToRand(row.payoutCents) : estimate === null ? null : centsToRand(estimate),
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
      ...payoutAccountOf(extra),
    };
  }

  /** The member's payout account with the whole number, in the admins' answers only. */
  function payoutAccountOf(extra: MemberExtra) {
    if (extra.payout === undefined) return {};
    return {
      payoutAccount: adminPayoutAccountView(extra.payout ?? undefined, extra.member?.fullName ?? null, clock.now()),
    };
  }

  function withdrawalView(row: WithdrawalRow, extra: MemberExtra) {
    return {
      id: row.id,
      userId: row.userId,
      pool: { id: row.poolId, name: extra.poolName },
      ...(extra.member ? { member: extra.member } : {}),
      amount: centsToRand(row.amountCents),
      status: row.status as WithdrawalStatus,
      statusLabel: withdrawalStatusLabels[row.status as WithdrawalStatus],
      bank: {
        accountHolder: row.accountHolder,
        bankName: row.bankName,
        accountNumber: maskAccountNumber(row.accountNumber),
        branchCode: row.branchCode,
      },
      ...payoutAccountOf(extra),
      approvedBy: row.approvedBy,
      approvedAt: row.approvedAt?.toISOString() ?? null,
      paidAt: row.paidAt?.toISOString() ?? null,
      proofUrl: row.proofUrl,
      rejectionReason: row.rejectionReason,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function findExit(id: string, userId?: string) {
    if (!isUuid(id)) throw notFound(exitMessages.notFound);
    const [row] = await db
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
      .leftJoin(payoutAccounts, eq(payoutAccounts.userId, exitRequests.userId))
      .where(and(eq(exitRequests.id, id), userId ? eq(exitRequests.userId, userId) : undefined));
    if (!row) throw notFound(exitMessages.notFound);
    const owed = await loansOwed([row]);
    // The admins see what the member still has pending while the exit is open.
    const pending = !userId && isOpen(row.e) ? (await pendingOf(db, [row.e])).get(row.e.membershipId) : undefined;
    return exitView(
      row.e,
      userId
        ? { poolName: row.poolName, member: row.member }
        : { poolName: row.poolName, member: row.member, payout: row.payout },
      holding(row.m),
      owed.get(`${row.e.userId}:${row.e.poolId}`),
      pending,
    );
  }

  async function findWithdrawal(id: string, userId?: string) {
    if (!isUuid(id)) throw notFound(withdrawalMessages.notFound);
    const [row] = await db
      .select({
        w: withdrawals,
        poolName: pools.name,
        member: { fullName: users.fullName, email: users.email },
        payout: payoutAccounts,
      })
      .from(withdrawals)
      .innerJoin(pools, eq(pools.id, withdrawals.poolId))
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .leftJoin(payoutAccounts, eq(payoutAccounts.userId, withdrawals.userId))
      .where(and(eq(withdrawals.id, id), userId ? eq(withdrawals.userId, userId) : undefined));
    if (!row) throw notFound(withdrawalMessages.notFound);
    return withdrawalView(
      row.w,
      userId ? { poolName: row.poolName } : { poolName: row.poolName, member: row.member, payout: row.payout },
    );
  }

  /** Returns not yet paid out and not asked for in a withdrawal still open. */
  async function availableReturns(tx: Executor, membership: MembershipRow): Promise<number> {
    const [open] = await tx
      .select({ cents: sql<string>`coalesce(sum(${withdrawals.amountCents}), 0)` })
      .from(withdrawals)
      .where(and(eq(withdrawals.membershipId, membership.id), inArray(withdrawals.status, ['requested', 'approved'])));
    return holding(membership).returnsCents - Number(open?.cents ?? 0);
  }

  /**
   * What a member leaving a pool still has pending there (payments into the membership, repayments
   * of loans in the pool), per membership: an exit is settled only once each is decided.
   */
  async function pendingOf(
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

  /**
   * Paying an exit rejects what is still pending for the membership (sent after the settlement
   * was prepared), each with a notification telling the member why. Locked before the membership,
   * in the order approving them takes.
   */
  async function rejectPendingOnExit(tx: Executor, actorId: string, exit: ExitRow, poolName: string) {
    const now = clock.now();
    const waitingPayments = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.membershipId, exit.membershipId), eq(payments.status, 'pending')))
      .for('update');
    for (const payment of waitingPayments) {
      await tx
        .update(payments)
        .set({
          status: 'rejected',
          failureReason: exitMessages.rejectedOnExit,
          decidedBy: actorId,
          decidedAt: now,
          updatedAt: now,
        })
        .where(eq(payments.id, payment.id));
      await writeAudit(tx, {
        actorId,
        action: 'payment.reject',
        targetType: 'payment',
        targetId: payment.id,
        before: { status: payment.status, amountCents: payment.amountCents },
        after: { status: 'rejected', reason: 'exit paid', exitId: exit.id },
      });
      await tell(
        tx,
        exit.userId,
        'Payment rejected',
        `Your payment of ${formatRand(payment.amountCents)} to ${poolName} was rejected: ${exitMessages.rejectedOnExit}`,
        '/payments',
      );
    }
    const waitingRepayments = await tx
      .select({ repayment: loanRepayments, number: loans.number })
      .from(loanRepayments)
      .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
      .where(
        and(
          eq(loanRepayments.userId, exit.userId),
          eq(loans.poolId, exit.poolId),
          eq(loanRepayments.status, 'pending'),
        ),
      )
      .for('update', { of: loanRepayments });
    for (const { repayment, number } of waitingRepayments) {
      await tx
        .update(loanRepayments)
        .set({
          status: 'rejected',
          rejectionReason: exitMessages.rejectedOnExit,
          decidedBy: actorId,
          decidedAt: now,
          updatedAt: now,
        })
        .where(eq(loanRepayments.id, repayment.id));
      await writeAudit(tx, {
        actorId,
        action: 'loan_repayment.reject',
        targetType: 'loan_repayment',
        targetId: repayment.id,
        before: { status: repayment.status },
        after: { status: 'rejected', reason: 'exit paid', exitId: exit.id },
      });
      await tell(
        tx,
        exit.userId,
        'Loan repayment rejected',
        `Your repayment of ${formatRand(repayment.amountCents)} on loan ${formatLoanNumber(number)} was rejected: ${exitMessages.rejectedOnExit}`,
        '/loans',
      );
    }
  }

  return {
    // ---- Exits: the member's calls ----

    async requestExit(actor: PayoutActor, body: RequestExitBody) {
      const userId = actor.id;
      const id = await db.transaction(async (tx) => {
        await requireFreshProof(tx, actor.sessionId, PAYOUT_REAUTH_MINUTES, payoutAccountMessages.reauthRequired);
        const account = await findPayoutAccount(tx, userId);
        if (!account) throw invalidState(payoutAccountMessages.missing);
        const [membership] = await tx
          .select()
          .from(memberships)
          .where(
            and(
              eq(memberships.userId, userId),
              eq(memberships.poolId, body.poolId),
              eq(memberships.contributionStatus, 'approved'),
            ),
          )
          .for('update');
        if (!membership) throw invalidState(exitMessages.notMember);
        const [row] = await tx
          .insert(exitRequests)
          .values({
            userId,
            membershipId: membership.id,
            poolId: body.poolId,
            reason: body.reason,
            noticeEndsOn: addDays(today(), EXIT_NOTICE_DAYS),
            bankName: account.bankName,
            accountHolder: account.accountHolder,
            accountLast4: account.accountNumber.slice(-4),
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw conflict(exitMessages.alreadyAsked);
        await writeAudit(tx, {
          actorId: userId,
          action: 'exit.request',
          targetType: 'exit',
          targetId: row.id,
          after: exitForAudit(row),
        });
        await tellMemberNow(tx, config.publicUrl, {
          userId,
          title: 'Exit requested',
          paragraphs: [
            `We have your request to leave. The notice runs until ${row.noticeEndsOn}; the payout follows once it is settled and approved, into your ${account.bankName} account ending ${row.accountLast4}. You can cancel it until then.`,
            notYouParagraph,
          ],
          path: '/investments',
        });
        return row.id;
      });
      return findExit(id, userId);
    },

    async myExits(userId: string) {
      const rows = await db
        .select({ e: exitRequests, poolName: pools.name, m: memberships })
        .from(exitRequests)
        .innerJoin(pools, eq(pools.id, exitRequests.poolId))
        .innerJoin(memberships, eq(memberships.id, exitRequests.membershipId))
        .where(eq(exitRequests.userId, userId))
        .orderBy(desc(exitRequests.createdAt))
        .limit(50);
      const owed = await loansOwed(rows);
      return rows.map((row) =>
        exitView(row.e, { poolName: row.poolName }, holding(row.m), owed.get(`${row.e.userId}:${row.e.poolId}`)),
      );
    },

    async cancelExit(userId: string, id: string) {
      if (!isUuid(id)) throw notFound(exitMessages.notFound);
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(exitRequests)
          .where(and(eq(exitRequests.id, id), eq(exitRequests.userId, userId)))
          .for('update');
        if (!before) throw notFound(exitMessages.notFound);
        if (!['requested', 'settled', 'approved'].includes(before.status))
          throw invalidState(exitMessages.notCancellable);
        const [after] = await tx
          .update(exitRequests)
          .set({ status: 'cancelled', updatedAt: new Date() })
          .where(eq(exitRequests.id, id))
          .returning();
        await writeAudit(tx, {
          actorId: userId,
          action: 'exit.cancel',
          targetType: 'exit',
          targetId: id,
          before: exitForAudit(before),
          after: exitForAudit(after),
        });
      });
      return findExit(id, userId);
    },

    // ---- Exits: the admins' calls ----

    async listExits(status?: string) {
      const rows = await db
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
        .leftJoin(payoutAccounts, eq(payoutAccounts.userId, exitRequests.userId))
        .where(
          status ? eq(exitRequests.status, status) : inArray(exitRequests.status, ['requested', 'settled', 'approved']),
        )
        .orderBy(asc(exitRequests.createdAt))
        .limit(200);
      const owed = await loansOwed(rows);
      const pending = await pendingOf(
        db,
        rows.filter((row) => isOpen(row.e)).map((row) => row.e),
      );
      return rows.map((row) =>
        exitView(
          row.e,
          { poolName: row.poolName, member: row.member, payout: row.payout },
          holding(row.m),
          owed.get(`${row.e.userId}:${row.e.poolId}`),
          pending.get(row.e.membershipId),
        ),
      );
    },

    async settleExit(actorId: string, id: string, earlyReason: string | undefined) {
      if (!isUuid(id)) throw notFound(exitMessages.notFound);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(exitRequests).where(eq(exitRequests.id, id)).for('update');
        if (!before) throw notFound(exitMessages.notFound);
        if (before.status !== 'requested') throw invalidState(exitMessages.decided);
        const isEarly = today() < before.noticeEndsOn;
        if (isEarly && (!earlyReason || earlyReason.trim().length < 10)) {
          throw new AppError('VALIDATION', exitMessages.earlyReason, {
            details: { earlyReason: exitMessages.earlyReason },
          });
        }
        const valuedAt = await latestClosedPeriod(tx);
        // The notice was given on the day the request was made, 90 days before it runs out.
        const givenOn = addDays(before.noticeEndsOn, -EXIT_NOTICE_DAYS);
        if (!isEarly && (!valuedAt || valuedAt < periodOfDay(givenOn))) {
          throw invalidState(exitMessages.notValued);
        }
        const membership = await lockMembership(tx, before.membershipId);
        // Money still on its way in or undecided would change what the member holds: decided first.
        const pending = (await pendingOf(tx, [before])).get(before.membershipId)!;
        if (pending.length > 0) {
          throw invalidState(exitMessages.pendingFirst(pending.map((item) => item.description)));
        }
        const held = holding(membership);
        const fee = exitFeeCents(held.totalCents, config.books.exitFeePercent);
        // The member's own loans in the pool are settled from the payout first; capital held for
        // loans they guarantee refuses the settlement until those loans are repaid.
        const loanCents = await loansToSettleOnExit(tx, before, today());
        if (held.totalCents - fee - loanCents < 0) {
          throw invalidState(loanMessages.loanNotCovered(formatRand(loanCents)));
        }
        const [after] = await tx
          .update(exitRequests)
          .set({
            status: 'settled',
            earlyReason: isEarly ? earlyReason!.trim() : null,
            capitalCents: held.capitalCents,
            returnsCents: held.returnsCents,
            feeCents: fee,
            loanSettlementCents: loanCents,
            payoutCents: held.totalCents - fee - loanCents,
            valuedAt,
            preparedBy: actorId,
            preparedAt: clock.now(),
            approvalsNeeded: isEarly ? 2 : 1,
            approverIds: [],
            updatedAt: new Date(),
          })
          .where(eq(exitRequests.id, id))
          .returning();
        await writeAudit(tx, {
          actorId,
          action: 'exit.settle',
          targetType: 'exit',
          targetId: id,
          before: exitForAudit(before),
          after: exitForAudit(after),
        });
      });
      return findExit(id);
    },

    async approveExit(actorId: string, id: string) {
      if (!isUuid(id)) throw notFound(exitMessages.notFound);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(exitRequests).where(eq(exitRequests.id, id)).for('update');
        if (!before) throw notFound(exitMessages.notFound);
        if (before.status === 'requested') throw invalidState(exitMessages.settlementFirst);
        if (before.status !== 'settled') throw invalidState(exitMessages.decided);
        const { isFinal } = assertCanDecide(
          actorId,
          { makerId: before.preparedBy!, amountCents: before.payoutCents!, approverIds: before.approverIds },
          before.approvalsNeeded > 1
            ? { dualApprovalAboveCents: -1, makerMessage: exitMessages.preparedByYou }
            : singleChecker(exitMessages.preparedByYou),
        );
        const [after] = await tx
          .update(exitRequests)
          .set({
            approverIds: [...before.approverIds, actorId],
            ...(isFinal ? { status: 'approved', decidedBy: actorId } : {}),
            updatedAt: new Date(),
          })
          .where(eq(exitRequests.id, id))
          .returning();
        await writeAudit(tx, {
          actorId,
          action: isFinal ? 'exit.approve' : 'exit.first_approval',
          targetType: 'exit',
          targetId: id,
          before: exitForAudit(before),
          after: exitForAudit(after),
        });
        if (isFinal) {
          await tell(
            tx,
            before.userId,
            'Exit approved',
            `Your exit settlement of ${formatRand(before.payoutCents!)} has been approved and will be paid to you.`,
            '/investments',
          );
        }
      });
      return findExit(id);
    },

    async payExit(actorId: string, id: string, proofUrl: string) {
      if (!isUuid(id)) throw notFound(exitMessages.notFound);
      await withProofConflict(() =>
        db.transaction(async (tx) => {
          const [before] = await tx.select().from(exitRequests).where(eq(exitRequests.id, id)).for('update');
          if (!before) throw notFound(exitMessages.notFound);
          if (before.status !== 'approved')
            throw invalidState(before.status === 'paid' ? exitMessages.decided : exitMessages.settlementFirst);
          // Whoever approved the settlement does not also mark the money sent.
          assertCanDecide(
            actorId,
            payoutRecord(actorId, before.approverIds, before.payoutCents ?? 0),
            singleChecker(exitMessages.payByAnother),
          );
          await assertProof(tx, proofUrl, exitMessages.proof);
          const account = await usablePayoutAccount(tx, before.userId, clock.now());
          const [pool] = await tx.select({ name: pools.name }).from(pools).where(eq(pools.id, before.poolId));
          await rejectPendingOnExit(tx, actorId, before, pool!.name);
          const membership = await lockMembership(tx, before.membershipId);
          const held = holding(membership);
          if (held.capitalCents !== before.capitalCents || held.returnsCents !== before.returnsCents) {
            throw invalidState(exitMessages.changed);
          }
          const fee = before.feeCents!;
          // The member's loans, settled as of the day the settlement was prepared, inside this entry.
          const loanLines = await settleLoansFromExit(
            tx,
            { ...before, loanSettlementCents: before.loanSettlementCents ?? 0 },
            dayOf(before.preparedAt!),
            clock.now(),
            exitMessages.changed,
          );
          const lines = [
            {
              account: 'member_capital' as const,
              userId: before.userId,
              poolId: before.poolId,
              amountCents: held.capitalCents,
            },
            {
              account: 'member_returns' as const,
              userId: before.userId,
              poolId: before.poolId,
              amountCents: held.returnsCents,
            },
            { account: 'bank' as const, poolId: before.poolId, amountCents: -before.payoutCents! },
            { account: 'income:other' as const, poolId: before.poolId, amountCents: -fee },
            ...loanLines,
          ].filter((line) => line.amountCents !== 0);
          if (lines.length >= 2) {
            await postEntry(tx, {
              effectiveDate: today(),
              kind: 'payout',
              description: 'Exit payout',
              source: { type: 'exit', id },
              createdBy: before.preparedBy,
              approvedBy: before.decidedBy,
              lines,
            });
          }
          await tx
            .update(memberships)
            .set({
              // What was paid in stays on record; the ledger shows it paid back.
              contributionStatus: 'exited',
              returnsPaidCents: membership.actualReturnCents,
              updatedAt: new Date(),
            })
            .where(eq(memberships.id, membership.id));
          await tx
            .update(pools)
            .set({
              currentAmountCents: sql`${pools.currentAmountCents} - ${held.capitalCents}`,
              availableShares: sql`${pools.availableShares} + ${membership.numberOfShares}`,
              totalMembers: sql`${pools.totalMembers} - 1`,
              updatedAt: new Date(),
            })
            .where(eq(pools.id, before.poolId));
          // With no other pool left, the member's relationship with the cooperative ends today: the
          // retention period of their identity documents starts (KYC_RETENTION_YEARS).
          const [other] = await tx
            .select({ id: memberships.id })
            .from(memberships)
            .where(
              and(
                eq(memberships.userId, before.userId),
                inArray(memberships.contributionStatus, ['pending', 'approved']),
                ne(memberships.id, membership.id),
              ),
            )
            .limit(1);
          if (!other) {
            await tx
              .update(users)
              .set({ relationshipEndedAt: new Date(), updatedAt: new Date() })
              .where(eq(users.id, before.userId));
          }
          const [after] = await tx
            .update(exitRequests)
            .set({ status: 'paid', paidBy: actorId, paidAt: clock.now(), proofUrl, updatedAt: new Date() })
            .where(eq(exitRequests.id, id))
            .returning();
          await writeAudit(tx, {
            actorId,
            action: 'exit.pay',
            targetType: 'exit',
            targetId: id,
            before: { ...exitForAudit(before), membership: holding(membership) },
            after: { ...exitForAudit(after), paidTo: account.accountNumber.slice(-4) },
          });
          await tell(
            tx,
            before.userId,
            'Exit paid',
            `Your exit payout of ${formatRand(before.payoutCents!)} has been paid into your account ending ${account.accountNumber.slice(-4)}. Thank you for being part of the cooperative.`,
            '/statements',
          );
        }),
      );
      return findExit(id);
    },

    async rejectExit(actorId: string, id: string, reason: string) {
      if (!isUuid(id)) throw notFound(exitMessages.notFound);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(exitRequests).where(eq(exitRequests.id, id)).for('update');
        if (!before) throw notFound(exitMessages.notFound);
        if (!['requested', 'settled'].includes(before.status)) throw invalidState(exitMessages.decided);
        if (before.preparedBy) {
          assertCanDecide(
            actorId,
            { makerId: before.preparedBy, amountCents: before.payoutCents ?? 0, approverIds: before.approverIds },
            singleChecker(exitMessages.preparedByYou),
          );
        }
        const [after] = await tx
          .update(exitRequests)
          .set({ status: 'rejected', rejectionReason: reason, decidedBy: actorId, updatedAt: new Date() })
          .where(eq(exitRequests.id, id))
          .returning();
        await writeAudit(tx, {
          actorId,
          action: 'exit.reject',
          targetType: 'exit',
          targetId: id,
          before: exitForAudit(before),
          after: exitForAudit(after),
        });
        await tell(
          tx,
          before.userId,
          'Exit request rejected',
          `Your exit request was rejected: ${reason}`,
          '/investments',
        );
      });
      return findExit(id);
    },

    // ---- Withdrawals ----

    async requestWithdrawal(actor: PayoutActor, body: RequestWithdrawalBody) {
      if (!config.books.allowReturnWithdrawals) throw invalidState(withdrawalMessages.closed);
      const userId = actor.id;
      const id = await db.transaction(async (tx) => {
        await requireFreshProof(tx, actor.sessionId, PAYOUT_REAUTH_MINUTES, payoutAccountMessages.reauthRequired);
        const account = await findPayoutAccount(tx, userId);
        if (!account) throw invalidState(payoutAccountMessages.missing);
        const [membership] = await tx
          .select()
          .from(memberships)
          .where(
            and(
              eq(memberships.userId, userId),
              eq(memberships.poolId, body.poolId),
              eq(memberships.contributionStatus, 'approved'),
            ),
          )
          .for('update');
        if (!membership) throw invalidState(exitMessages.notMember);
        const available = await availableReturns(tx, membership);
        if (body.amount > available) {
          const message = withdrawalMessages.tooMuch(formatRand(Math.max(available, 0)));
          throw new AppError('VALIDATION', message, { details: { amount: message } });
        }
        const [row] = await tx
          .insert(withdrawals)
          .values({
            userId,
            membershipId: membership.id,
            poolId: body.poolId,
            amountCents: body.amount,
            // A snapshot of the payout account with the last four digits only: the admin pays into
            // the payout account itself.
            accountHolder: account.accountHolder,
            bankName: account.bankName,
            accountNumber: account.accountNumber.slice(-4),
            branchCode: account.branchCode,
          })
          .returning();
        await writeAudit(tx, {
          actorId: userId,
          action: 'withdrawal.request',
          targetType: 'withdrawal',
          targetId: row!.id,
          // Ids, the amount and the last four digits: never a holder's name or an account number.
          after: { ...row, accountHolder: undefined },
        });
        await tellMemberNow(tx, config.publicUrl, {
          userId,
          title: 'Withdrawal requested',
          paragraphs: [
            `We have your request to withdraw ${formatRand(body.amount)} into your ${account.bankName} account ending ${row!.accountNumber}. It is paid once an admin approves it and another pays it.`,
            notYouParagraph,
          ],
          path: '/investments',
        });
        return row!.id;
      });
      return findWithdrawal(id, userId);
    },

    async myWithdrawals(userId: string) {
      const rows = await db
        .select({ w: withdrawals, poolName: pools.name })
        .from(withdrawals)
        .innerJoin(pools, eq(pools.id, withdrawals.poolId))
        .where(eq(withdrawals.userId, userId))
        .orderBy(desc(withdrawals.createdAt))
        .limit(50);
      const [membership] = await db
        .select()
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.contributionStatus, 'approved')))
        .limit(1);
      return {
        isOffered: config.books.allowReturnWithdrawals,
        available: membership ? centsToRand(Math.max(await availableReturns(db, membership), 0)) : 0,
        poolId: membership?.poolId ?? null,
        items: rows.map((row) => withdrawalView(row.w, { poolName: row.poolName })),
      };
    },

    async cancelWithdrawal(userId: string, id: string) {
      if (!isUuid(id)) throw notFound(withdrawalMessages.notFound);
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(withdrawals)
          .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)))
          .for('update');
        if (!before) throw notFound(withdrawalMessages.notFound);
        if (!['requested', 'approved'].includes(before.status)) throw invalidState(withdrawalMessages.notCancellable);
        await tx.update(withdrawals).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(withdrawals.id, id));
        await writeAudit(tx, { actorId: userId, action: 'withdrawal.cancel', targetType: 'withdrawal', targetId: id });
      });
      return findWithdrawal(id, userId);
    },

    async listWithdrawals(status?: string) {
      const rows = await db
        .select({
          w: withdrawals,
          poolName: pools.name,
          member: { fullName: users.fullName, email: users.email },
          payout: payoutAccounts,
        })
        .from(withdrawals)
        .innerJoin(pools, eq(pools.id, withdrawals.poolId))
        .innerJoin(users, eq(users.id, withdrawals.userId))
        .leftJoin(payoutAccounts, eq(payoutAccounts.userId, withdrawals.userId))
        .where(status ? eq(withdrawals.status, status) : inArray(withdrawals.status, ['requested', 'approved']))
        .orderBy(asc(withdrawals.createdAt))
        .limit(200);
      return rows.map((row) =>
        withdrawalView(row.w, { poolName: row.poolName, member: row.member, payout: row.payout }),
      );
    },

    async approveWithdrawal(actorId: string, id: string) {
      if (!isUuid(id)) throw notFound(withdrawalMessages.notFound);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
        if (!before) throw notFound(withdrawalMessages.notFound);
        if (before.status !== 'requested') throw invalidState(withdrawalMessages.decided);
        // The member asked for it: an admin who is that member never approves it.
        assertCanDecide(
          actorId,
          { makerId: before.userId, amountCents: before.amountCents, approverIds: [] },
          singleChecker(),
        );
        const [after] = await tx
          .update(withdrawals)
          .set({ status: 'approved', approvedBy: actorId, approvedAt: clock.now(), updatedAt: new Date() })
          .where(eq(withdrawals.id, id))
          .returning();
        await writeAudit(tx, {
          actorId,
          action: 'withdrawal.approve',
          targetType: 'withdrawal',
          targetId: id,
          before: { status: before.status },
          after: { status: after!.status },
        });
      });
      return findWithdrawal(id);
    },

    async payWithdrawal(actorId: string, id: string, proofUrl: string) {
      if (!isUuid(id)) throw notFound(withdrawalMessages.notFound);
      await withProofConflict(() =>
        db.transaction(async (tx) => {
          const [before] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
          if (!before) throw notFound(withdrawalMessages.notFound);
          if (before.status !== 'approved') throw invalidState(withdrawalMessages.decided);
          // Whoever approved it does not also mark the money sent.
          assertCanDecide(
            actorId,
            { makerId: before.approvedBy!, amountCents: before.amountCents, approverIds: [] },
            singleChecker('You approved this withdrawal, so another admin must pay it.'),
          );
          await assertProof(tx, proofUrl, withdrawalMessages.proof);
          const account = await usablePayoutAccount(tx, before.userId, clock.now());
          const membership = await lockMembership(tx, before.membershipId);
          if (before.amountCents > holding(membership).returnsCents) {
            throw invalidState(withdrawalMessages.tooMuch(formatRand(Math.max(holding(membership).returnsCents, 0))));
          }
          await postEntry(tx, {
            effectiveDate: today(),
            kind: 'payout',
            description: 'Withdrawal of returns',
            source: { type: 'withdrawal', id },
            createdBy: before.approvedBy,
            approvedBy: actorId,
            lines: [
              {
                account: 'member_returns',
                userId: before.userId,
                poolId: before.poolId,
                amountCents: before.amountCents,
              },
              { account: 'bank', poolId: before.poolId, amountCents: -before.amountCents },
            ],
          });
          await tx
            .update(memberships)
            .set({
              returnsPaidCents: sql`${memberships.returnsPaidCents} + ${before.amountCents}`,
              updatedAt: new Date(),
            })
            .where(eq(memberships.id, membership.id));
          await tx
            .update(withdrawals)
            .set({ status: 'paid', paidBy: actorId, paidAt: clock.now(), proofUrl, updatedAt: new Date() })
            .where(eq(withdrawals.id, id));
          await writeAudit(tx, {
            actorId,
            action: 'withdrawal.pay',
            targetType: 'withdrawal',
            targetId: id,
            before: { status: before.status },
            after: { status: 'paid', proofUrl, paidTo: account.accountNumber.slice(-4) },
          });
          await tell(
            tx,
            before.userId,
            'Withdrawal paid',
            `Your withdrawal of ${formatRand(before.amountCents)} has been paid into your account ending ${account.accountNumber.slice(-4)}.`,
            '/statements',
          );
        }),
      );
      return findWithdrawal(id);
    },

    async rejectWithdrawal(actorId: string, id: string, reason: string) {
      if (!isUuid(id)) throw notFound(withdrawalMessages.notFound);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
        if (!before) throw notFound(withdrawalMessages.notFound);
        if (!['requested', 'approved'].includes(before.status)) throw invalidState(withdrawalMessages.decided);
        assertCanDecide(
          actorId,
          { makerId: before.userId, amountCents: before.amountCents, approverIds: [] },
          singleChecker(),
        );
        await tx
          .update(withdrawals)
          .set({ status: 'rejected', rejectionReason: reason, decidedBy: actorId, updatedAt: new Date() })
          .where(eq(withdrawals.id, id));
        await writeAudit(tx, {
          actorId,
          action: 'withdrawal.reject',
          targetType: 'withdrawal',
          targetId: id,
          before: { status: before.status },
          after: { status: 'rejected', reason },
        });
        await tell(
          tx,
          before.userId,
          'Withdrawal rejected',
          `Your withdrawal of ${formatRand(before.amountCents)} was rejected: ${reason}`,
          '/investments',
        );
      });
      return findWithdrawal(id);
    },
  };
}

/** Exits still waiting for a step (notice, approval or payment), as the dashboard and the metrics count them. */
export const openExit = fixedCondition(inArray(exitRequests.status, ['requested', 'settled', 'approved']));
/** Withdrawals still waiting for approval or payment. */
export const openWithdrawal = fixedCondition(inArray(withdrawals.status, ['requested', 'approved']));

export type PayoutService = ReturnType<typeof createPayoutService>;
