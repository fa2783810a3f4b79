import {
  centsToRand,
  dayOf,
  expenseCategories,
  expenseCategoryLabels,
  formatRand,
  incomeCategories,
  incomeCategoryLabels,
  periodOfDay,
  recordDateRefusal,
  recordMessages,
  reversingLines,
  type LedgerAccount,
  singleChecker,
  type CreateExpenseBody,
  type CreateIncomeBody,
  type RecordListQuery,
  recordApprovedLines,
  type ExpenseCategory,
  type IncomeCategory,
} from '@letsema/domain';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import {
  accountingPeriods,
  expenses,
  files,
  income,
  journalEntries,
  journalLines,
  pools,
  recordReversalRequests,
  users,
} from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, invalidState, notFound } from '../../lib/errors.js';
import { assertCanDecide } from '../../lib/maker-checker.js';
import { isUuid } from '../../lib/tokens.js';
import { postEntry, readBooksCalendar } from '../ledger/posting.js';
import { writeCsv, type CsvCell } from './csv.js';
import { announceWaiting } from '../queues/announce.js';

type ExpenseRow = typeof expenses.$inferSelect;
type IncomeRow = typeof income.$inferSelect;
type ReversalRow = typeof recordReversalRequests.$inferSelect;
type RecordKind = 'expense' | 'income';

/** The latest request to reverse a record, as the admin pages show it. */
export interface ReversalView {
  id: string;
  status: string;
  reason: string;
  approvalsNeeded: number;
  approverIds: string[];
  requestedBy: { id: string; fullName: string | null };
  rejectionReason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface BooksClock {
  /** Now, on the books' clock. */
  now(): Date;
}

/** What a recorded expense or income looks like to the admin pages. */
export interface RecordView {
  id: string;
  category: string;
  categoryLabel: string;
  amount: number;
  date: string;
  period: string;
  description: string;
  documentUrl: string;
  status: string;
  approvalsNeeded: number;
  approverIds: string[];
  rejectionReason: string | null;
  pool: { id: string; name: string };
  recordedBy: { id: string; fullName: string | null };
  decidedAt: string | null;
  createdAt: string;
  /** An adjusting entry, which a month locked for month end takes until it is closed. */
  isAdjustment: boolean;
  /** The latest request to reverse it, if any. */
  reversal: ReversalView | null;
}

const recorder = { id: users.id, fullName: users.fullName };

function reversalView(request: ReversalRow, by: { id: string; fullName: string | null }): ReversalView {
  return {
    id: request.id,
    status: request.status,
    reason: request.reason,
    approvalsNeeded: request.approvalsNeeded,
    approverIds: request.approverIds,
    requestedBy: by,
    rejectionReason: request.rejectionReason,
    createdAt: request.createdAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
  };
}

/** The columns of the expenses and the income CSV, the same for both. */
const RECORD_CSV_COLUMNS = [
  'Date',
  'Month',
  'Category',
  'Amount (R)',
  'Pool',
  'Description',
  'Status',
  'Recorded by',
  'Decided at',
  'Rejection reason',
];

/** One expense or income as a row of its CSV: the amount a plain number, for a spreadsheet to add up. */
function recordCsvRow(record: {
  date: string;
  period: string;
  categoryLabel: string;
  amountCents: number;
  poolName: string;
  description: string;
  status: string;
  recordedBy: string | null;
  decidedAt: Date | null;
  rejectionReason: string | null;
}): CsvCell[] {
  return [
    record.date,
    record.period,
    record.categoryLabel,
    { cents: record.amountCents },
    record.poolName,
    record.description,
    record.status,
    record.recordedBy ?? '',
    record.decidedAt?.toISOString() ?? '',
    record.rejectionReason ?? '',
  ];
}

async function assertDocument(
  tx: Executor,
  url: string,
  ownerId: string,
  kind: string,
  message: string,
  field: string,
) {
  const key = url.replace('/api/files/', '');
  const [file] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.key, key), eq(files.ownerId, ownerId), eq(files.kind, kind)));
  if (!file) throw new AppError('VALIDATION', message, { details: { [field]: message } });
}

async function assertPool(tx: Executor, poolId: string): Promise<string> {
  const [pool] = await tx.select({ name: pools.name }).from(pools).where(eq(pools.id, poolId));
  if (!pool) throw new AppError('VALIDATION', recordMessages.pool, { details: { poolId: recordMessages.pool } });
  return pool.name;
}

/**
 * A record's date: not in the future, at most twelve months back, and in a month that may take a
 * posting (the books' own rule; an adjustment may go into a locked month), with the message the
 * form shows under the date. An adjustment locks its month's row first, so the month cannot close
 * under it; once recorded in a locked month, the close goes back to its reconciliation (the bank
 * figures and the split change when it is approved), with what it posted so far kept.
 */
async function assertRecordDate(tx: Executor, day: string, today: string, isAdjustment: boolean) {
  const period = periodOfDay(day);
  const [row] = isAdjustment
    ? await tx.select().from(accountingPeriods).where(eq(accountingPeriods.period, period)).for('update')
    : [];
  const refusal = recordDateRefusal(day, today, await readBooksCalendar(tx), { isAdjustment });
  if (refusal) throw new AppError('VALIDATION', refusal, { details: { date: refusal } });
  return row?.status === 'locked' ? row : null;
}

/** Sends a locked month's close back to its reconciliation once an adjustment is recorded in it. */
async function reconcileAgain(
  tx: Executor,
  row: typeof accountingPeriods.$inferSelect,
  actorId: string,
  adjustment: { type: RecordKind; id: string },
) {
  const steps: Record<string, { by: string; at: string }> = row.steps.lock ? { lock: row.steps.lock } : {};
  if (Object.keys(row.steps).length === Object.keys(steps).length && !row.calculation && !row.reports) return;
  await tx
    .update(accountingPeriods)
    .set({ steps, calculation: null, reports: null, updatedAt: new Date() })
    .where(eq(accountingPeriods.period, row.period));
  await writeAudit(tx, {
    actorId,
    action: 'month_end.reconcile_again',
    targetType: 'period',
    targetId: row.period,
    before: { status: row.status, steps: row.steps },
    after: { status: row.status, steps, adjustment },
  });
}

/**
 * Posts the entry that undoes a record's approval, dated today (an approval in a closed month is
 * corrected in the open one), and marks the record reversed. Once only: the reversal is unique on
 * the entry it undoes.
 */
async function reverseRecord(
  tx: Executor,
  input: {
    sourceType: 'expense' | 'income';
    id: string;
    requesterId: string;
    actorId: string;
    reason: string;
    today: string;
    label: string;
  },
) {
  const [original] = await tx
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.sourceType, input.sourceType), eq(journalEntries.sourceId, input.id)));
  if (!original) throw invalidState(recordMessages.notApproved);
  const lines = await tx.select().from(journalLines).where(eq(journalLines.entryId, original.id));
  await postEntry(tx, {
    effectiveDate: input.today,
    kind: 'reversal',
    description: `Correction of ${input.label}: ${input.reason}`,
    source: { type: 'reversal', id: original.id },
    createdBy: input.requesterId,
    approvedBy: input.actorId,
    reversalOf: original.id,
    lines: reversingLines(
      lines.map((line) => ({
        account: line.account as LedgerAccount,
        userId: line.userId,
        poolId: line.poolId,
        amountCents: line.amountCents,
      })),
    ),
  });
}

/**
 * Expenses (expense_management) and income (investment_management): recorded with their document by
 * one admin, decided by another; an approval posts the entry in the same transaction. Expenses above
 * the dual-approval amount need two approvers, neither of them the one who recorded it.
 */
export function createRecordsService(deps: {
  db: Db;
  clock: BooksClock;
  expenseDualApprovalCents: number;
  publicUrl: string;
}) {
  const { db, clock } = deps;

  const expenseView = (row: ExpenseRow, pool: { name: string }, by: { id: string; fullName: string | null }) =>
    ({
      id: row.id,
      category: row.category,
      categoryLabel: expenseCategoryLabels[row.category as keyof typeof expenseCategoryLabels] ?? row.category,
      amount: centsToRand(row.amountCents),
      date: row.expenseDate,
      period: row.period,
      description: row.description,
      documentUrl: row.receiptUrl,
      status: row.status,
      approvalsNeeded: row.approvalsNeeded,
      approverIds: row.approverIds,
      rejectionReason: row.rejectionReason ?? row.reversalReason,
      pool: { id: row.poolId, name: pool.name },
      recordedBy: by,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      isAdjustment: row.isAdjustment,
      reversal: null,
    }) satisfies RecordView;

  const incomeView = (row: IncomeRow, pool: { name: string }, by: { id: string; fullName: string | null }) =>
    ({
      id: row.id,
      category: row.category,
      categoryLabel: incomeCategoryLabels[row.category as keyof typeof incomeCategoryLabels] ?? row.category,
      amount: centsToRand(row.amountCents),
      date: row.incomeDate,
      period: row.period,
      description: row.description,
      documentUrl: row.proofUrl,
      status: row.status,
      approvalsNeeded: 1,
      approverIds: row.decidedBy && (row.status === 'approved' || row.status === 'reversed') ? [row.decidedBy] : [],
      rejectionReason: row.rejectionReason ?? row.reversalReason,
      pool: { id: row.poolId, name: pool.name },
      recordedBy: by,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      isAdjustment: row.isAdjustment,
      reversal: null,
    }) satisfies RecordView;

  const expenseFilters = (query: RecordListQuery): SQL | undefined =>
    and(
      query.period ? eq(expenses.period, query.period) : undefined,
      query.category ? eq(expenses.category, query.category) : undefined,
      query.status ? eq(expenses.status, query.status) : undefined,
    );
  const incomeFilters = (query: RecordListQuery): SQL | undefined =>
    and(
      query.period ? eq(income.period, query.period) : undefined,
      query.category ? eq(income.category, query.category) : undefined,
      query.status ? eq(income.status, query.status) : undefined,
    );

  /** Adds to each record the latest request to reverse it. */
  async function withReversals(kind: RecordKind, views: RecordView[]): Promise<RecordView[]> {
    const ids = views.filter((view) => view.status === 'approved' || view.status === 'reversed').map((v) => v.id);
    if (ids.length === 0) return views;
    const column = kind === 'expense' ? recordReversalRequests.expenseId : recordReversalRequests.incomeId;
    const rows = await db
      .select({ request: recordReversalRequests, by: recorder })
      .from(recordReversalRequests)
      .innerJoin(users, eq(users.id, recordReversalRequests.requestedBy))
      .where(inArray(column, ids))
      .orderBy(desc(recordReversalRequests.createdAt));
    const latest = new Map<string, ReversalView>();
    for (const { request, by } of rows) {
      const recordId = (kind === 'expense' ? request.expenseId : request.incomeId)!;
      if (!latest.has(recordId)) latest.set(recordId, reversalView(request, by));
    }
    return views.map((view) => ({ ...view, reversal: latest.get(view.id) ?? null }));
  }

  async function findExpense(id: string) {
    const [row] = await db
      .select({ e: expenses, pool: { name: pools.name }, by: recorder })
      .from(expenses)
      .innerJoin(pools, eq(pools.id, expenses.poolId))
      .innerJoin(users, eq(users.id, expenses.recordedBy))
      .where(eq(expenses.id, id));
    if (!row) throw notFound(recordMessages.notFound);
    return (await withReversals('expense', [expenseView(row.e, row.pool, row.by)]))[0]!;
  }

  async function findIncome(id: string) {
    const [row] = await db
      .select({ i: income, pool: { name: pools.name }, by: recorder })
      .from(income)
      .innerJoin(pools, eq(pools.id, income.poolId))
      .innerJoin(users, eq(users.id, income.recordedBy))
      .where(eq(income.id, id));
    if (!row) throw notFound(recordMessages.notFound);
    return (await withReversals('income', [incomeView(row.i, row.pool, row.by)]))[0]!;
  }

  /** The record under a row lock, with who made it: who recorded it and who approved it. */
  async function lockRecord(tx: Executor, kind: RecordKind, id: string) {
    if (kind === 'expense') {
      const [row] = await tx.select().from(expenses).where(eq(expenses.id, id)).for('update');
      return (
        row && { status: row.status, amountCents: row.amountCents, makerIds: [row.recordedBy, ...row.approverIds] }
      );
    }
    const [row] = await tx.select().from(income).where(eq(income.id, id)).for('update');
    return (
      row && {
        status: row.status,
        amountCents: row.amountCents,
        makerIds: [row.recordedBy, ...(row.decidedBy ? [row.decidedBy] : [])],
      }
    );
  }

  /** The request waiting to reverse a locked record, itself locked. */
  async function lockPendingReversal(tx: Executor, kind: RecordKind, id: string): Promise<ReversalRow> {
    const column = kind === 'expense' ? recordReversalRequests.expenseId : recordReversalRequests.incomeId;
    const [request] = await tx
      .select()
      .from(recordReversalRequests)
      .where(and(eq(column, id), eq(recordReversalRequests.status, 'pending')))
      .for('update');
    if (!request) throw invalidState(recordMessages.noReversalPending);
    return request;
  }

  /**
   * Whether the actor may decide a reversal: never who asked for it, recorded the record or approved
   * it; two approvals when it was above the dual-approval amount as it was asked.
   */
  function assertMayDecideReversal(actorId: string, request: ReversalRow, makerIds: string[], forApproval: boolean) {
    return assertCanDecide(
      actorId,
      {
        makerId: request.requestedBy,
        otherMakerIds: makerIds,
        amountCents: request.amountCents,
        approverIds: forApproval ? request.approverIds : [],
      },
      request.approvalsNeeded > 1 && forApproval
        ? { dualApprovalAboveCents: 0, makerMessage: recordMessages.reversalMaker }
        : singleChecker(recordMessages.reversalMaker),
    );
  }

  const find = (kind: RecordKind, id: string) => (kind === 'expense' ? findExpense(id) : findIncome(id));

  /** Asks for an approved record to be reversed, with the reason; other admins decide. */
  async function requestReversal(kind: RecordKind, actorId: string, rawId: string, reason: string) {
    const id = assertId(rawId);
    await db.transaction(async (tx) => {
      const record = await lockRecord(tx, kind, id);
      if (!record) throw notFound(recordMessages.notFound);
      if (record.status !== 'approved') throw invalidState(recordMessages.notApproved);
      const [request] = await tx
        .insert(recordReversalRequests)
        .values({
          ...(kind === 'expense' ? { expenseId: id } : { incomeId: id }),
          amountCents: record.amountCents,
          reason,
          approvalsNeeded: record.amountCents > deps.expenseDualApprovalCents ? 2 : 1,
          requestedBy: actorId,
        })
        .onConflictDoNothing()
        .returning();
      if (!request) throw new AppError('CONFLICT', recordMessages.reversalPending);
      await writeAudit(tx, {
        actorId,
        action: `${kind}.reversal_request`,
        targetType: kind,
        targetId: id,
        after: request,
      });
      await announceWaiting(tx, kind === 'expense' ? 'expenseReversals' : 'incomeReversals', {
        by: actorId,
        what: `${kind === 'expense' ? 'An expense' : 'Income'} of ${formatRand(record.amountCents)} is asked to be reversed: ${reason}`,
        publicUrl: deps.publicUrl,
      });
    });
    return find(kind, id);
  }

  /**
   * Approves the reversal waiting on a record; the last approval needed posts the reversing entry,
   * dated today (a record in a closed month is corrected in the open one), and marks it reversed.
   */
  async function approveReversal(kind: RecordKind, actorId: string, rawId: string) {
    const id = assertId(rawId);
    await db.transaction(async (tx) => {
      const record = await lockRecord(tx, kind, id);
      if (!record) throw notFound(recordMessages.notFound);
      const before = await lockPendingReversal(tx, kind, id);
      const { isFinal } = assertMayDecideReversal(actorId, before, record.makerIds, true);
      const now = clock.now();
      const [after] = await tx
        .update(recordReversalRequests)
        .set({
          approverIds: [...before.approverIds, actorId],
          ...(isFinal ? { status: 'approved', decidedBy: actorId, decidedAt: now } : {}),
        })
        .where(eq(recordReversalRequests.id, before.id))
        .returning();
      if (isFinal) {
        if (record.status !== 'approved') throw invalidState(recordMessages.notApproved);
        await reverseRecord(tx, {
          sourceType: kind,
          id,
          requesterId: before.requestedBy,
          actorId,
          reason: before.reason,
          today: dayOf(now),
          label: kind === 'expense' ? 'an expense' : 'income',
        });
        const reversed = { status: 'reversed', reversalReason: before.reason, reversedBy: actorId, reversedAt: now };
        if (kind === 'expense') {
          await tx
            .update(expenses)
            .set({ ...reversed, updatedAt: new Date() })
            .where(eq(expenses.id, id));
        } else {
          await tx
            .update(income)
            .set({ ...reversed, updatedAt: new Date() })
            .where(eq(income.id, id));
        }
      }
      const audited = { actorId, targetType: kind, targetId: id, before, after };
      if (isFinal) await writeAudit(tx, { ...audited, action: `${kind}.reverse` });
      else await writeAudit(tx, { ...audited, action: `${kind}.reversal_first_approval` });
    });
    return find(kind, id);
  }

  /** Refuses the reversal waiting on a record, with a reason; the record stays as it was. */
  async function rejectReversal(kind: RecordKind, actorId: string, rawId: string, reason: string) {
    const id = assertId(rawId);
    await db.transaction(async (tx) => {
      const record = await lockRecord(tx, kind, id);
      if (!record) throw notFound(recordMessages.notFound);
      const before = await lockPendingReversal(tx, kind, id);
      assertMayDecideReversal(actorId, before, record.makerIds, false);
      const [after] = await tx
        .update(recordReversalRequests)
        .set({ status: 'rejected', rejectionReason: reason, decidedBy: actorId, decidedAt: clock.now() })
        .where(eq(recordReversalRequests.id, before.id))
        .returning();
      await writeAudit(tx, {
        actorId,
        action: `${kind}.reversal_reject`,
        targetType: kind,
        targetId: id,
        before,
        after,
      });
    });
    return find(kind, id);
  }

  const assertId = (id: string) => {
    if (!isUuid(id)) throw notFound(recordMessages.notFound);
    return id;
  };

  return {
    async recordExpense(actorId: string, body: CreateExpenseBody): Promise<RecordView> {
      const id = await db.transaction(async (tx) => {
        const locked = await assertRecordDate(tx, body.date, dayOf(clock.now()), body.isAdjustment);
        await assertPool(tx, body.poolId);
        await assertDocument(tx, body.receiptUrl, actorId, 'expense-receipt', recordMessages.receipt, 'receiptUrl');
        const [row] = await tx
          .insert(expenses)
          .values({
            poolId: body.poolId,
            category: body.category,
            amountCents: body.amount,
            expenseDate: body.date,
            period: periodOfDay(body.date),
            description: body.description,
            receiptUrl: body.receiptUrl,
            isAdjustment: body.isAdjustment,
            approvalsNeeded: body.amount > deps.expenseDualApprovalCents ? 2 : 1,
            recordedBy: actorId,
          })
          .onConflictDoNothing({ target: expenses.receiptUrl })
          .returning();
        if (!row) throw new AppError('CONFLICT', 'This receipt belongs to another expense already');
        await writeAudit(tx, {
          actorId,
          action: 'expense.record',
          targetType: 'expense',
          targetId: row.id,
          after: row,
        });
        if (locked) await reconcileAgain(tx, locked, actorId, { type: 'expense', id: row.id });
        await announceWaiting(tx, 'expenses', {
          by: actorId,
          what: `An expense of ${formatRand(body.amount)} waits for approval: ${body.description}`,
          publicUrl: deps.publicUrl,
        });
        return row.id;
      });
      return findExpense(id);
    },

    async approveExpense(actorId: string, rawId: string): Promise<RecordView> {
      const id = assertId(rawId);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(expenses).where(eq(expenses.id, id)).for('update');
        if (!before) throw notFound(recordMessages.notFound);
        if (before.status !== 'pending') throw invalidState(recordMessages.decided);
        const { isFinal } = assertCanDecide(
          actorId,
          { makerId: before.recordedBy, amountCents: before.amountCents, approverIds: before.approverIds },
          before.approvalsNeeded > 1 ? { dualApprovalAboveCents: 0 } : singleChecker(),
        );
        const approverIds = [...before.approverIds, actorId];
        const now = clock.now();
        const [after] = await tx
          .update(expenses)
          .set({
            approverIds,
            ...(isFinal ? { status: 'approved', decidedBy: actorId, decidedAt: now } : {}),
            updatedAt: new Date(),
          })
          .where(eq(expenses.id, id))
          .returning();
        if (isFinal) {
          await postEntry(
            tx,
            {
              effectiveDate: before.expenseDate,
              kind: 'expense',
              description: `Expense: ${expenseCategoryLabels[before.category as keyof typeof expenseCategoryLabels]}, ${before.description}`,
              source: { type: 'expense', id },
              createdBy: before.recordedBy,
              approvedBy: actorId,
              lines: recordApprovedLines({
                kind: 'expense',
                category: before.category as ExpenseCategory,
                poolId: before.poolId,
                amountCents: before.amountCents,
              }),
            },
            { isAdjustment: before.isAdjustment },
          );
        }
        await writeAudit(tx, {
          actorId,
          action: isFinal ? 'expense.approve' : 'expense.first_approval',
          targetType: 'expense',
          targetId: id,
          before,
          after,
        });
      });
      return findExpense(id);
    },

    async rejectExpense(actorId: string, rawId: string, reason: string): Promise<RecordView> {
      const id = assertId(rawId);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(expenses).where(eq(expenses.id, id)).for('update');
        if (!before) throw notFound(recordMessages.notFound);
        if (before.status !== 'pending') throw invalidState(recordMessages.decided);
        assertCanDecide(
          actorId,
          { makerId: before.recordedBy, amountCents: before.amountCents, approverIds: before.approverIds },
          singleChecker(),
        );
        const [after] = await tx
          .update(expenses)
          .set({
            status: 'rejected',
            rejectionReason: reason,
            decidedBy: actorId,
            decidedAt: clock.now(),
            updatedAt: new Date(),
          })
          .where(eq(expenses.id, id))
          .returning();
        await writeAudit(tx, { actorId, action: 'expense.reject', targetType: 'expense', targetId: id, before, after });
      });
      return findExpense(id);
    },

    requestExpenseReversal: (actorId: string, id: string, reason: string) =>
      requestReversal('expense', actorId, id, reason),
    approveExpenseReversal: (actorId: string, id: string) => approveReversal('expense', actorId, id),
    rejectExpenseReversal: (actorId: string, id: string, reason: string) =>
      rejectReversal('expense', actorId, id, reason),
    requestIncomeReversal: (actorId: string, id: string, reason: string) =>
      requestReversal('income', actorId, id, reason),
    approveIncomeReversal: (actorId: string, id: string) => approveReversal('income', actorId, id),
    rejectIncomeReversal: (actorId: string, id: string, reason: string) =>
      rejectReversal('income', actorId, id, reason),

    async listExpenses(query: RecordListQuery) {
      const where = expenseFilters(query);
      const [rows, [total], totals] = await Promise.all([
        db
          .select({ e: expenses, pool: { name: pools.name }, by: recorder })
          .from(expenses)
          .innerJoin(pools, eq(pools.id, expenses.poolId))
          .innerJoin(users, eq(users.id, expenses.recordedBy))
          .where(where)
          .orderBy(desc(expenses.expenseDate), desc(expenses.createdAt), asc(expenses.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ value: count() }).from(expenses).where(where),
        db
          .select({
            category: expenses.category,
            status: expenses.status,
            cents: sql<string>`sum(${expenses.amountCents})`,
          })
          .from(expenses)
          .where(where)
          .groupBy(expenses.category, expenses.status),
      ]);
      return {
        items: await withReversals(
          'expense',
          rows.map((row) => expenseView(row.e, row.pool, row.by)),
        ),
        total: total?.value ?? 0,
        page: query.page,
        limit: query.limit,
        totalsByCategory: expenseCategories.map((category) => ({
          category,
          label: expenseCategoryLabels[category],
          approved: centsToRand(sumOf(totals, category, 'approved')),
          pending: centsToRand(sumOf(totals, category, 'pending')),
        })),
      };
    },

    /** The expenses that match the list's filters, oldest first, as CSV. */
    async exportExpenses(query: Omit<RecordListQuery, 'page' | 'limit'>): Promise<string> {
      const rows = await db
        .select({ e: expenses, pool: { name: pools.name }, by: recorder })
        .from(expenses)
        .innerJoin(pools, eq(pools.id, expenses.poolId))
        .innerJoin(users, eq(users.id, expenses.recordedBy))
        .where(expenseFilters({ ...query, page: 1, limit: 1 }))
        .orderBy(asc(expenses.expenseDate), asc(expenses.createdAt))
        .limit(50_000);
      return writeCsv(
        RECORD_CSV_COLUMNS,
        rows.map(({ e, pool, by }) =>
          recordCsvRow({
            date: e.expenseDate,
            period: e.period,
            categoryLabel: expenseCategoryLabels[e.category as keyof typeof expenseCategoryLabels] ?? e.category,
            amountCents: e.amountCents,
            poolName: pool.name,
            description: e.description,
            status: e.status,
            recordedBy: by.fullName,
            decidedAt: e.decidedAt,
            rejectionReason: e.rejectionReason,
          }),
        ),
      );
    },

    async recordIncome(actorId: string, body: CreateIncomeBody): Promise<RecordView> {
      const id = await db.transaction(async (tx) => {
        const locked = await assertRecordDate(tx, body.date, dayOf(clock.now()), body.isAdjustment);
        await assertPool(tx, body.poolId);
        await assertDocument(tx, body.proofUrl, actorId, 'income-proof', recordMessages.proof, 'proofUrl');
        const [row] = await tx
          .insert(income)
          .values({
            poolId: body.poolId,
            category: body.category,
            amountCents: body.amount,
            incomeDate: body.date,
            period: periodOfDay(body.date),
            description: body.description,
            proofUrl: body.proofUrl,
            isAdjustment: body.isAdjustment,
            recordedBy: actorId,
          })
          .onConflictDoNothing({ target: income.proofUrl })
          .returning();
        if (!row) throw new AppError('CONFLICT', 'This proof belongs to other income already');
        await writeAudit(tx, { actorId, action: 'income.record', targetType: 'income', targetId: row.id, after: row });
        if (locked) await reconcileAgain(tx, locked, actorId, { type: 'income', id: row.id });
        await announceWaiting(tx, 'income', {
          by: actorId,
          what: `Income of ${formatRand(body.amount)} waits for approval: ${body.description}`,
          publicUrl: deps.publicUrl,
        });
        return row.id;
      });
      return findIncome(id);
    },

    async approveIncome(actorId: string, rawId: string): Promise<RecordView> {
      const id = assertId(rawId);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(income).where(eq(income.id, id)).for('update');
        if (!before) throw notFound(recordMessages.notFound);
        if (before.status !== 'pending') throw invalidState(recordMessages.decided);
        assertCanDecide(
          actorId,
          { makerId: before.recordedBy, amountCents: before.amountCents, approverIds: [] },
          singleChecker(),
        );
        const [after] = await tx
          .update(income)
          .set({ status: 'approved', decidedBy: actorId, decidedAt: clock.now(), updatedAt: new Date() })
          .where(eq(income.id, id))
          .returning();
        await postEntry(
          tx,
          {
            effectiveDate: before.incomeDate,
            kind: 'income',
            description: `Income: ${incomeCategoryLabels[before.category as keyof typeof incomeCategoryLabels]}, ${before.description}`,
            source: { type: 'income', id },
            createdBy: before.recordedBy,
            approvedBy: actorId,
            lines: recordApprovedLines({
              kind: 'income',
              category: before.category as IncomeCategory,
              poolId: before.poolId,
              amountCents: before.amountCents,
            }),
          },
          { isAdjustment: before.isAdjustment },
        );
        await writeAudit(tx, { actorId, action: 'income.approve', targetType: 'income', targetId: id, before, after });
      });
      return findIncome(id);
    },

    async rejectIncome(actorId: string, rawId: string, reason: string): Promise<RecordView> {
      const id = assertId(rawId);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(income).where(eq(income.id, id)).for('update');
        if (!before) throw notFound(recordMessages.notFound);
        if (before.status !== 'pending') throw invalidState(recordMessages.decided);
        assertCanDecide(
          actorId,
          { makerId: before.recordedBy, amountCents: before.amountCents, approverIds: [] },
          singleChecker(),
        );
        const [after] = await tx
          .update(income)
          .set({
            status: 'rejected',
            rejectionReason: reason,
            decidedBy: actorId,
            decidedAt: clock.now(),
            updatedAt: new Date(),
          })
          .where(eq(income.id, id))
          .returning();
        await writeAudit(tx, { actorId, action: 'income.reject', targetType: 'income', targetId: id, before, after });
      });
      return findIncome(id);
    },

    async listIncome(query: RecordListQuery) {
      const where = incomeFilters(query);
      const [rows, [total], totals] = await Promise.all([
        db
          .select({ i: income, pool: { name: pools.name }, by: recorder })
          .from(income)
          .innerJoin(pools, eq(pools.id, income.poolId))
          .innerJoin(users, eq(users.id, income.recordedBy))
          .where(where)
          .orderBy(desc(income.incomeDate), desc(income.createdAt), asc(income.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ value: count() }).from(income).where(where),
        db
          .select({ category: income.category, status: income.status, cents: sql<string>`sum(${income.amountCents})` })
          .from(income)
          .where(where)
          .groupBy(income.category, income.status),
      ]);
      return {
        items: await withReversals(
          'income',
          rows.map((row) => incomeView(row.i, row.pool, row.by)),
        ),
        total: total?.value ?? 0,
        page: query.page,
        limit: query.limit,
        totalsByCategory: incomeCategories.map((category) => ({
          category,
          label: incomeCategoryLabels[category],
          approved: centsToRand(sumOf(totals, category, 'approved')),
          pending: centsToRand(sumOf(totals, category, 'pending')),
        })),
      };
    },

    /** The income that matches the list's filters, oldest first, as CSV (the same columns as expenses). */
    async exportIncome(query: Omit<RecordListQuery, 'page' | 'limit'>): Promise<string> {
      const rows = await db
        .select({ i: income, pool: { name: pools.name }, by: recorder })
        .from(income)
        .innerJoin(pools, eq(pools.id, income.poolId))
        .innerJoin(users, eq(users.id, income.recordedBy))
        .where(incomeFilters({ ...query, page: 1, limit: 1 }))
        .orderBy(asc(income.incomeDate), asc(income.createdAt))
        .limit(50_000);
      return writeCsv(
        RECORD_CSV_COLUMNS,
        rows.map(({ i, pool, by }) =>
          recordCsvRow({
            date: i.incomeDate,
            period: i.period,
            categoryLabel: incomeCategoryLabels[i.category as keyof typeof incomeCategoryLabels] ?? i.category,
            amountCents: i.amountCents,
            poolName: pool.name,
            description: i.description,
            status: i.status,
            recordedBy: by.fullName,
            decidedAt: i.decidedAt,
            rejectionReason: i.rejectionReason,
          }),
        ),
      );
    },
  };
}

function sumOf(rows: { category: string; status: string; cents: string }[], category: string, status: string): number {
  return Number(rows.find((row) => row.category === category && row.status === status)?.cents ?? 0);
}

export type RecordsService = ReturnType<typeof createRecordsService>;
