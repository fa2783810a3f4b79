import {
  centsToRand,
  dayOf,
  expenseCategories,
  expenseCategoryLabels,
  incomeCategories,
  incomeCategoryLabels,
  periodOfDay,
  recordMessages,
  reversingLines,
  type LedgerAccount,
  singleChecker,
  type CreateExpenseBody,
  type CreateIncomeBody,
  type RecordListQuery,
} from '@letsema/domain';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { expenses, files, income, journalEntries, journalLines, pools, users } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, invalidState, notFound } from '../../lib/errors.js';
import { assertCanDecide } from '../../lib/maker-checker.js';
import { isUuid } from '../auth/tokens.js';
import { assertPeriodOpen, postEntry } from '../ledger/posting.js';
import { writeCsv, type CsvCell } from './csv.js';

type ExpenseRow = typeof expenses.$inferSelect;
type IncomeRow = typeof income.$inferSelect;

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
}

const recorder = { id: users.id, fullName: users.fullName };

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

function assertNotFuture(day: string, today: string) {
  if (day > today)
    throw new AppError('VALIDATION', recordMessages.futureDate, { details: { date: recordMessages.futureDate } });
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
    createdBy: input.actorId,
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
export function createRecordsService(deps: { db: Db; clock: BooksClock; expenseDualApprovalCents: number }) {
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
      approverIds: row.decidedBy && row.status === 'approved' ? [row.decidedBy] : [],
      rejectionReason: row.rejectionReason ?? row.reversalReason,
      pool: { id: row.poolId, name: pool.name },
      recordedBy: by,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
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

  async function findExpense(id: string) {
    const [row] = await db
      .select({ e: expenses, pool: { name: pools.name }, by: recorder })
      .from(expenses)
      .innerJoin(pools, eq(pools.id, expenses.poolId))
      .innerJoin(users, eq(users.id, expenses.recordedBy))
      .where(eq(expenses.id, id));
    if (!row) throw notFound(recordMessages.notFound);
    return expenseView(row.e, row.pool, row.by);
  }

  async function findIncome(id: string) {
    const [row] = await db
      .select({ i: income, pool: { name: pools.name }, by: recorder })
      .from(income)
      .innerJoin(pools, eq(pools.id, income.poolId))
      .innerJoin(users, eq(users.id, income.recordedBy))
      .where(eq(income.id, id));
    if (!row) throw notFound(recordMessages.notFound);
    return incomeView(row.i, row.pool, row.by);
  }

  const assertId = (id: string) => {
    if (!isUuid(id)) throw notFound(recordMessages.notFound);
    return id;
  };

  return {
    async recordExpense(actorId: string, body: CreateExpenseBody): Promise<RecordView> {
      assertNotFuture(body.date, dayOf(clock.now()));
      const id = await db.transaction(async (tx) => {
        await assertPool(tx, body.poolId);
        await assertDocument(tx, body.receiptUrl, actorId, 'expense-receipt', recordMessages.receipt, 'receiptUrl');
        await assertPeriodOpen(tx, body.date);
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
          await postEntry(tx, {
            effectiveDate: before.expenseDate,
            kind: 'expense',
            description: `Expense: ${expenseCategoryLabels[before.category as keyof typeof expenseCategoryLabels]}, ${before.description}`,
            source: { type: 'expense', id },
            createdBy: before.recordedBy,
            approvedBy: actorId,
            lines: [
              {
                account: `expense:${before.category as (typeof expenseCategories)[number]}`,
                poolId: before.poolId,
                amountCents: before.amountCents,
              },
              { account: 'bank', poolId: before.poolId, amountCents: -before.amountCents },
            ],
          });
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

    /** Reverses an approved expense: anyone with the role but the admin who recorded it. */
    async reverseExpense(actorId: string, rawId: string, reason: string): Promise<RecordView> {
      const id = assertId(rawId);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(expenses).where(eq(expenses.id, id)).for('update');
        if (!before) throw notFound(recordMessages.notFound);
        if (before.status !== 'approved') throw invalidState(recordMessages.notApproved);
        assertCanDecide(
          actorId,
          { makerId: before.recordedBy, amountCents: before.amountCents, approverIds: [] },
          singleChecker(),
        );
        await reverseRecord(tx, {
          sourceType: 'expense',
          id,
          actorId,
          reason,
          today: dayOf(clock.now()),
          label: 'an expense',
        });
        const [after] = await tx
          .update(expenses)
          .set({
            status: 'reversed',
            reversalReason: reason,
            reversedBy: actorId,
            reversedAt: clock.now(),
            updatedAt: new Date(),
          })
          .where(eq(expenses.id, id))
          .returning();
        await writeAudit(tx, {
          actorId,
          action: 'expense.reverse',
          targetType: 'expense',
          targetId: id,
          before,
          after,
        });
      });
      return findExpense(id);
    },

    /** Reverses approved income: anyone with the role but the admin who recorded it. */
    async reverseIncome(actorId: string, rawId: string, reason: string): Promise<RecordView> {
      const id = assertId(rawId);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(income).where(eq(income.id, id)).for('update');
        if (!before) throw notFound(recordMessages.notFound);
        if (before.status !== 'approved') throw invalidState(recordMessages.notApproved);
        assertCanDecide(
          actorId,
          { makerId: before.recordedBy, amountCents: before.amountCents, approverIds: [] },
          singleChecker(),
        );
        await reverseRecord(tx, {
          sourceType: 'income',
          id,
          actorId,
          reason,
          today: dayOf(clock.now()),
          label: 'income',
        });
        const [after] = await tx
          .update(income)
          .set({
            status: 'reversed',
            reversalReason: reason,
            reversedBy: actorId,
            reversedAt: clock.now(),
            updatedAt: new Date(),
          })
          .where(eq(income.id, id))
          .returning();
        await writeAudit(tx, { actorId, action: 'income.reverse', targetType: 'income', targetId: id, before, after });
      });
      return findIncome(id);
    },

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
        items: rows.map((row) => expenseView(row.e, row.pool, row.by)),
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
      assertNotFuture(body.date, dayOf(clock.now()));
      const id = await db.transaction(async (tx) => {
        await assertPool(tx, body.poolId);
        await assertDocument(tx, body.proofUrl, actorId, 'income-proof', recordMessages.proof, 'proofUrl');
        await assertPeriodOpen(tx, body.date);
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
            recordedBy: actorId,
          })
          .onConflictDoNothing({ target: income.proofUrl })
          .returning();
        if (!row) throw new AppError('CONFLICT', 'This proof belongs to other income already');
        await writeAudit(tx, { actorId, action: 'income.record', targetType: 'income', targetId: row.id, after: row });
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
        await postEntry(tx, {
          effectiveDate: before.incomeDate,
          kind: 'income',
          description: `Income: ${incomeCategoryLabels[before.category as keyof typeof incomeCategoryLabels]}, ${before.description}`,
          source: { type: 'income', id },
          createdBy: before.recordedBy,
          approvedBy: actorId,
          lines: [
            { account: 'bank', poolId: before.poolId, amountCents: before.amountCents },
            {
              account: `income:${before.category as (typeof incomeCategories)[number]}`,
              poolId: before.poolId,
              amountCents: -before.amountCents,
            },
          ],
        });
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
        items: rows.map((row) => incomeView(row.i, row.pool, row.by)),
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
