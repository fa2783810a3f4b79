import {
  amortisationSchedule,
  centsToRand,
  loanMessages,
  type ScheduledInstalment,
  singleChecker,
} from '@letsema/domain';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  journalLines,
  loanInstalments,
  loanPenalties,
  loanPenaltyWaivers,
  loanProducts,
  loanRepayments,
  loans,
  pools,
  users,
} from '../../db/schema.js';
import { invalidState, notFound } from '../../lib/errors.js';
import { assertCanDecide } from '../../lib/maker-checker.js';
import { isUuid } from '../../lib/tokens.js';
import { adminPayoutAccountView, findPayoutAccount } from '../payout-account/service.js';
import { type LoanDeps, today } from './deps.js';
import { type InstalmentState, loadInstalments, type LoanRow, settlementOf, toInstalmentState } from './money.js';
import { type LoanContext, loanView, repaymentView, scheduleView, settlementView, waiverView } from './views.js';

export const guarantorUsers = alias(users, 'guarantor_users');

/** A schedule as a quote shows it. */
export function scheduleRows(schedule: ScheduledInstalment[]) {
  return schedule.map((row) => ({
    number: row.number,
    dueOn: row.dueOn,
    principal: centsToRand(row.principalCents),
    interest: centsToRand(row.interestCents),
    amount: centsToRand(row.amountCents),
    balanceAfter: centsToRand(row.balanceAfterCents),
  }));
}

/** The loans matching `where`, with what their views need, newest first. */
export async function loadContexts(
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
export async function unpaidStatesOf(executor: Executor, contexts: LoanContext[]) {
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

export async function listViews(deps: LoanDeps, executor: Executor, contexts: LoanContext[], isAdmin: boolean) {
  const unpaid = await unpaidStatesOf(executor, contexts);
  const day = today(deps);
  return contexts.map((context) => loanView(context, unpaid.get(context.loan.id) ?? [], day, isAdmin));
}

/** A loan with its schedule, settlement figure, repayments and penalty waivers. */
export async function detail(deps: LoanDeps, context: LoanContext, isAdmin: boolean) {
  const { loan } = context;
  const day = today(deps);
  const states = await loadInstalments(deps.db, loan.id);
  const repayments = await deps.db
    .select()
    .from(loanRepayments)
    .where(eq(loanRepayments.loanId, loan.id))
    .orderBy(desc(loanRepayments.createdAt))
    .limit(500);
  const waivers = await deps.db
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

export async function contextOf(deps: LoanDeps, id: string, where: SQL | undefined): Promise<LoanContext> {
  if (!isUuid(id)) throw notFound(loanMessages.notFound);
  const [context] = await loadContexts(deps.db, and(eq(loans.id, id), where), { limit: 1 });
  if (!context) throw notFound(loanMessages.notFound);
  return context;
}

export async function lockLoan(tx: Executor, id: string, where?: SQL): Promise<LoanRow> {
  if (!isUuid(id)) throw notFound(loanMessages.notFound);
  const [loan] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, id), where))
    .for('update');
  if (!loan) throw notFound(loanMessages.notFound);
  return loan;
}

/** A pending repayment under a row lock, which the actor may decide: never the member who paid it. */
export async function lockPendingRepayment(tx: Executor, id: string, actorId: string) {
  if (!isUuid(id)) throw notFound(loanMessages.repaymentNotFound);
  const [repayment] = await tx.select().from(loanRepayments).where(eq(loanRepayments.id, id)).for('update');
  if (!repayment) throw notFound(loanMessages.repaymentNotFound);
  if (repayment.status !== 'pending') throw invalidState(loanMessages.repaymentDecided);
  assertCanDecide(
    actorId,
    { makerId: repayment.userId, amountCents: repayment.amountCents, approverIds: [] },
    singleChecker(loanMessages.ownRepayment),
  );
  return repayment;
}

/** A pending penalty waiver under a row lock, which the actor may decide: never the admin who asked for it. */
export async function lockPendingWaiver(tx: Executor, id: string, actorId: string) {
  if (!isUuid(id)) throw notFound(loanMessages.waiverNotFound);
  const [waiver] = await tx.select().from(loanPenaltyWaivers).where(eq(loanPenaltyWaivers.id, id)).for('update');
  if (!waiver) throw notFound(loanMessages.waiverNotFound);
  if (waiver.status !== 'pending') throw invalidState(loanMessages.waiverDecided);
  assertCanDecide(
    actorId,
    { makerId: waiver.requestedBy, amountCents: waiver.amountCents, approverIds: [] },
    singleChecker(loanMessages.ownWaiver),
  );
  return waiver;
}

/** Nobody decides a loan they asked for or guarantee (403 `MAKER_CHECKER`), whatever their roles. */
export function assertNotParty(actorId: string, loan: LoanRow) {
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

export async function poolBankCents(tx: Executor, poolId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${journalLines.amountCents}), 0)` })
    .from(journalLines)
    .where(and(eq(journalLines.account, 'bank'), eq(journalLines.poolId, poolId)));
  return Number(row?.cents ?? 0);
}

/** Days overdue of a loan's oldest unpaid instalment whose day has passed (null when none). */
export const oldestOverdue = (day: string) =>
  sql`(select min(${loanInstalments.dueOn}) from ${loanInstalments} where ${loanInstalments.loanId} = ${loans.id} and ${loanInstalments.status} <> 'paid' and ${loanInstalments.dueOn} < ${day})`;

export async function adminLoan(deps: LoanDeps, id: string) {
  const context = await contextOf(deps, id, undefined);
  const account = await findPayoutAccount(deps.db, context.loan.userId);
  // The loan admin who pays it out needs the member's payout account, whole number and all.
  return {
    ...(await detail(deps, context, true)),
    payoutAccount: adminPayoutAccountView(account, context.member.fullName, deps.clock.now()),
  };
}

/** Repayments with their loan's number and their member, as the admins see them. */
export const selectRepayments = (deps: LoanDeps) =>
  deps.db
    .select({
      repayment: loanRepayments,
      loanNumber: loans.number,
      member: { id: users.id, fullName: users.fullName, email: users.email },
    })
    .from(loanRepayments)
    .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
    .innerJoin(users, eq(users.id, loanRepayments.userId));

export async function repaymentById(deps: LoanDeps, id: string, loanId: string) {
  const [row] = await selectRepayments(deps).where(and(eq(loanRepayments.id, id), eq(loanRepayments.loanId, loanId)));
  return repaymentView(row!.repayment, { loanNumber: row!.loanNumber, member: row!.member });
}
