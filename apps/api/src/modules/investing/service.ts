import type { AuthUser } from '../../lib/auth-guard.js';
import {
  centsToRand,
  dayOf,
  formatRand,
  frequencyLabels,
  instalmentAmount,
  investingMessages,
  pageWindow,
  singleChecker,
  type CreatePaymentBody,
  type JoinPoolBody,
  type MyPaymentsQuery,
  type MyTransactionsQuery,
  type PageQuery,
  type PaymentFrequency,
} from '@letsema/domain';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { exitRequests, files, memberships, payments, pools, users } from '../../db/schema.js';
import { fixedCondition } from '../../db/fixed-conditions.js';
import { writeAudit } from '../../lib/audit.js';
import { assertCanDecide } from '../../lib/maker-checker.js';
import { AppError, conflict, forbidden, invalidField, invalidState, notFound } from '../../lib/errors.js';
import { notifyMember } from '../notifications/service.js';
import { postEntry } from '../ledger/posting.js';
import { countMemberTransactions, listMemberTransactions } from './member-transactions.js';
import { writeContributionSchedule } from '../contributions/service.js';
import { announceWaiting } from '../queues/announce.js';

type Actor = AuthUser;
type MembershipRow = typeof memberships.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type PoolRow = typeof pools.$inferSelect;

const paymentTakingStatuses: readonly string[] = ['open', 'active'];

/** Payments waiting for an admin to check the proof, as the dashboard and the metrics count them. */
export const pendingPayment = fixedCondition(eq(payments.status, 'pending'));
/** Requests to join a pool waiting for a decision. */
export const pendingPoolRequest = fixedCondition(eq(memberships.contributionStatus, 'pending'));

export const investingErrors = {
  adminsCannotJoin: 'Admin accounts cannot join a pool',
  notActive: 'Your registration must be approved before you can join a pool',
  poolNotFound: 'Pool not found',
  poolNotOpen: 'This pool is not open for joining',
  poolNotPaying:
    'This pool is closed, so it no longer takes payments. Please contact the cooperative if you have already paid.',
  noShares: 'No shares are left in this pool',
  poolFull: 'This pool has no member places left',
  alreadyMember: 'You already have a membership request for this pool',
  figures: (commitment: string, instalment: string) =>
    `The amounts do not match this pool's terms: the commitment is ${commitment} and each instalment ${instalment}. Please refresh and try again.`,
  requestNotFound: 'Membership request not found',
  requestDecided: 'This membership request has already been decided',
  sharesRanOut: 'Not enough shares are left in the pool for this request',
  placesRanOut: 'The pool has no member places left for this request',
  noMembership: 'You have no membership in this pool',
  membershipNotApproved: 'Your pool membership must be approved before you can make a payment',
  fullyPaid: 'Your commitment is fully paid',
  tooMuch: (owed: string) => `The amount is more than what you still owe (${owed})`,
  method: "Please choose one of the pool's payment methods",
  proofUsed: 'This proof of payment has already been submitted',
  paymentNotFound: 'Payment not found',
  paymentDecided: 'This payment has already been decided',
  ownPayment: investingMessages.ownPayment,
  approveNotMember:
    'This payment cannot be approved: the member no longer holds an approved membership of this pool. Reject it, so the member is told.',
  approvePoolClosed:
    'This payment cannot be approved: the pool no longer takes payments. Reject it, so the member is told.',
  approveExitSettled:
    'This payment cannot be approved: the member’s exit from this pool is settled and waiting for its payout, so nothing more can be added to their membership. Paying the exit rejects it and tells the member why.',
} as const;

const membershipSnapshot = (m: MembershipRow) => ({
  contributionStatus: m.contributionStatus,
  numberOfShares: m.numberOfShares,
  totalCommitmentCents: m.totalCommitmentCents,
  totalPaidCents: m.totalPaidCents,
  rejectionReason: m.rejectionReason,
});
const paymentSnapshot = (p: PaymentRow) => ({
  status: p.status,
  amountCents: p.amountCents,
  failureReason: p.failureReason,
});

export function toMembershipView(m: MembershipRow, pool: PoolRow | null) {
  return {
    id: m.id,
    poolId: m.poolId,
    pool: pool
      ? {
          id: pool.id,
          name: pool.name,
          status: pool.status,
          investmentDuration: pool.investmentDuration,
          paymentMethods: pool.paymentMethods,
        }
      : null,
    numberOfShares: m.numberOfShares,
    totalCommitment: centsToRand(m.totalCommitmentCents),
    totalPaid: centsToRand(m.totalPaidCents),
    actualReturn: centsToRand(m.actualReturnCents),
    installmentPlan: m.installmentPlan,
    contributionAmount: centsToRand(m.contributionAmountCents),
    contributionStatus: m.contributionStatus,
    rejectionReason: m.rejectionReason,
    createdAt: m.createdAt.toISOString(),
    decidedAt: m.decidedAt?.toISOString() ?? null,
  };
}

export function toPaymentView(p: PaymentRow, poolName: string | null = null) {
  return {
    id: p.id,
    poolId: p.poolId,
    poolName,
    type: p.type,
    amount: centsToRand(p.amountCents),
    status: p.status,
    paymentMethod: p.paymentMethod,
    proofOfPaymentUrl: p.proofOfPaymentUrl,
    description: p.description,
    failureReason: p.failureReason,
    createdAt: p.createdAt.toISOString(),
  };
}

/** Memberships and payments: joining, paying, and the admin decisions that move shares and money. */
export function createInvestingService(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  /** When decisions happen (tests move it); defaults to now. */
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  const { db, config } = deps;
  // The two review queues' pages, prepared once (parsed and planned once a connection), each with
  // the columns its list shows.
  const poolRequestPage = db
    .select({
      m: {
        id: memberships.id,
        numberOfShares: memberships.numberOfShares,
        totalCommitmentCents: memberships.totalCommitmentCents,
        installmentPlan: memberships.installmentPlan,
        contributionAmountCents: memberships.contributionAmountCents,
        createdAt: memberships.createdAt,
      },
      user: { fullName: users.fullName, email: users.email },
      pool: { id: pools.id, name: pools.name, targetAmountCents: pools.targetAmountCents },
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(pools, eq(pools.id, memberships.poolId))
    .where(pendingPoolRequest)
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('investing_pool_request_page');
  const pendingPaymentPage = db
    .select({
      p: {
        id: payments.id,
        amountCents: payments.amountCents,
        paymentMethod: payments.paymentMethod,
        proofOfPaymentUrl: payments.proofOfPaymentUrl,
        createdAt: payments.createdAt,
      },
      user: { id: users.id, fullName: users.fullName, email: users.email, phoneNumber: users.phoneNumber },
      poolName: pools.name,
      m: {
        installmentPlan: memberships.installmentPlan,
        contributionAmountCents: memberships.contributionAmountCents,
        totalCommitmentCents: memberships.totalCommitmentCents,
        totalPaidCents: memberships.totalPaidCents,
      },
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(pools, eq(pools.id, payments.poolId))
    .leftJoin(memberships, eq(memberships.id, payments.membershipId))
    .where(pendingPayment)
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('investing_pending_payment_page');
  const tell = (
    tx: Executor,
    userId: string,
    category: 'pool' | 'payment',
    title: string,
    message: string,
    path: string,
  ) => notifyMember(tx, config.publicUrl, { userId, category, title, paragraphs: [message], path });

  /** What is still owed on a membership: the commitment less completed and pending payments. */
  async function owedCents(tx: Executor, membership: MembershipRow): Promise<number> {
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
      .from(payments)
      .where(and(eq(payments.membershipId, membership.id), inArray(payments.status, ['pending', 'completed'])));
    return membership.totalCommitmentCents - Number(row?.total ?? 0);
  }

  /** A membership request still waiting for a decision, under a row lock. */
  async function lockPendingRequest(tx: Executor, membershipId: string) {
    const [request] = await tx.select().from(memberships).where(eq(memberships.id, membershipId)).for('update');
    if (!request) throw notFound(investingErrors.requestNotFound);
    if (request.contributionStatus !== 'pending') throw invalidState(investingErrors.requestDecided);
    return request;
  }

  /**
   * A payment still waiting for a decision, under a row lock. The member who paid is its maker: an
   * admin who is also a member never decides their own money.
   */
  async function lockPendingPayment(tx: Executor, paymentId: string, actorId: string) {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw notFound(investingErrors.paymentNotFound);
    if (payment.status !== 'pending') throw invalidState(investingErrors.paymentDecided);
    assertCanDecide(
      actorId,
      { makerId: payment.userId, amountCents: payment.amountCents, approverIds: [] },
      singleChecker(investingErrors.ownPayment),
    );
    return payment;
  }

  return {
    async countLiveMemberships(tx: Executor, poolId: string): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.poolId, poolId), inArray(memberships.contributionStatus, ['pending', 'approved'])));
      return row?.n ?? 0;
    },

    /** Asks to join a pool; the server computes the commitment and instalment and refuses figures that disagree. */
    async join(actor: Actor, input: JoinPoolBody) {
      if (actor.isAdmin) throw forbidden(investingErrors.adminsCannotJoin);
      if (actor.registrationStatus !== 'active') throw forbidden(investingErrors.notActive);
      return db.transaction(async (tx) => {
        const [pool] = await tx.select().from(pools).where(eq(pools.id, input.poolId));
        if (!pool || (pool.status === 'draft' && pool.createdBy !== actor.id))
          throw notFound(investingErrors.poolNotFound);
        if (pool.status !== 'open') throw invalidState(investingErrors.poolNotOpen);
        if (pool.availableShares < 1) throw invalidState(investingErrors.noShares);
        if (pool.totalMembers >= pool.maxMembers) throw invalidState(investingErrors.poolFull);
        if (input.numberOfShares > pool.availableShares) {
          throw invalidField('numberOfShares', investingMessages.shares(pool.availableShares));
        }
        if (!pool.paymentFrequencies.includes(input.installmentPlan)) {
          throw invalidField('installmentPlan', investingMessages.plan);
        }
        const commitment = input.numberOfShares * pool.pricePerShareCents;
        const instalment = instalmentAmount(
          commitment,
          input.installmentPlan as PaymentFrequency,
          pool.investmentDuration,
        );
        if (commitment !== input.totalCommitment || instalment !== input.contributionAmount) {
          throw new AppError('VALIDATION', investingErrors.figures(formatRand(commitment), formatRand(instalment)));
        }
        const inserted = await tx
          .insert(memberships)
          .values({
            userId: actor.id,
            poolId: pool.id,
            numberOfShares: input.numberOfShares,
            totalCommitmentCents: commitment,
            installmentPlan: input.installmentPlan,
            contributionAmountCents: instalment,
          })
          .onConflictDoNothing()
          .returning();
        if (!inserted[0]) throw conflict(investingErrors.alreadyMember);
        await tell(
          tx,
          actor.id,
          'pool',
          'Membership request received',
          `Your request for ${input.numberOfShares} shares in ${pool.name} (${formatRand(commitment)}, ${formatRand(instalment)} ${frequencyLabels[input.installmentPlan as PaymentFrequency]}) is waiting for admin approval.`,
          '/investments',
        );
        await announceWaiting(tx, 'poolRequests', {
          by: actor.id,
          what: `${actor.fullName ?? actor.email} asks for ${input.numberOfShares} shares in ${pool.name} (${formatRand(commitment)}).`,
          publicUrl: config.publicUrl,
        });
        return toMembershipView(inserted[0], pool);
      });
    },

    /** The member's current membership: a live one first, else the latest decided one, else null. */
    async myMembership(userId: string) {
      const rows = await db
        .select({ m: memberships, pool: pools })
        .from(memberships)
        .innerJoin(pools, eq(pools.id, memberships.poolId))
        .where(eq(memberships.userId, userId))
        .orderBy(
          sql`case ${memberships.contributionStatus} when 'approved' then 0 when 'pending' then 1 else 2 end`,
          desc(memberships.createdAt),
        )
        .limit(1);
      const row = rows[0];
      return row ? toMembershipView(row.m, row.pool) : null;
    },

    /** A page of the requests to join, oldest first, with who asked and for which pool. */
    async listPoolRequests(query: PageQuery) {
      const rows = await poolRequestPage.execute(pageWindow(query));
      return rows.map(({ m, user, pool }) => ({
        id: m.id,
        user,
        pool: { id: pool.id, name: pool.name, targetAmount: centsToRand(pool.targetAmountCents) },
        numberOfShares: m.numberOfShares,
        totalCommitment: centsToRand(m.totalCommitmentCents),
        installmentPlan: m.installmentPlan,
        contributionAmount: centsToRand(m.contributionAmountCents),
        createdAt: m.createdAt.toISOString(),
      }));
    },

    /** Approves a request: its shares leave the pool and the member is counted, in one transaction, once. */
    async approveRequest(actorId: string, membershipId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockPendingRequest(tx, membershipId);
        const [pool] = await tx.select().from(pools).where(eq(pools.id, before.poolId)).for('update');
        if (pool!.availableShares < before.numberOfShares) throw invalidState(investingErrors.sharesRanOut);
        if (pool!.totalMembers >= pool!.maxMembers) throw invalidState(investingErrors.placesRanOut);
        await tx
          .update(pools)
          .set({
            availableShares: sql`${pools.availableShares} - ${before.numberOfShares}`,
            totalMembers: sql`${pools.totalMembers} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(pools.id, pool!.id));
        const [after] = await tx
          .update(memberships)
          .set({ contributionStatus: 'approved', decidedBy: actorId, decidedAt: new Date(), updatedAt: new Date() })
          .where(eq(memberships.id, membershipId))
          .returning();
        // The calendar starts on the books' day of the approval, written with it.
        await writeContributionSchedule(tx, before, pool!.investmentDuration, dayOf(clock()));
        await writeAudit(tx, {
          actorId,
          action: 'membership.approve',
          targetType: 'membership',
          targetId: membershipId,
          before: {
            ...membershipSnapshot(before),
            poolAvailableShares: pool!.availableShares,
            poolTotalMembers: pool!.totalMembers,
          },
          after: {
            ...membershipSnapshot(after!),
            poolAvailableShares: pool!.availableShares - before.numberOfShares,
            poolTotalMembers: pool!.totalMembers + 1,
          },
        });
        await tell(
          tx,
          before.userId,
          'pool',
          'Membership approved',
          `Your membership of ${pool!.name} with ${before.numberOfShares} shares has been approved. You can now make your payments.`,
          '/payments',
        );
      });
    },

    async rejectRequest(actorId: string, membershipId: string, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockPendingRequest(tx, membershipId);
        const [after] = await tx
          .update(memberships)
          .set({
            contributionStatus: 'rejected',
            rejectionReason: reason,
            decidedBy: actorId,
            decidedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(memberships.id, membershipId))
          .returning();
        await writeAudit(tx, {
          actorId,
          action: 'membership.reject',
          targetType: 'membership',
          targetId: membershipId,
          before: membershipSnapshot(before),
          after: membershipSnapshot(after!),
        });
        await tell(
          tx,
          before.userId,
          'pool',
          'Membership request declined',
          `Your pool membership request was declined: ${reason}`,
          '/investments',
        );
      });
    },

    /** Submits a contribution with its proof; the amount may not pass what is still owed, counting pending payments. */
    async submitPayment(actor: Actor, input: CreatePaymentBody) {
      return db.transaction(async (tx) => {
        const [membership] = await tx
          .select()
          .from(memberships)
          .where(
            and(
              eq(memberships.userId, actor.id),
              eq(memberships.poolId, input.poolId),
              inArray(memberships.contributionStatus, ['pending', 'approved']),
            ),
          )
          .for('update');
        if (!membership) throw notFound(investingErrors.noMembership);
        if (membership.contributionStatus !== 'approved') throw invalidState(investingErrors.membershipNotApproved);
        const [pool] = await tx.select().from(pools).where(eq(pools.id, input.poolId));
        // Open pools take payments while they fill, active ones while members pay their plans.
        if (!paymentTakingStatuses.includes(pool!.status)) throw invalidState(investingErrors.poolNotPaying);
        if (!pool!.paymentMethods.includes(input.paymentMethod)) {
          throw invalidField('paymentMethod', investingErrors.method);
        }
        const owed = await owedCents(tx, membership);
        if (owed <= 0) throw invalidState(investingErrors.fullyPaid);
        if (input.amount > owed) {
          throw invalidField('amount', investingErrors.tooMuch(formatRand(owed)));
        }
        const key = input.proofOfPaymentUrl.replace('/api/files/', '');
        const [proof] = await tx
          .select({ id: files.id })
          .from(files)
          .where(and(eq(files.key, key), eq(files.ownerId, actor.id), eq(files.kind, 'proof-of-payment')));
        if (!proof) {
          throw invalidField('proofOfPaymentUrl', investingMessages.proof);
        }
        const inserted = await tx
          .insert(payments)
          .values({
            userId: actor.id,
            poolId: pool!.id,
            membershipId: membership.id,
            type: 'contribution',
            amountCents: input.amount,
            paymentMethod: input.paymentMethod,
            proofOfPaymentUrl: input.proofOfPaymentUrl,
            description: `Contribution to ${pool!.name}`,
          })
          .onConflictDoNothing()
          .returning();
        if (!inserted[0]) throw conflict(investingErrors.proofUsed);
        await tell(
          tx,
          actor.id,
          'payment',
          'Payment submitted',
          `We received your payment of ${formatRand(input.amount)} to ${pool!.name}. An admin will check your proof of payment.`,
          '/payments',
        );
        await announceWaiting(tx, 'payments', {
          by: actor.id,
          what: `Payment of ${formatRand(input.amount)} to ${pool!.name} from ${actor.fullName ?? actor.email}: proof of payment to check.`,
          publicUrl: config.publicUrl,
        });
        return toPaymentView(inserted[0], pool!.name);
      });
    },

    async myPayments(userId: string, query: MyPaymentsQuery) {
      const rows = await db
        .select({ p: payments, poolName: pools.name })
        .from(payments)
        .innerJoin(pools, eq(pools.id, payments.poolId))
        .where(
          query.type ? and(eq(payments.userId, userId), eq(payments.type, query.type)) : eq(payments.userId, userId),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return rows.map((r) => toPaymentView(r.p, r.poolName));
    },

    /** A page of the member's money movements, the ledger's as on their statement: the transactions page. */
    myTransactions(userId: string, query: MyTransactionsQuery) {
      return listMemberTransactions(db, userId, query);
    },

    /** How many money movements of each type the member has, over all of them: the transactions tabs' counts. */
    myTransactionCounts(userId: string) {
      return countMemberTransactions(db, userId);
    },

    /**
     * A page of the payments waiting for their proof to be checked, oldest first. The phone number
     * gives the member's payment reference (`paymentReferenceFor`), and the plan what an instalment
     * should be: the admin checks both against the proof before approving. The member's id tells an
     * admin who is also a member their own payment, which another admin must decide.
     */
    async listPendingPayments(query: PageQuery) {
      const rows = await pendingPaymentPage.execute(pageWindow(query));
      return rows.map(({ p, user, poolName, m }) => ({
        id: p.id,
        user,
        pool: { name: poolName },
        amount: centsToRand(p.amountCents),
        paymentMethod: p.paymentMethod,
        proofOfPaymentUrl: p.proofOfPaymentUrl,
        plan: m
          ? {
              installmentPlan: m.installmentPlan,
              contributionAmount: centsToRand(m.contributionAmountCents),
              totalCommitment: centsToRand(m.totalCommitmentCents),
              totalPaid: centsToRand(m.totalPaidCents),
            }
          : null,
        createdAt: p.createdAt.toISOString(),
      }));
    },

    /** Approves a payment: completed, added to the membership's total paid and the pool's amount, once. */
    async approvePayment(actorId: string, paymentId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockPendingPayment(tx, paymentId, actorId);
        const [membership] = await tx
          .select()
          .from(memberships)
          .where(eq(memberships.id, before.membershipId!))
          .for('update');
        // Money is added only to a live membership of a pool that takes payments: never after the member left.
        if (membership!.contributionStatus !== 'approved') throw invalidState(investingErrors.approveNotMember);
        // A settled exit is paid from the balance it was prepared at: money added now would leave it
        // unpayable. Settling locks the membership too, so this read sees a settlement made meanwhile.
        const [settledExit] = await tx
          .select({ id: exitRequests.id })
          .from(exitRequests)
          .where(
            and(eq(exitRequests.membershipId, membership!.id), inArray(exitRequests.status, ['settled', 'approved'])),
          )
          .limit(1);
        if (settledExit) throw invalidState(investingErrors.approveExitSettled);
        const [payingPool] = await tx.select({ status: pools.status }).from(pools).where(eq(pools.id, before.poolId));
        if (!paymentTakingStatuses.includes(payingPool!.status)) throw invalidState(investingErrors.approvePoolClosed);
        if (membership!.totalPaidCents + before.amountCents > membership!.totalCommitmentCents) {
          throw invalidState(
            investingErrors.tooMuch(formatRand(membership!.totalCommitmentCents - membership!.totalPaidCents)),
          );
        }
        const [after] = await tx
          .update(payments)
          .set({ status: 'completed', decidedBy: actorId, decidedAt: clock(), updatedAt: new Date() })
          .where(eq(payments.id, paymentId))
          .returning();
        await tx
          .update(memberships)
          .set({ totalPaidCents: sql`${memberships.totalPaidCents} + ${before.amountCents}`, updatedAt: new Date() })
          .where(eq(memberships.id, membership!.id));
        const [pool] = await tx
          .update(pools)
          .set({ currentAmountCents: sql`${pools.currentAmountCents} + ${before.amountCents}`, updatedAt: new Date() })
          .where(eq(pools.id, before.poolId))
          .returning({ name: pools.name });
        // The money is in the bank and owed to the member as capital, from the day it was approved.
        await postEntry(tx, {
          effectiveDate: dayOf(after!.decidedAt!),
          kind: 'payment',
          description: `Contribution approved: ${pool!.name}`,
          source: { type: 'payment', id: paymentId },
          createdBy: before.userId,
          approvedBy: actorId,
          lines: [
            { account: 'bank', poolId: before.poolId, amountCents: before.amountCents },
            {
              account: 'member_capital',
              userId: before.userId,
              poolId: before.poolId,
              amountCents: -before.amountCents,
            },
          ],
        });
        await writeAudit(tx, {
          actorId,
          action: 'payment.approve',
          targetType: 'payment',
          targetId: paymentId,
          before: { ...paymentSnapshot(before), membershipTotalPaidCents: membership!.totalPaidCents },
          after: {
            ...paymentSnapshot(after!),
            membershipTotalPaidCents: membership!.totalPaidCents + before.amountCents,
          },
        });
        const fullyPaid = membership!.totalPaidCents + before.amountCents === membership!.totalCommitmentCents;
        await tell(
          tx,
          before.userId,
          'payment',
          'Payment approved',
          `Your payment of ${formatRand(before.amountCents)} to ${pool!.name} has been approved.` +
            (fullyPaid ? ' Congratulations: your commitment is now fully paid.' : ''),
          '/transactions',
        );
      });
    },

    async rejectPayment(actorId: string, paymentId: string, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockPendingPayment(tx, paymentId, actorId);
        const [after] = await tx
          .update(payments)
          .set({
            status: 'rejected',
            failureReason: reason,
            decidedBy: actorId,
            decidedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(payments.id, paymentId))
          .returning();
        await writeAudit(tx, {
          actorId,
          action: 'payment.reject',
          targetType: 'payment',
          targetId: paymentId,
          before: paymentSnapshot(before),
          after: paymentSnapshot(after!),
        });
        await tell(
          tx,
          before.userId,
          'payment',
          'Payment rejected',
          `Your payment of ${formatRand(before.amountCents)} was rejected: ${reason}`,
          '/payments',
        );
      });
    },
  };
}

export type InvestingService = ReturnType<typeof createInvestingService>;
