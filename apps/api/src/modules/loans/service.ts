import {
  allocateRepayment,
  amortisationSchedule,
  approvalsNeeded,
  borrowingLimitCents,
  bpsToPercent,
  centsToRand,
  dayOf,
  formatLoanNumber,
  formatRand,
  guaranteedPartCents,
  instalmentUnpaid,
  LOAN_LIMITS,
  loanMessages,
  loanTypeLabels,
  maxAnnualRateBps,
  productCapProblem,
  scheduleTotals,
  singleChecker,
  undecidedLoanStatuses,
  type AdminLoansQuery,
  type AdminRepaymentsQuery,
  type LoanApplicationBody,
  type LoanQuoteBody,
  type LoanRepaymentBody,
  type LoanType,
  type MakerCheckerRule,
  type ScheduledInstalment,
  normalisePhone,
} from '@letsema/domain';
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fixedCondition } from '../../db/sql-json.js';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import {
  exitRequests,
  files,
  journalEntries,
  journalLines,
  loanInstalments,
  loanPenalties,
  loanPenaltyWaivers,
  loanProducts,
  loanRepayments,
  loans,
  memberships,
  payments,
  pools,
  users,
} from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-guard.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, conflict, forbidden, invalidState, notFound } from '../../lib/errors.js';
import { assertCanDecide } from '../../lib/maker-checker.js';
import { isUuid } from '../auth/tokens.js';
import type { BooksClock } from '../books/records-service.js';
import { postEntry } from '../ledger/posting.js';
import { notifyMember } from '../notifications/service.js';
import { adminPayoutAccountView, findPayoutAccount, usablePayoutAccount } from '../payout-account/service.js';
import {
  applyAllocation,
  closeIfRepaid,
  guarantorHoldCents,
  isOpenLoan,
  loadInstalments,
  repaymentCredits,
  settlementOf,
  toInstalmentState,
  type InstalmentState,
  type LoanRow,
} from './money.js';
import { readLoanSettings } from './settings.js';
import {
  penaltyRuleOf,
  productView,
  repaymentView,
  scheduleView,
  settlementView,
  waiverView,
  loanView,
  type LoanContext,
} from './views.js';

/** Loans waiting for the loan admins (approval, then payout), as the dashboard and My Tasks count them. */
export const loanAwaitingDecision = fixedCondition(inArray(loans.status, ['pending', 'approved']));
/** Repayments waiting for the payments desk. */
export const pendingLoanRepayment = fixedCondition(eq(loanRepayments.status, 'pending'));

type Refusal = { code: 'VALIDATION' | 'INVALID_STATE'; message: string; field?: string };

const validation = (field: string, message: string) =>
  new AppError('VALIDATION', message, { details: { [field]: message } });

function refusalError(refusal: Refusal): AppError {
  return refusal.field ? validation(refusal.field, refusal.message) : new AppError(refusal.code, refusal.message);
}

const guarantorUsers = alias(users, 'guarantor_users');

/** A schedule as a quote shows it. */
function scheduleRows(schedule: ScheduledInstalment[]) {
  return schedule.map((row) => ({
    number: row.number,
    dueOn: row.dueOn,
    principal: centsToRand(row.principalCents),
    interest: centsToRand(row.interestCents),
    amount: centsToRand(row.amountCents),
    balanceAfter: centsToRand(row.balanceAfterCents),
  }));
}

/**
 * Loans to members: applications with an optional guarantor, the loan admins' decisions (approval,
 * then payout by a different admin), repayments with proof checked by the payments desk, and
 * penalty waivers decided by a second admin. Every decision locks the loan's row, writes an audit
 * row, and posts its money to the ledger in the same transaction.
 */
export function createLoanService(deps: { db: Db; clock: BooksClock; config: Pick<Config, 'publicUrl'> }) {
  const { db, clock, config } = deps;
  const today = () => dayOf(clock.now());

  const tell = (tx: Executor, userId: string, title: string, message: string, path = '/loans') =>
    notifyMember(tx, config.publicUrl, { userId, category: 'payment', title, paragraphs: [message], path });

  /** The member's approved holdings: capital per pool, most first. */
  async function holdingsOf(tx: Executor, userId: string) {
    const rows = await tx
      .select({
        poolId: memberships.poolId,
        poolName: pools.name,
        capitalCents: memberships.totalPaidCents,
        paymentMethods: pools.paymentMethods,
      })
      .from(memberships)
      .innerJoin(pools, eq(pools.id, memberships.poolId))
      .where(and(eq(memberships.userId, userId), eq(memberships.contributionStatus, 'approved')));
    return rows.sort((a, b) => b.capitalCents - a.capitalCents || a.poolId.localeCompare(b.poolId));
  }

  /** Principal the member owes or has asked for on loans still open. */
  async function owedOf(tx: Executor, userId: string): Promise<number> {
    const [row] = await tx
      .select({
        cents: sql<string>`coalesce(sum(case when ${loans.status} = 'active' then ${loans.principalCents} - ${loans.principalRepaidCents} else ${loans.principalCents} end), 0)`,
      })
      .from(loans)
      .where(and(eq(loans.userId, userId), isOpenLoan));
    return Number(row?.cents ?? 0);
  }

  async function hasOpenExit(tx: Executor, userId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: exitRequests.id })
      .from(exitRequests)
      .where(and(eq(exitRequests.userId, userId), inArray(exitRequests.status, ['requested', 'settled', 'approved'])))
      .limit(1);
    return Boolean(row);
  }

  async function isInArrears(tx: Executor, userId: string, day: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: loanInstalments.id })
      .from(loanInstalments)
      .innerJoin(loans, eq(loans.id, loanInstalments.loanId))
      .where(
        and(
          eq(loans.userId, userId),
          eq(loans.status, 'active'),
          ne(loanInstalments.status, 'paid'),
          sql`${loanInstalments.dueOn} < ${day}`,
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  /** Capital a member may still pledge as a guarantor: none while leaving; else capital less holds and own loans. */
  async function freeCapitalOf(tx: Executor, userId: string): Promise<number> {
    if (await hasOpenExit(tx, userId)) return 0;
    const capital = (await holdingsOf(tx, userId)).reduce((sum, row) => sum + row.capitalCents, 0);
    return Math.max(0, capital - (await guarantorHoldCents(tx, userId)) - (await owedOf(tx, userId)));
  }

  /**
   * Everything that decides whether a member may borrow: the product, their capital and limit, and
   * the first rule the request breaks (as a refusal, so a quote can show it beside the schedule).
   */
  async function assess(tx: Executor, actor: AuthUser, input: LoanQuoteBody, day: string) {
    const settings = await readLoanSettings(tx);
    if (!settings.isEnabled) throw invalidState(loanMessages.lendingOff);
    if (actor.registrationStatus !== 'active' || actor.accountStatus !== 'active') {
      throw forbidden(loanMessages.notActive);
    }
    const [product] = await tx.select().from(loanProducts).where(eq(loanProducts.type, input.type));
    if (!product || !product.isActive) throw invalidState(loanMessages.productNotOffered);
    if (productCapProblem(penaltyRuleOf(product, product.annualRateBps), settings)) {
      throw invalidState(loanMessages.productAboveCap);
    }
    const holdings = await holdingsOf(tx, actor.id);
    const pool = input.poolId ? holdings.find((row) => row.poolId === input.poolId) : holdings[0];
    if (input.poolId && !pool) throw validation('poolId', loanMessages.pool);
    const capitalCents = holdings.reduce((sum, row) => sum + row.capitalCents, 0);
    const owedCents = await owedOf(tx, actor.id);
    const limitCents = borrowingLimitCents(capitalCents, product.maxCapitalMultipleHundredths, owedCents);
    const guaranteedCents = guaranteedPartCents(input.amount, Math.max(0, capitalCents - owedCents));
    const isGuarantorNeeded = product.guarantorAboveCapital && guaranteedCents > 0;

    let refusal: Refusal | null = null;
    if (input.termMonths < product.minTermMonths || input.termMonths > product.maxTermMonths) {
      refusal = {
        code: 'VALIDATION',
        field: 'termMonths',
        message: loanMessages.termOutside(product.minTermMonths, product.maxTermMonths),
      };
    } else if (input.amount < LOAN_LIMITS.minAmountCents) {
      refusal = { code: 'VALIDATION', field: 'amount', message: loanMessages.minAmount };
    } else if (!pool || capitalCents <= 0) {
      refusal = { code: 'INVALID_STATE', message: loanMessages.noCapital };
    } else if (await hasOpenExit(tx, actor.id)) {
      refusal = { code: 'INVALID_STATE', message: loanMessages.exitInNotice };
    } else if (await isInArrears(tx, actor.id, day)) {
      refusal = { code: 'INVALID_STATE', message: loanMessages.inArrears };
    } else if (input.amount > limitCents) {
      refusal = { code: 'VALIDATION', field: 'amount', message: loanMessages.aboveLimit(formatRand(limitCents)) };
    }
    return { settings, product, pool, capitalCents, limitCents, guaranteedCents, isGuarantorNeeded, refusal };
  }

  /**
   * The member asked to guarantee: another active member, found by e-mail or member id. Every refusal
   * answers the same message after the same one query, and their capital is not looked at here: an
   * applicant who could try amounts would learn what a colleague holds. The guarantor's free capital
   * is checked when they accept, on their own screen.
   */
  async function resolveGuarantor(tx: Executor, actor: AuthUser, text: string) {
    // A phone number names a guarantor only when one member has it (a family may share a phone).
    const phone = normalisePhone(text);
    const found = await tx
      .select()
      .from(users)
      .where(
        /^0\d{9}$/.test(phone)
          ? and(eq(users.phoneNumber, phone), eq(users.registrationStatus, 'active'), eq(users.accountStatus, 'active'))
          : isUuid(text)
            ? eq(users.id, text)
            : eq(users.email, text),
      )
      .limit(2);
    const guarantor = found.length === 1 ? found[0] : undefined;
    if (
      !guarantor ||
      guarantor.id === actor.id ||
      guarantor.registrationStatus !== 'active' ||
      guarantor.accountStatus !== 'active' ||
      guarantor.personalDataErasedAt
    ) {
      throw validation('guarantor', loanMessages.guarantorRefused);
    }
    return guarantor;
  }

  /** The loans matching `where`, with what their views need, newest first. */
  async function loadContexts(
    executor: Executor,
    where: SQL | undefined,
    page: { limit: number; offset?: number } = { limit: 100 },
  ): Promise<LoanContext[]> {
    const rows = await executor
      .select({
        loan: loans,
        poolName: pools.name,
        productName: loanProducts.name,
        member: { id: users.id, fullName: users.fullName, email: users.email },
        guarantor: { id: guarantorUsers.id, fullName: guarantorUsers.fullName },
      })
      .from(loans)
      .innerJoin(pools, eq(pools.id, loans.poolId))
      .innerJoin(loanProducts, eq(loanProducts.id, loans.productId))
      .innerJoin(users, eq(users.id, loans.userId))
      .leftJoin(guarantorUsers, eq(guarantorUsers.id, loans.guarantorId))
      .where(where)
      .orderBy(desc(loans.createdAt), desc(loans.number))
      .limit(page.limit)
      .offset(page.offset ?? 0);
    return rows.map((row) => ({
      loan: row.loan,
      poolName: row.poolName,
      productName: row.productName,
      member: row.member,
      guarantor: row.guarantor?.id ? row.guarantor : null,
    }));
  }

  /** The unpaid instalments of active loans, per loan, for list views. */
  async function unpaidStatesOf(executor: Executor, contexts: LoanContext[]) {
    const ids = contexts.filter((context) => context.loan.status === 'active').map((context) => context.loan.id);
    const byLoan = new Map<string, InstalmentState[]>();
    if (ids.length === 0) return byLoan;
    const rows = await executor
      .select({ instalment: loanInstalments, penalty: loanPenalties })
      .from(loanInstalments)
      .leftJoin(loanPenalties, eq(loanPenalties.instalmentId, loanInstalments.id))
      .where(and(inArray(loanInstalments.loanId, ids), ne(loanInstalments.status, 'paid')))
      .orderBy(asc(loanInstalments.loanId), asc(loanInstalments.number));
    for (const { instalment, penalty } of rows) {
      const list = byLoan.get(instalment.loanId) ?? [];
      list.push(toInstalmentState(instalment, penalty));
      byLoan.set(instalment.loanId, list);
    }
    return byLoan;
  }

  async function listViews(executor: Executor, contexts: LoanContext[], isAdmin: boolean) {
    const unpaid = await unpaidStatesOf(executor, contexts);
    const day = today();
    return contexts.map((context) => loanView(context, unpaid.get(context.loan.id) ?? [], day, isAdmin));
  }

  /** A loan with its schedule, settlement figure, repayments and penalty waivers. */
  async function detail(context: LoanContext, isAdmin: boolean) {
    const { loan } = context;
    const day = today();
    const states = await loadInstalments(db, loan.id);
    const repayments = await db
      .select()
      .from(loanRepayments)
      .where(eq(loanRepayments.loanId, loan.id))
      .orderBy(desc(loanRepayments.createdAt))
      .limit(500);
    const waivers = await db
      .select({ waiver: loanPenaltyWaivers, instalmentNumber: loanInstalments.number })
      .from(loanPenaltyWaivers)
      .innerJoin(loanPenalties, eq(loanPenalties.id, loanPenaltyWaivers.penaltyId))
      .innerJoin(loanInstalments, eq(loanInstalments.id, loanPenalties.instalmentId))
      .where(eq(loanPenaltyWaivers.loanId, loan.id))
      .orderBy(desc(loanPenaltyWaivers.createdAt));
    const isDisbursed = loan.disbursedOn !== null;
    return {
      ...loanView(context, states, day, isAdmin),
      schedule: scheduleView(states),
      projectedSchedule: isDisbursed
        ? null
        : scheduleRows(
            amortisationSchedule({
              principalCents: loan.principalCents,
              annualRateBps: loan.annualRateBps,
              termMonths: loan.termMonths,
              startDay: day,
            }),
          ),
      settlement: loan.status === 'active' ? settlementView(settlementOf(loan, states, day)) : null,
      repayments: repayments.map((row) => repaymentView(row, { loanNumber: loan.number })),
      waivers: waivers.map((row) =>
        waiverView(row.waiver, { loanNumber: loan.number, instalmentNumber: row.instalmentNumber }),
      ),
    };
  }

  async function contextOf(id: string, where: SQL | undefined): Promise<LoanContext> {
    if (!isUuid(id)) throw notFound(loanMessages.notFound);
    const [context] = await loadContexts(db, and(eq(loans.id, id), where), { limit: 1 });
    if (!context) throw notFound(loanMessages.notFound);
    return context;
  }

  async function lockLoan(tx: Executor, id: string, where?: SQL): Promise<LoanRow> {
    if (!isUuid(id)) throw notFound(loanMessages.notFound);
    const [loan] = await tx
      .select()
      .from(loans)
      .where(and(eq(loans.id, id), where))
      .for('update');
    if (!loan) throw notFound(loanMessages.notFound);
    return loan;
  }

  /** Nobody decides a loan they asked for or guarantee (403 `MAKER_CHECKER`), whatever their roles. */
  function assertNotParty(actorId: string, loan: LoanRow) {
    assertCanDecide(
      actorId,
      { makerId: loan.userId, amountCents: loan.principalCents, approverIds: [] },
      singleChecker(loanMessages.ownLoan),
    );
    if (loan.guarantorId) {
      assertCanDecide(
        actorId,
        { makerId: loan.guarantorId, amountCents: loan.principalCents, approverIds: [] },
        singleChecker(loanMessages.guaranteedLoan),
      );
    }
  }

  async function poolBankCents(tx: Executor, poolId: string): Promise<number> {
    const [row] = await tx
      .select({ cents: sql<string>`coalesce(sum(${journalLines.amountCents}), 0)` })
      .from(journalLines)
      .where(and(eq(journalLines.account, 'bank'), eq(journalLines.poolId, poolId)));
    return Number(row?.cents ?? 0);
  }

  /** Days overdue of a loan's oldest unpaid instalment whose day has passed (null when none). */
  const oldestOverdue = (day: string) =>
    sql`(select min(${loanInstalments.dueOn}) from ${loanInstalments} where ${loanInstalments.loanId} = ${loans.id} and ${loanInstalments.status} <> 'paid' and ${loanInstalments.dueOn} < ${day})`;

  return {
    // ---- The member's calls ----

    /** What the member may borrow now: lending on or off, the products, their capital and limit per product. */
    async offer(actor: AuthUser) {
      const settings = await readLoanSettings(db);
      const holdings = await holdingsOf(db, actor.id);
      const capitalCents = holdings.reduce((sum, row) => sum + row.capitalCents, 0);
      const owedCents = await owedOf(db, actor.id);
      const products = settings.isEnabled
        ? await db.select().from(loanProducts).where(eq(loanProducts.isActive, true)).orderBy(asc(loanProducts.type))
        : [];
      return {
        isEnabled: settings.isEnabled,
        maxAnnualRatePercent: bpsToPercent(maxAnnualRateBps(settings)),
        capital: centsToRand(capitalCents),
        owed: centsToRand(owedCents),
        guaranteeHold: centsToRand(await guarantorHoldCents(db, actor.id)),
        pools: holdings.map((row) => ({
          id: row.poolId,
          name: row.poolName,
          capital: centsToRand(row.capitalCents),
          paymentMethods: row.paymentMethods,
        })),
        products: products
          .filter((product) => !productCapProblem(penaltyRuleOf(product, product.annualRateBps), settings))
          .map((product) => ({
            ...productView(product, settings),
            maxAmount: centsToRand(borrowingLimitCents(capitalCents, product.maxCapitalMultipleHundredths, owedCents)),
          })),
      };
    },

    /** The schedule of a loan before applying, and whether the member could borrow it. */
    async quote(actor: AuthUser, body: LoanQuoteBody) {
      const day = today();
      const assessed = await assess(db, actor, body, day);
      const schedule = amortisationSchedule({
        principalCents: body.amount,
        annualRateBps: assessed.product.annualRateBps,
        termMonths: body.termMonths,
        startDay: day,
      });
      const totals = scheduleTotals(schedule);
      return {
        type: body.type,
        typeLabel: loanTypeLabels[body.type],
        amount: centsToRand(body.amount),
        termMonths: body.termMonths,
        annualRatePercent: bpsToPercent(assessed.product.annualRateBps),
        instalment: centsToRand(totals.instalmentCents),
        totalInterest: centsToRand(totals.interestCents),
        totalRepayable: centsToRand(totals.totalCents),
        firstDueOn: schedule[0]!.dueOn,
        schedule: scheduleRows(schedule),
        eligibility: {
          poolId: assessed.pool?.poolId ?? null,
          capital: centsToRand(assessed.capitalCents),
          maxAmount: centsToRand(assessed.limitCents),
          isGuarantorNeeded: assessed.isGuarantorNeeded,
          guaranteedAmount: centsToRand(assessed.isGuarantorNeeded ? assessed.guaranteedCents : 0),
          canApply: assessed.refusal === null,
          refusal: assessed.refusal?.message ?? null,
          refusalField: assessed.refusal?.field ?? null,
        },
      };
    },

    /** Applies for a loan; with a guarantor it waits for their answer, else for the loan admins. */
    async apply(actor: AuthUser, body: LoanApplicationBody) {
      const id = await db.transaction(async (tx) => {
        // One application of a member at a time, so two at once cannot both pass the limit.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
        const day = today();
        const assessed = await assess(tx, actor, body, day);
        if (assessed.refusal) throw refusalError(assessed.refusal);
        if (assessed.isGuarantorNeeded && !body.guarantor) {
          throw validation('guarantor', loanMessages.guarantorNeeded(formatRand(assessed.guaranteedCents)));
        }
        if (!assessed.isGuarantorNeeded && body.guarantor)
          throw validation('guarantor', loanMessages.guarantorNotNeeded);
        const guarantor = body.guarantor ? await resolveGuarantor(tx, actor, body.guarantor) : null;
        const { product } = assessed;
        const totals = scheduleTotals(
          amortisationSchedule({
            principalCents: body.amount,
            annualRateBps: product.annualRateBps,
            termMonths: body.termMonths,
            startDay: day,
          }),
        );
        const [loan] = await tx
          .insert(loans)
          .values({
            userId: actor.id,
            poolId: assessed.pool!.poolId,
            productId: product.id,
            type: product.type,
            principalCents: body.amount,
            annualRateBps: product.annualRateBps,
            termMonths: body.termMonths,
            instalmentCents: totals.instalmentCents,
            totalInterestCents: totals.interestCents,
            purpose: body.purpose,
            graceDays: product.graceDays,
            penaltyType: product.penaltyType,
            penaltyFixedCents: product.penaltyFixedCents,
            penaltyPercentBps: product.penaltyPercentBps,
            capitalCents: assessed.capitalCents,
            guarantorId: guarantor?.id ?? null,
            guaranteedCents: guarantor ? assessed.guaranteedCents : 0,
            guarantorStatus: guarantor ? 'requested' : null,
            status: guarantor ? 'awaiting_guarantor' : 'pending',
            approvalsNeeded: approvalsNeeded(
              { amountCents: body.amount },
              { dualApprovalAboveCents: assessed.settings.dualApprovalAboveCents },
            ),
          })
          .returning();
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'loan.apply',
          targetType: 'loan',
          targetId: loan!.id,
          after: loan,
        });
        const what = `${loanTypeLabels[product.type as LoanType].toLowerCase()} loan of ${formatRand(body.amount)} over ${body.termMonths} months`;
        await tell(
          tx,
          actor.id,
          'Loan application received',
          guarantor
            ? `We have your application for a ${what}. We have asked ${guarantor.fullName ?? 'your guarantor'} to guarantee ${formatRand(assessed.guaranteedCents)} of it; the loan admins decide once they accept.`
            : `We have your application for a ${what}. The loan admins will decide it.`,
        );
        if (guarantor) {
          await tell(
            tx,
            guarantor.id,
            'You are asked to guarantee a loan',
            `${actor.fullName ?? 'A member'} asks you to guarantee ${formatRand(assessed.guaranteedCents)} of a ${what}. If you accept, that much of your capital is held until the loan is repaid. Please accept or decline in the app.`,
            '/loans/guarantees',
          );
        }
        return loan!.id;
      });
      return detail(await contextOf(id, eq(loans.userId, actor.id)), false);
    },

    async myLoans(userId: string) {
      return listViews(db, await loadContexts(db, eq(loans.userId, userId)), false);
    },

    async myLoan(userId: string, id: string) {
      return detail(await contextOf(id, eq(loans.userId, userId)), false);
    },

    /** The loans the member is asked to guarantee or guarantees. */
    async myGuarantees(userId: string) {
      return listViews(db, await loadContexts(db, eq(loans.guarantorId, userId)), false);
    },

    /** The member cancels their application before it is paid out. */
    async cancel(userId: string, id: string) {
      await db.transaction(async (tx) => {
        const before = await lockLoan(tx, id, eq(loans.userId, userId));
        if (!(undecidedLoanStatuses as readonly string[]).includes(before.status)) {
          throw invalidState(loanMessages.notCancellable);
        }
        const now = clock.now();
        const [after] = await tx
          .update(loans)
          .set({ status: 'cancelled', decidedBy: userId, decidedAt: now, closedAt: now, updatedAt: now })
          .where(eq(loans.id, id))
          .returning();
        await writeAudit(tx, {
          actorId: userId,
          action: 'loan.cancel',
          targetType: 'loan',
          targetId: id,
          before,
          after,
        });
        if (before.guarantorId && before.guarantorStatus !== 'declined') {
          await tell(
            tx,
            before.guarantorId,
            'A guarantee is no longer needed',
            `The ${formatLoanNumber(before.number)} loan you were asked to guarantee was cancelled by the member; nothing of your capital is held for it.`,
            '/loans/guarantees',
          );
        }
      });
      return this.myLoan(userId, id);
    },

    /** The guarantor accepts: their capital is held for the guaranteed part, and the loan goes to the loan admins. */
    async acceptGuarantee(userId: string, id: string) {
      await db.transaction(async (tx) => {
        const before = await lockLoan(tx, id, eq(loans.guarantorId, userId));
        if (before.status !== 'awaiting_guarantor' || before.guarantorStatus !== 'requested') {
          throw invalidState(loanMessages.guarantorDecided);
        }
        // The guarantor's capital is counted under their row's lock, so two acceptances cannot both use it.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        if ((await freeCapitalOf(tx, userId)) < before.guaranteedCents) {
          throw invalidState(loanMessages.guarantorCapital);
        }
        const now = clock.now();
        const [after] = await tx
          .update(loans)
          .set({ guarantorStatus: 'accepted', guarantorDecidedAt: now, status: 'pending', updatedAt: now })
          .where(eq(loans.id, id))
          .returning();
        await writeAudit(tx, {
          actorId: userId,
          action: 'loan.guarantee_accept',
          targetType: 'loan',
          targetId: id,
          before: { status: before.status, guarantorStatus: before.guarantorStatus },
          after: { status: after!.status, guarantorStatus: after!.guarantorStatus, heldCents: after!.guaranteedCents },
        });
        await tell(
          tx,
          before.userId,
          'Your guarantor accepted',
          `Your guarantor accepted to guarantee ${formatRand(before.guaranteedCents)} of loan ${formatLoanNumber(before.number)}. The loan admins will now decide it.`,
        );
      });
      return listViews(db, await loadContexts(db, eq(loans.id, id), { limit: 1 }), false).then((rows) => rows[0]!);
    },

    /** The guarantor declines: the application stops there. */
    async declineGuarantee(userId: string, id: string) {
      await db.transaction(async (tx) => {
        const before = await lockLoan(tx, id, eq(loans.guarantorId, userId));
        if (before.status !== 'awaiting_guarantor' || before.guarantorStatus !== 'requested') {
          throw invalidState(loanMessages.guarantorDecided);
        }
        const now = clock.now();
        await tx
          .update(loans)
          .set({
            guarantorStatus: 'declined',
            guarantorDecidedAt: now,
            status: 'guarantor_declined',
            closedAt: now,
            updatedAt: now,
          })
          .where(eq(loans.id, id));
        await writeAudit(tx, {
          actorId: userId,
          action: 'loan.guarantee_decline',
          targetType: 'loan',
          targetId: id,
          before: { status: before.status, guarantorStatus: before.guarantorStatus },
          after: { status: 'guarantor_declined', guarantorStatus: 'declined' },
        });
        await tell(
          tx,
          before.userId,
          'Your guarantor declined',
          `The member you asked declined to guarantee loan ${formatLoanNumber(before.number)}, so the application has stopped. You may apply again with another guarantor.`,
        );
      });
      return listViews(db, await loadContexts(db, eq(loans.id, id), { limit: 1 }), false).then((rows) => rows[0]!);
    },

    /** Submits a repayment with its proof; at most what settles the loan today, counting repayments not yet checked. */
    async submitRepayment(actor: AuthUser, id: string, body: LoanRepaymentBody) {
      const repaymentId = await db.transaction(async (tx) => {
        const loan = await lockLoan(tx, id, eq(loans.userId, actor.id));
        if (loan.status !== 'active') throw invalidState(loanMessages.notRepaying);
        const [pool] = await tx.select().from(pools).where(eq(pools.id, loan.poolId));
        if (!pool!.paymentMethods.includes(body.paymentMethod)) throw validation('paymentMethod', loanMessages.method);
        const key = body.proofUrl.replace('/api/files/', '');
        const [proof] = await tx
          .select({ id: files.id })
          .from(files)
          .where(and(eq(files.key, key), eq(files.ownerId, actor.id), eq(files.kind, 'proof-of-payment')));
        if (!proof) throw validation('proofUrl', loanMessages.proof);
        const [usedForPayment] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(eq(payments.proofOfPaymentUrl, body.proofUrl))
          .limit(1);
        if (usedForPayment) throw conflict(loanMessages.proofUsed);
        const day = today();
        const quote = settlementOf(loan, await loadInstalments(tx, loan.id), day);
        const [waiting] = await tx
          .select({ cents: sql<string>`coalesce(sum(${loanRepayments.amountCents}), 0)` })
          .from(loanRepayments)
          .where(and(eq(loanRepayments.loanId, loan.id), eq(loanRepayments.status, 'pending')));
        const owed = quote.totalCents - Number(waiting?.cents ?? 0);
        if (body.amount > owed) throw validation('amount', loanMessages.tooMuch(formatRand(Math.max(owed, 0))));
        const [row] = await tx
          .insert(loanRepayments)
          .values({
            loanId: loan.id,
            userId: actor.id,
            amountCents: body.amount,
            paymentMethod: body.paymentMethod,
            proofUrl: body.proofUrl,
            paidOn: day,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw conflict(loanMessages.proofUsed);
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'loan_repayment.submit',
          targetType: 'loan_repayment',
          targetId: row.id,
          after: row,
        });
        await tell(
          tx,
          actor.id,
          'Loan repayment received',
          `We received your repayment of ${formatRand(body.amount)} on loan ${formatLoanNumber(loan.number)}. An admin will check your proof of payment.`,
        );
        return row.id;
      });
      const [row] = await db.select().from(loanRepayments).where(eq(loanRepayments.id, repaymentId));
      const [loan] = await db.select({ number: loans.number }).from(loans).where(eq(loans.id, id));
      return repaymentView(row!, { loanNumber: loan!.number });
    },

    // ---- The loan admins' calls ----

    /** Loans with filters, newest first, with the arrears of each and the ageing of the whole book. */
    async listLoans(query: AdminLoansQuery) {
      const day = today();
      const daysOverdue = sql`(${day}::date - ${oldestOverdue(day)})`;
      const conditions: (SQL | undefined)[] = [
        query.status ? eq(loans.status, query.status) : undefined,
        query.type ? eq(loans.type, query.type) : undefined,
        query.userId ? eq(loans.userId, query.userId) : undefined,
      ];
      if (query.inArrears !== undefined || query.bucket) {
        conditions.push(
          query.inArrears === false
            ? sql`not (${loans.status} = 'active' and ${oldestOverdue(day)} is not null)`
            : and(eq(loans.status, 'active'), sql`${oldestOverdue(day)} is not null`),
        );
      }
      if (query.bucket) {
        const range = { '1-30': [1, 30], '31-60': [31, 60], '61-90': [61, 90], '90+': [91, null] }[query.bucket];
        conditions.push(sql`${daysOverdue} >= ${range[0]}`);
        if (range[1] !== null) conditions.push(sql`${daysOverdue} <= ${range[1]}`);
      }
      const where = and(...conditions);
      const contexts = await loadContexts(db, where, { limit: query.limit, offset: (query.page - 1) * query.limit });
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(loans).where(where);
      const ageing = await db.execute<{ bucket: string; loans: number; overdue: string; outstanding: string }>(sql`
        with arrears as (
          select ${loans.id} as id,
            ${loans.principalCents} - ${loans.principalRepaidCents} as outstanding,
            (${day}::date - min(${loanInstalments.dueOn})) as days,
            sum((${loanInstalments.principalCents} - ${loanInstalments.principalPaidCents})
              + (${loanInstalments.interestCents} - ${loanInstalments.interestPaidCents} - ${loanInstalments.interestWaivedCents})
              + coalesce(${loanPenalties.amountCents} - ${loanPenalties.paidCents} - ${loanPenalties.waivedCents}, 0)) as overdue
          from ${loans}
          join ${loanInstalments} on ${loanInstalments.loanId} = ${loans.id}
          left join ${loanPenalties} on ${loanPenalties.instalmentId} = ${loanInstalments.id}
          where ${loans.status} = 'active' and ${loanInstalments.status} <> 'paid' and ${loanInstalments.dueOn} < ${day}
          group by ${loans.id}, ${loans.principalCents}, ${loans.principalRepaidCents}
        )
        select case when days <= 30 then '1-30' when days <= 60 then '31-60' when days <= 90 then '61-90' else '90+' end as bucket,
          count(*)::int as loans, sum(overdue)::text as overdue, sum(outstanding)::text as outstanding
        from arrears group by 1`);
      const [book] = await db
        .select({
          loans: sql<number>`count(*)::int`,
          outstanding: sql<string>`coalesce(sum(${loans.principalCents} - ${loans.principalRepaidCents}), 0)`,
        })
        .from(loans)
        .where(eq(loans.status, 'active'));
      const buckets = (['1-30', '31-60', '61-90', '90+'] as const).map((bucket) => {
        const row = (ageing.rows as { bucket: string; loans: number; overdue: string; outstanding: string }[]).find(
          (r) => r.bucket === bucket,
        );
        return {
          bucket,
          loans: Number(row?.loans ?? 0),
          overdueAmount: centsToRand(Number(row?.overdue ?? 0)),
          outstandingPrincipal: centsToRand(Number(row?.outstanding ?? 0)),
        };
      });
      return {
        items: await listViews(db, contexts, true),
        total: Number(total),
        page: query.page,
        limit: query.limit,
        ageing: {
          asOf: day,
          buckets,
          loansInArrears: buckets.reduce((sum, row) => sum + row.loans, 0),
          overdueAmount: centsToRand(buckets.reduce((sum, row) => sum + Math.round(row.overdueAmount * 100), 0)),
          activeLoans: Number(book?.loans ?? 0),
          outstandingPrincipal: centsToRand(Number(book?.outstanding ?? 0)),
        },
      };
    },

    async adminLoan(id: string) {
      const context = await contextOf(id, undefined);
      const account = await findPayoutAccount(db, context.loan.userId);
      // The loan admin who pays it out needs the member's payout account, whole number and all.
      return {
        ...(await detail(context, true)),
        payoutAccount: adminPayoutAccountView(account, context.member.fullName, clock.now()),
      };
    },

    /** Approves a loan waiting for approval; above the dual-approval amount it takes two different admins. */
    async approve(actorId: string, id: string) {
      await db.transaction(async (tx) => {
        const before = await lockLoan(tx, id);
        if (before.status === 'awaiting_guarantor') throw invalidState(loanMessages.guarantorFirst);
        if (before.status !== 'pending') throw invalidState(loanMessages.decided);
        const rule: MakerCheckerRule =
          before.approvalsNeeded > 1
            ? { dualApprovalAboveCents: -1, makerMessage: loanMessages.ownLoan }
            : singleChecker(loanMessages.ownLoan);
        const { isFinal } = assertCanDecide(
          actorId,
          { makerId: before.userId, amountCents: before.principalCents, approverIds: before.approverIds },
          rule,
        );
        assertNotParty(actorId, before);
        const day = today();
        if (!(await readLoanSettings(tx)).isEnabled) throw invalidState(loanMessages.lendingOff);
        if (await hasOpenExit(tx, before.userId)) throw invalidState(loanMessages.exitInNotice);
        if (await isInArrears(tx, before.userId, day)) throw invalidState(loanMessages.inArrears);
        const now = clock.now();
        const [after] = await tx
          .update(loans)
          .set({
            approverIds: [...before.approverIds, actorId],
            ...(isFinal ? { status: 'approved', approvedAt: now } : {}),
            updatedAt: now,
          })
          .where(eq(loans.id, id))
          .returning();
        await writeAudit(tx, {
          actorId,
          action: 'loan.approve',
          targetType: 'loan',
          targetId: id,
          before: { status: before.status, approverIds: before.approverIds },
          after: { status: after!.status, approverIds: after!.approverIds },
        });
        if (isFinal) {
          await tell(
            tx,
            before.userId,
            'Loan approved',
            `Your loan ${formatLoanNumber(before.number)} of ${formatRand(before.principalCents)} has been approved. We will let you know when it is paid out.`,
          );
        }
      });
      return this.adminLoan(id);
    },

    /** Refuses a loan before it is paid out, with a reason; a guarantor's hold ends with it. */
    async reject(actorId: string, id: string, reason: string) {
      await db.transaction(async (tx) => {
        const before = await lockLoan(tx, id);
        if (!(undecidedLoanStatuses as readonly string[]).includes(before.status)) {
          throw invalidState(loanMessages.decided);
        }
        assertNotParty(actorId, before);
        const now = clock.now();
        await tx
          .update(loans)
          .set({
            status: 'rejected',
            rejectionReason: reason,
            decidedBy: actorId,
            decidedAt: now,
            closedAt: now,
            updatedAt: now,
          })
          .where(eq(loans.id, id));
        await writeAudit(tx, {
          actorId,
          action: 'loan.reject',
          targetType: 'loan',
          targetId: id,
          before: { status: before.status },
          after: { status: 'rejected', reason },
        });
        await tell(
          tx,
          before.userId,
          'Loan application rejected',
          `Your application for loan ${formatLoanNumber(before.number)} was rejected: ${reason}`,
        );
        if (before.guarantorId && before.guarantorStatus !== 'declined') {
          await tell(
            tx,
            before.guarantorId,
            'A guarantee is no longer needed',
            `The loan ${formatLoanNumber(before.number)} you were asked to guarantee was not granted; nothing of your capital is held for it.`,
            '/loans/guarantees',
          );
        }
      });
      return this.adminLoan(id);
    },

    /**
     * Pays out an approved loan with the proof of transfer (a different admin from those who
     * approved it): the schedule is written from today and the ledger moves the principal from the
     * pool's bank to loans receivable.
     */
    async disburse(actorId: string, id: string, proofUrl: string) {
      await db.transaction(async (tx) => {
        const before = await lockLoan(tx, id);
        if (before.status === 'pending' || before.status === 'awaiting_guarantor') {
          throw invalidState(loanMessages.notApproved);
        }
        if (before.status !== 'approved') throw invalidState(loanMessages.decided);
        assertNotParty(actorId, before);
        for (const approverId of before.approverIds) {
          assertCanDecide(
            actorId,
            { makerId: approverId, amountCents: before.principalCents, approverIds: [] },
            singleChecker(loanMessages.approverPays),
          );
        }
        if (!(await readLoanSettings(tx)).isEnabled) throw invalidState(loanMessages.lendingOff);
        const key = proofUrl.replace('/api/files/', '');
        const [file] = await tx
          .select({ id: files.id })
          .from(files)
          .where(and(eq(files.key, key), eq(files.kind, 'loan-disbursement-proof')));
        if (!file) throw validation('proofUrl', loanMessages.proofOfTransfer);
        const [used] = await tx
          .select({ id: loans.id })
          .from(loans)
          .where(eq(loans.disbursementProofUrl, proofUrl))
          .limit(1);
        if (used) throw conflict(loanMessages.transferProofUsed);
        const account = await usablePayoutAccount(tx, before.userId, clock.now());
        const bank = await poolBankCents(tx, before.poolId);
        if (bank < before.principalCents) throw invalidState(loanMessages.bankShort(formatRand(Math.max(bank, 0))));
        const day = today();
        const now = clock.now();
        const schedule = amortisationSchedule({
          principalCents: before.principalCents,
          annualRateBps: before.annualRateBps,
          termMonths: before.termMonths,
          startDay: day,
        });
        await tx.insert(loanInstalments).values(
          schedule.map((row) => ({
            loanId: id,
            number: row.number,
            dueOn: row.dueOn,
            principalCents: row.principalCents,
            interestCents: row.interestCents,
          })),
        );
        const totals = scheduleTotals(schedule);
        await tx
          .update(loans)
          .set({
            status: 'active',
            disbursedBy: actorId,
            disbursedAt: now,
            disbursedOn: day,
            disbursementProofUrl: proofUrl,
            instalmentCents: totals.instalmentCents,
            totalInterestCents: totals.interestCents,
            updatedAt: now,
          })
          .where(eq(loans.id, id));
        await postEntry(tx, {
          effectiveDate: day,
          kind: 'loan',
          description: `Loan ${formatLoanNumber(before.number)} paid out`,
          source: { type: 'loan_disbursement', id },
          createdBy: before.userId,
          approvedBy: actorId,
          lines: [
            {
              account: 'loans_receivable',
              userId: before.userId,
              poolId: before.poolId,
              loanId: id,
              amountCents: before.principalCents,
            },
            { account: 'bank', poolId: before.poolId, amountCents: -before.principalCents },
          ],
        });
        await writeAudit(tx, {
          actorId,
          action: 'loan.disburse',
          targetType: 'loan',
          targetId: id,
          before: { status: before.status },
          after: {
            status: 'active',
            disbursedOn: day,
            proofUrl,
            instalments: schedule.length,
            paidTo: account.accountNumber.slice(-4),
          },
        });
        await tell(
          tx,
          before.userId,
          'Loan paid out',
          `Your loan ${formatLoanNumber(before.number)} of ${formatRand(before.principalCents)} has been paid into your account ending ${account.accountNumber.slice(-4)}. Your first instalment of ${formatRand(schedule[0]!.amountCents)} is due on ${schedule[0]!.dueOn}.`,
        );
      });
      return this.adminLoan(id);
    },

    // ---- Repayments: the payments desk ----

    async listRepayments(query: AdminRepaymentsQuery) {
      const rows = await db
        .select({
          repayment: loanRepayments,
          loanNumber: loans.number,
          member: { id: users.id, fullName: users.fullName, email: users.email },
        })
        .from(loanRepayments)
        .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
        .innerJoin(users, eq(users.id, loanRepayments.userId))
        .where(eq(loanRepayments.status, query.status))
        .orderBy(query.status === 'pending' ? asc(loanRepayments.createdAt) : desc(loanRepayments.createdAt))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return rows.map((row) => repaymentView(row.repayment, { loanNumber: row.loanNumber, member: row.member }));
    },

    /**
     * Approves a repayment once: split into penalty, interest and principal of the oldest open
     * instalments as of the day it was paid (or settling the loan), written into the schedule, and
     * posted to the ledger against the pool's bank.
     */
    async approveRepayment(actorId: string, id: string) {
      if (!isUuid(id)) throw notFound(loanMessages.repaymentNotFound);
      const loanId = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(loanRepayments).where(eq(loanRepayments.id, id)).for('update');
        if (!before) throw notFound(loanMessages.repaymentNotFound);
        if (before.status !== 'pending') throw invalidState(loanMessages.repaymentDecided);
        assertCanDecide(
          actorId,
          { makerId: before.userId, amountCents: before.amountCents, approverIds: [] },
          singleChecker(loanMessages.ownRepayment),
        );
        const loan = await lockLoan(tx, before.loanId);
        if (loan.status !== 'active') throw invalidState(loanMessages.changedSince(formatRand(0)));
        // A settled exit pays the loan off from the balance it was prepared at: a repayment approved
        // now would leave the exit unpayable.
        const [settledExit] = await tx
          .select({ id: exitRequests.id })
          .from(exitRequests)
          .where(
            and(
              eq(exitRequests.userId, loan.userId),
              eq(exitRequests.poolId, loan.poolId),
              inArray(exitRequests.status, ['settled', 'approved']),
            ),
          )
          .limit(1);
        if (settledExit) throw invalidState(loanMessages.repaymentExitSettled);
        const states = await loadInstalments(tx, loan.id);
        const allocation = allocateRepayment(
          states.map((state) => state.balance),
          before.amountCents,
          before.paidOn,
          loan.disbursedOn!,
        );
        if (!allocation.isAllowed) {
          throw invalidState(loanMessages.changedSince(formatRand(allocation.settlementCents)));
        }
        const now = clock.now();
        const day = dayOf(now);
        const { isRepaid } = await applyAllocation(tx, loan, states, allocation, day, now);
        await postEntry(tx, {
          effectiveDate: day,
          kind: 'loan',
          description: `Loan ${formatLoanNumber(loan.number)} repayment${allocation.isSettlement ? ' (settled early)' : ''}`,
          source: { type: 'loan_repayment', id },
          createdBy: before.userId,
          approvedBy: actorId,
          lines: [
            { account: 'bank', poolId: loan.poolId, amountCents: before.amountCents },
            ...repaymentCredits(loan, allocation),
          ],
        });
        const [after] = await tx
          .update(loanRepayments)
          .set({
            status: 'approved',
            penaltyCents: allocation.penaltyCents,
            interestCents: allocation.interestCents,
            principalCents: allocation.principalCents,
            interestWaivedCents: allocation.interestWaivedCents,
            isSettlement: allocation.isSettlement,
            decidedBy: actorId,
            decidedAt: now,
            updatedAt: now,
          })
          .where(eq(loanRepayments.id, id))
          .returning();
        await writeAudit(tx, {
          actorId,
          action: 'loan_repayment.approve',
          targetType: 'loan_repayment',
          targetId: id,
          before: { status: before.status, loanPrincipalRepaidCents: loan.principalRepaidCents },
          after: {
            status: after!.status,
            penaltyCents: allocation.penaltyCents,
            interestCents: allocation.interestCents,
            principalCents: allocation.principalCents,
            interestWaivedCents: allocation.interestWaivedCents,
            isSettlement: allocation.isSettlement,
            loanPrincipalRepaidCents: loan.principalRepaidCents + allocation.principalCents,
            isRepaid,
          },
        });
        await tell(
          tx,
          before.userId,
          isRepaid ? 'Loan repaid' : 'Loan repayment approved',
          `Your repayment of ${formatRand(before.amountCents)} on loan ${formatLoanNumber(loan.number)} has been approved.` +
            (isRepaid ? ' The loan is now fully repaid. Thank you.' : ''),
        );
        if (isRepaid && loan.guarantorId && loan.guarantorStatus === 'accepted') {
          await tell(
            tx,
            loan.guarantorId,
            'Your guarantee has ended',
            `Loan ${formatLoanNumber(loan.number)} that you guaranteed has been repaid; your capital is no longer held for it.`,
            '/loans/guarantees',
          );
        }
        return loan.id;
      });
      return this.repaymentById(id, loanId);
    },

    async rejectRepayment(actorId: string, id: string, reason: string) {
      if (!isUuid(id)) throw notFound(loanMessages.repaymentNotFound);
      const loanId = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(loanRepayments).where(eq(loanRepayments.id, id)).for('update');
        if (!before) throw notFound(loanMessages.repaymentNotFound);
        if (before.status !== 'pending') throw invalidState(loanMessages.repaymentDecided);
        assertCanDecide(
          actorId,
          { makerId: before.userId, amountCents: before.amountCents, approverIds: [] },
          singleChecker(loanMessages.ownRepayment),
        );
        const now = clock.now();
        await tx
          .update(loanRepayments)
          .set({ status: 'rejected', rejectionReason: reason, decidedBy: actorId, decidedAt: now, updatedAt: now })
          .where(eq(loanRepayments.id, id));
        await writeAudit(tx, {
          actorId,
          action: 'loan_repayment.reject',
          targetType: 'loan_repayment',
          targetId: id,
          before: { status: before.status },
          after: { status: 'rejected', reason },
        });
        await tell(
          tx,
          before.userId,
          'Loan repayment rejected',
          `Your loan repayment of ${formatRand(before.amountCents)} was rejected: ${reason}`,
        );
        return before.loanId;
      });
      return this.repaymentById(id, loanId);
    },

    async repaymentById(id: string, loanId: string) {
      const [row] = await db
        .select({
          repayment: loanRepayments,
          loanNumber: loans.number,
          member: { id: users.id, fullName: users.fullName, email: users.email },
        })
        .from(loanRepayments)
        .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
        .innerJoin(users, eq(users.id, loanRepayments.userId))
        .where(and(eq(loanRepayments.id, id), eq(loanRepayments.loanId, loanId)));
      return repaymentView(row!.repayment, { loanNumber: row!.loanNumber, member: row!.member });
    },

    // ---- Penalty waivers: one loan admin asks, another decides ----

    async requestWaiver(actorId: string, loanId: string, penaltyId: string, reason: string) {
      if (!isUuid(penaltyId)) throw notFound(loanMessages.penaltyNotFound);
      await db.transaction(async (tx) => {
        const loan = await lockLoan(tx, loanId);
        assertNotParty(actorId, loan);
        const [penalty] = await tx
          .select()
          .from(loanPenalties)
          .where(and(eq(loanPenalties.id, penaltyId), eq(loanPenalties.loanId, loan.id)));
        if (!penalty) throw notFound(loanMessages.penaltyNotFound);
        const unpaid = penalty.amountCents - penalty.paidCents - penalty.waivedCents;
        if (unpaid <= 0) throw invalidState(loanMessages.nothingToWaive);
        const [row] = await tx
          .insert(loanPenaltyWaivers)
          .values({ penaltyId, loanId: loan.id, amountCents: unpaid, reason, requestedBy: actorId })
          .onConflictDoNothing()
          .returning();
        if (!row) throw conflict(loanMessages.waiverPending);
        await writeAudit(tx, {
          actorId,
          action: 'loan_waiver.request',
          targetType: 'loan_waiver',
          targetId: row.id,
          after: row,
        });
      });
      return this.adminLoan(loanId);
    },

    async listWaivers(status: 'pending' | 'approved' | 'rejected') {
      const rows = await db
        .select({ waiver: loanPenaltyWaivers, loanNumber: loans.number, instalmentNumber: loanInstalments.number })
        .from(loanPenaltyWaivers)
        .innerJoin(loans, eq(loans.id, loanPenaltyWaivers.loanId))
        .innerJoin(loanPenalties, eq(loanPenalties.id, loanPenaltyWaivers.penaltyId))
        .innerJoin(loanInstalments, eq(loanInstalments.id, loanPenalties.instalmentId))
        .where(eq(loanPenaltyWaivers.status, status))
        .orderBy(asc(loanPenaltyWaivers.createdAt))
        .limit(200);
      return rows.map((row) =>
        waiverView(row.waiver, { loanNumber: row.loanNumber, instalmentNumber: row.instalmentNumber }),
      );
    },

    /** A second admin waives what is left of the penalty: a reversing entry takes it out of penalty income. */
    async approveWaiver(actorId: string, id: string) {
      if (!isUuid(id)) throw notFound(loanMessages.waiverNotFound);
      const loanId = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(loanPenaltyWaivers).where(eq(loanPenaltyWaivers.id, id)).for('update');
        if (!before) throw notFound(loanMessages.waiverNotFound);
        if (before.status !== 'pending') throw invalidState(loanMessages.waiverDecided);
        assertCanDecide(
          actorId,
          { makerId: before.requestedBy, amountCents: before.amountCents, approverIds: [] },
          singleChecker(loanMessages.ownWaiver),
        );
        const loan = await lockLoan(tx, before.loanId);
        assertNotParty(actorId, loan);
        const [penalty] = await tx
          .select()
          .from(loanPenalties)
          .where(eq(loanPenalties.id, before.penaltyId))
          .for('update');
        const waived = Math.min(before.amountCents, penalty!.amountCents - penalty!.paidCents - penalty!.waivedCents);
        if (waived <= 0) throw invalidState(loanMessages.nothingToWaive);
        const now = clock.now();
        const day = dayOf(now);
        await tx
          .update(loanPenalties)
          .set({ waivedCents: sql`${loanPenalties.waivedCents} + ${waived}`, updatedAt: now })
          .where(eq(loanPenalties.id, penalty!.id));
        const [charged] = await tx
          .select({ id: journalEntries.id })
          .from(journalEntries)
          .where(and(eq(journalEntries.sourceType, 'loan_penalty'), eq(journalEntries.sourceId, penalty!.id)));
        const of = { userId: loan.userId, poolId: loan.poolId, loanId: loan.id };
        await postEntry(tx, {
          effectiveDate: day,
          kind: 'reversal',
          description: `Loan ${formatLoanNumber(loan.number)} late penalty waived`,
          source: { type: 'loan_penalty_waiver', id },
          createdBy: before.requestedBy,
          approvedBy: actorId,
          reversalOf: charged?.id ?? null,
          lines: [
            { account: 'income:loan_penalties', ...of, amountCents: waived },
            { account: 'loan_penalties_receivable', ...of, amountCents: -waived },
          ],
        });
        await tx
          .update(loanPenaltyWaivers)
          .set({ status: 'approved', amountCents: waived, decidedBy: actorId, decidedAt: now })
          .where(eq(loanPenaltyWaivers.id, id));
        // The waiver may leave the instalment, or the whole loan, with nothing owed.
        const states = await loadInstalments(tx, loan.id);
        const state = states.find((s) => s.penalty?.id === penalty!.id)!;
        if (state.row.status !== 'paid' && instalmentUnpaid(state.balance).totalCents === 0) {
          await tx
            .update(loanInstalments)
            .set({ status: 'paid', paidOn: day, updatedAt: now })
            .where(eq(loanInstalments.id, state.row.id));
        }
        if (loan.status === 'active') await closeIfRepaid(tx, loan, states, 0, now);
        await writeAudit(tx, {
          actorId,
          action: 'loan_waiver.approve',
          targetType: 'loan_waiver',
          targetId: id,
          before: { status: before.status, penaltyWaivedCents: penalty!.waivedCents },
          after: { status: 'approved', penaltyWaivedCents: penalty!.waivedCents + waived },
        });
        await tell(
          tx,
          loan.userId,
          'Late penalty waived',
          `The late penalty of ${formatRand(waived)} on loan ${formatLoanNumber(loan.number)} has been waived.`,
        );
        return loan.id;
      });
      return this.adminLoan(loanId);
    },

    async rejectWaiver(actorId: string, id: string, reason: string) {
      if (!isUuid(id)) throw notFound(loanMessages.waiverNotFound);
      const loanId = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(loanPenaltyWaivers).where(eq(loanPenaltyWaivers.id, id)).for('update');
        if (!before) throw notFound(loanMessages.waiverNotFound);
        if (before.status !== 'pending') throw invalidState(loanMessages.waiverDecided);
        assertCanDecide(
          actorId,
          { makerId: before.requestedBy, amountCents: before.amountCents, approverIds: [] },
          singleChecker(loanMessages.ownWaiver),
        );
        await tx
          .update(loanPenaltyWaivers)
          .set({ status: 'rejected', rejectionReason: reason, decidedBy: actorId, decidedAt: clock.now() })
          .where(eq(loanPenaltyWaivers.id, id));
        await writeAudit(tx, {
          actorId,
          action: 'loan_waiver.reject',
          targetType: 'loan_waiver',
          targetId: id,
          before: { status: before.status },
          after: { status: 'rejected', reason },
        });
        return before.loanId;
      });
      return this.adminLoan(loanId);
    },
  };
}

export type LoanService = ReturnType<typeof createLoanService>;
