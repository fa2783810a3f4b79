import {
  allocateByWeights,
  centsToRand,
  dayOf,
  expenseCategoryLabels,
  incomeCategoryLabels,
  formatDisplayDateTime,
  formatPeriod,
  formatLoanNumber,
  formatRand,
  formatShareDays,
  isPeriod,
  ledgerAccountLabel,
  monthEndMessages,
  monthEndStepLabels,
  monthEndSteps,
  nextMonthEndStep,
  nextPeriod,
  periodBounds,
  earliestRecordDay,
  firstPostingPeriod,
  postingMessages,
  singleChecker,
  type LedgerAccount,
  type MonthEndStep,
  type PeriodRequestKind,
  type ReconcileBody,
} from '@letsema/domain';
import { and, asc, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import {
  accountingPeriods,
  expenses,
  files,
  income,
  journalEntries,
  journalLines,
  loanInstalments,
  loanRepayments,
  loans,
  memberships,
  payments,
  periodReopenRequests,
  pools,
  recordReversalRequests,
  settings,
  users,
} from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import type { AuthUser } from '../../lib/auth-guard.js';
import { AppError, forbidden, invalidState, notFound } from '../../lib/errors.js';
import { assertCanDecide } from '../../lib/maker-checker.js';
import { newStorageKey, type Storage } from '../../lib/storage.js';
import { isUuid } from '../auth/tokens.js';
import { BOOKS_START_KEY, postEntry, readBooksCalendar } from '../ledger/posting.js';
import { notifyMember } from '../notifications/service.js';
import { writeCsv, type CsvCell } from './csv.js';
import {
  allocatedFor,
  bankBalanceAt,
  monthlyMovements,
  periodDays,
  periodResults,
  periodsUpTo,
  shareDays,
  trialBalance,
} from './ledger-queries.js';
import { readLetterhead } from './letterhead.js';
import { renderPdf } from './pdf.js';
import type { BooksClock } from './records-service.js';
import { announceWaiting } from '../queues/announce.js';

/** A report cell: a CSV cell, or a count with its plain CSV form and the form the PDF shows. */
type ReportCell = CsvCell | { plain: string; shown: string };

type PeriodRow = typeof accountingPeriods.$inferSelect;
type StepRecord = { by: string; at: string };

/** The split worked out by Calculate and posted by Allocate, per pool. */
export interface Calculation {
  calculatedBy: string;
  reservePercent: number;
  pools: {
    poolId: string;
    poolName: string;
    incomeCents: number;
    expenseCents: number;
    profitCents: number;
    /** Closing the period's income and expense accounts: each account's balance to undo. */
    closing: { account: LedgerAccount; cents: number }[];
    reserveCents: number;
    allocatedBeforeCents: number;
    toAllocateCents: number;
    members: { userId: string; fullName: string | null; shareDays: number; capitalCents: number; cents: number }[];
  }[];
}

const REPORT_NAMES = ['income-statement', 'trial-balance', 'allocation', 'loan-book', 'bank-reconciliation'] as const;

/** What the pools hold: money in the bank and principal lent to members, not yet repaid. */
const POOL_VALUE_ACCOUNTS: readonly string[] = ['bank', 'loans_receivable'];

/**
 * The month-end close: six steps in order (lock, reconcile, calculate, allocate, reports, close),
 * each recorded with who did it and when. The allocating admin is never the one who calculated;
 * reopening a closed month takes a reason and a second month-end admin.
 */
export function createMonthEndService(deps: {
  db: Db;
  storage: Storage;
  clock: BooksClock;
  config: Pick<Config, 'publicUrl'> & { books: Config['books'] };
}) {
  const { db, storage, clock } = deps;

  async function loadPeriod(tx: Executor, period: string, lock = false): Promise<PeriodRow> {
    const query = tx.select().from(accountingPeriods).where(eq(accountingPeriods.period, period));
    const [row] = lock ? await query.for('update') : await query;
    if (row) return row;
    await tx.insert(accountingPeriods).values({ period }).onConflictDoNothing();
    const [created] = lock
      ? await tx.select().from(accountingPeriods).where(eq(accountingPeriods.period, period)).for('update')
      : await tx.select().from(accountingPeriods).where(eq(accountingPeriods.period, period));
    return created!;
  }

  async function pendingFor(tx: Executor, period: string) {
    const { end } = periodBounds(period);
    const [pendingPayments, pendingRepayments, pendingExpenses, pendingIncome] = await Promise.all([
      tx
        .select({
          id: payments.id,
          amountCents: payments.amountCents,
          createdAt: payments.createdAt,
          who: users.fullName,
        })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, end)))
        .orderBy(asc(payments.createdAt))
        .limit(100),
      // Loan repayments are money in the bank too: checked before the month is locked, like payments.
      tx
        .select({
          id: loanRepayments.id,
          amountCents: loanRepayments.amountCents,
          createdAt: loanRepayments.createdAt,
          who: users.fullName,
        })
        .from(loanRepayments)
        .innerJoin(users, eq(users.id, loanRepayments.userId))
        .where(and(eq(loanRepayments.status, 'pending'), lt(loanRepayments.createdAt, end)))
        .orderBy(asc(loanRepayments.createdAt))
        .limit(100),
      tx
        .select({
          id: expenses.id,
          amountCents: expenses.amountCents,
          date: expenses.expenseDate,
          description: expenses.description,
        })
        .from(expenses)
        .where(and(eq(expenses.status, 'pending'), lte(expenses.period, period)))
        .orderBy(asc(expenses.expenseDate))
        .limit(100),
      tx
        .select({
          id: income.id,
          amountCents: income.amountCents,
          date: income.incomeDate,
          description: income.description,
        })
        .from(income)
        .where(and(eq(income.status, 'pending'), lte(income.period, period)))
        .orderBy(asc(income.incomeDate))
        .limit(100),
    ]);
    return {
      payments: [
        ...pendingPayments.map((row) => ({
          id: row.id,
          amount: centsToRand(row.amountCents),
          date: dayOf(row.createdAt),
          description: `Payment from ${row.who ?? 'a member'}`,
        })),
        ...pendingRepayments.map((row) => ({
          id: row.id,
          amount: centsToRand(row.amountCents),
          date: dayOf(row.createdAt),
          description: `Loan repayment from ${row.who ?? 'a member'}`,
        })),
      ],
      expenses: pendingExpenses.map((row) => ({
        id: row.id,
        amount: centsToRand(row.amountCents),
        date: row.date,
        description: row.description,
      })),
      income: pendingIncome.map((row) => ({
        id: row.id,
        amount: centsToRand(row.amountCents),
        date: row.date,
        description: row.description,
      })),
    };
  }

  /**
   * Refuses to lock or close a month while a request to reverse one of its records waits: the
   * month would be final with an entry another admin is about to undo.
   */
  async function assertNoReversalWaiting(tx: Executor, period: string) {
    const waiting = await tx
      .select({
        expense: { description: expenses.description, amountCents: expenses.amountCents },
        income: { description: income.description, amountCents: income.amountCents },
      })
      .from(recordReversalRequests)
      .leftJoin(expenses, eq(expenses.id, recordReversalRequests.expenseId))
      .leftJoin(income, eq(income.id, recordReversalRequests.incomeId))
      .where(
        and(
          eq(recordReversalRequests.status, 'pending'),
          sql`coalesce(${expenses.period}, ${income.period}) = ${period}`,
        ),
      )
      .orderBy(asc(recordReversalRequests.createdAt))
      .limit(100);
    const [first] = waiting;
    if (!first) return;
    const what = first.expense
      ? `the expense “${first.expense.description}” of ${formatRand(first.expense.amountCents)}`
      : `the income “${first.income!.description}” of ${formatRand(first.income!.amountCents)}`;
    throw invalidState(monthEndMessages.reversalWaiting(what, waiting.length - 1));
  }

  function doneSteps(row: PeriodRow): MonthEndStep[] {
    return monthEndSteps.filter((step) => row.steps[step]);
  }

  function assertNext(row: PeriodRow, step: MonthEndStep) {
    if (row.steps[step]) throw invalidState(monthEndMessages.alreadyDone);
    const next = nextMonthEndStep(doneSteps(row));
    if (next !== step) throw invalidState(monthEndMessages.outOfOrder(monthEndStepLabels[next ?? 'lock']));
  }

  const stamp = (actorId: string): StepRecord => ({ by: actorId, at: clock.now().toISOString() });

  async function names(tx: Executor, ids: string[]): Promise<Map<string, string | null>> {
    if (ids.length === 0) return new Map();
    const rows = await tx.select({ id: users.id, fullName: users.fullName }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((row) => [row.id, row.fullName]));
  }

  async function calculate(tx: Executor, period: string, actorId: string): Promise<Calculation> {
    const reservePercent = deps.config.books.reservePercent;
    const [results, weights, allocated] = await Promise.all([
      periodResults(tx, period, { includeAllocations: true }),
      shareDays(tx, period),
      allocatedFor(tx, period),
    ]);
    const withoutAllocations = await periodResults(tx, period, { includeAllocations: false });
    const poolIds = [...new Set([...results.map((row) => row.poolId), ...withoutAllocations.map((row) => row.poolId)])];
    const poolRows = poolIds.length
      ? await tx.select({ id: pools.id, name: pools.name }).from(pools).where(inArray(pools.id, poolIds))
      : [];
    const memberNames = await names(tx, [...new Set(weights.map((weight) => weight.userId))]);
    return {
      calculatedBy: actorId,
      reservePercent,
      pools: poolRows
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((pool) => {
          const own = results.filter((row) => row.poolId === pool.id && row.cents !== 0);
          const gross = withoutAllocations.filter((row) => row.poolId === pool.id);
          const incomeCents = -gross
            .filter((row) => row.account.startsWith('income:'))
            .reduce((sum, row) => sum + row.cents, 0);
          const expenseCents = gross
            .filter((row) => row.account.startsWith('expense:'))
            .reduce((sum, row) => sum + row.cents, 0);
          // What is left in the period's income and expense accounts is what this allocation splits.
          const toSplit = -own.reduce((sum, row) => sum + row.cents, 0);
          const members = weights.filter((weight) => weight.poolId === pool.id && weight.shareDays > 0);
          const reserveCents = toSplit > 0 ? Math.floor((toSplit * Math.round(reservePercent * 100)) / 10_000) : 0;
          // With nobody holding capital in the month, the whole result stays in the reserve.
          const membersShare = members.length ? toSplit - reserveCents : 0;
          const split = allocateByWeights(
            membersShare,
            members.map((member) => ({ key: member.userId, weight: member.shareDays })),
          );
          const allocatedBeforeCents = allocated
            .filter((row) => row.poolId === pool.id)
            .reduce((sum, row) => sum + row.cents, 0);
          return {
            poolId: pool.id,
            poolName: pool.name,
            incomeCents,
            expenseCents,
            profitCents: incomeCents - expenseCents,
            closing: own.map((row) => ({ account: row.account, cents: -row.cents })),
            reserveCents: members.length ? reserveCents : toSplit,
            allocatedBeforeCents,
            toAllocateCents: toSplit,
            members: members.map((member, index) => ({
              userId: member.userId,
              fullName: memberNames.get(member.userId) ?? null,
              shareDays: member.shareDays,
              capitalCents: member.capitalCents,
              cents: split[index]!.cents,
            })),
          };
        }),
    };
  }

  async function describePeriod(tx: Executor, row: PeriodRow) {
    const steps = monthEndSteps.map((step) => ({ step, label: monthEndStepLabels[step], ...(row.steps[step] ?? {}) }));
    const people = await names(tx, [
      ...new Set(steps.map((step) => ('by' in step ? step.by : undefined)).filter((id): id is string => Boolean(id))),
    ]);
    const ledgerBank = await bankBalanceAt(tx, row.period);
    const requests = await tx
      .select()
      .from(periodReopenRequests)
      .where(eq(periodReopenRequests.period, row.period))
      .orderBy(desc(periodReopenRequests.createdAt))
      .limit(10);
    const requestNames = await names(
      tx,
      requests.flatMap((r) => [r.requestedBy, ...(r.decidedBy ? [r.decidedBy] : [])]),
    );
    const calculation = row.calculation as Calculation | null;
    const [adjustedExpenses, adjustedIncome] = await Promise.all([
      tx
        .select()
        .from(expenses)
        .where(and(eq(expenses.period, row.period), eq(expenses.isAdjustment, true)))
        .orderBy(asc(expenses.expenseDate), asc(expenses.createdAt))
        .limit(100),
      tx
        .select()
        .from(income)
        .where(and(eq(income.period, row.period), eq(income.isAdjustment, true)))
        .orderBy(asc(income.incomeDate), asc(income.createdAt))
        .limit(100),
    ]);
    const adjustments = [
      ...adjustedExpenses.map((record) => ({
        id: record.id,
        kind: 'expense' as const,
        categoryLabel: expenseCategoryLabels[record.category as keyof typeof expenseCategoryLabels] ?? record.category,
        amount: centsToRand(record.amountCents),
        date: record.expenseDate,
        description: record.description,
        status: record.status,
        createdAt: record.createdAt,
      })),
      ...adjustedIncome.map((record) => ({
        id: record.id,
        kind: 'income' as const,
        categoryLabel: incomeCategoryLabels[record.category as keyof typeof incomeCategoryLabels] ?? record.category,
        amount: centsToRand(record.amountCents),
        date: record.incomeDate,
        description: record.description,
        status: record.status,
        createdAt: record.createdAt,
      })),
    ]
      .sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.getTime() - b.createdAt.getTime())
      .map(({ createdAt: _createdAt, ...adjustment }) => adjustment);
    return {
      period: row.period,
      status: row.status,
      nextStep: row.status === 'closed' ? null : nextMonthEndStep(doneSteps(row)),
      steps: steps.map((step) => ({
        step: step.step,
        label: step.label,
        doneBy: 'by' in step && step.by ? { id: step.by, fullName: people.get(step.by) ?? null } : null,
        doneAt: 'at' in step ? (step.at ?? null) : null,
      })),
      pending: row.status === 'closed' ? { payments: [], expenses: [], income: [] } : await pendingFor(tx, row.period),
      bank: {
        ledgerBalance: centsToRand(ledgerBank),
        statementBalance: row.bankClosingBalanceCents === null ? null : centsToRand(row.bankClosingBalanceCents),
        difference: row.bankClosingBalanceCents === null ? null : centsToRand(row.bankClosingBalanceCents - ledgerBank),
        statementUrl: row.bankStatementUrl,
      },
      calculation: calculation
        ? {
            calculatedBy: {
              id: calculation.calculatedBy,
              fullName: (await names(tx, [calculation.calculatedBy])).get(calculation.calculatedBy) ?? null,
            },
            reservePercent: calculation.reservePercent,
            pools: calculation.pools.map((pool) => ({
              poolId: pool.poolId,
              poolName: pool.poolName,
              income: centsToRand(pool.incomeCents),
              expenses: centsToRand(pool.expenseCents),
              profit: centsToRand(pool.profitCents),
              reserve: centsToRand(pool.reserveCents),
              allocatedBefore: centsToRand(pool.allocatedBeforeCents),
              toAllocate: centsToRand(pool.toAllocateCents),
              members: pool.members.map((member) => ({
                userId: member.userId,
                fullName: member.fullName,
                shareDays: centsToRand(member.shareDays),
                share: centsToRand(member.cents),
              })),
            })),
          }
        : null,
      reports: row.reports ?? null,
      adjustments,
      reopenRequests: requests.map((request) => ({
        id: request.id,
        kind: request.kind as PeriodRequestKind,
        reason: request.reason,
        status: request.status,
        requestedBy: { id: request.requestedBy, fullName: requestNames.get(request.requestedBy) ?? null },
        decidedBy: request.decidedBy
          ? { id: request.decidedBy, fullName: requestNames.get(request.decidedBy) ?? null }
          : null,
        createdAt: request.createdAt.toISOString(),
        decidedAt: request.decidedAt?.toISOString() ?? null,
      })),
    };
  }

  /**
   * The loan book at the end of a period, as it stood then: each loan's principal owed by the ledger
   * (loans receivable of the loan, entries up to the period) and its principal in arrears, what its
   * schedule had due by the period's last day less what had been repaid by then.
   */
  async function loanBook(tx: Executor, period: string) {
    const { last } = periodDays(period);
    const owed = await tx
      .select({
        loanId: loans.id,
        number: loans.number,
        fullName: users.fullName,
        principalCents: loans.principalCents,
        cents: sql<string>`sum(${journalLines.amountCents})`,
      })
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
      .innerJoin(loans, eq(loans.id, journalLines.loanId))
      .innerJoin(users, eq(users.id, loans.userId))
      .where(and(eq(journalLines.account, 'loans_receivable'), lte(journalEntries.period, period)))
      .groupBy(loans.id, loans.number, users.fullName, loans.principalCents)
      .having(sql`sum(${journalLines.amountCents}) <> 0`)
      .orderBy(asc(loans.number));
    const due = owed.length
      ? await tx
          .select({ loanId: loanInstalments.loanId, cents: sql<string>`sum(${loanInstalments.principalCents})` })
          .from(loanInstalments)
          .where(
            and(
              inArray(
                loanInstalments.loanId,
                owed.map((loan) => loan.loanId),
              ),
              lte(loanInstalments.dueOn, last),
            ),
          )
          .groupBy(loanInstalments.loanId)
      : [];
    const dueBy = new Map(due.map((row) => [row.loanId, Number(row.cents)]));
    return owed.map((loan) => {
      const principalCents = Number(loan.cents);
      const repaidCents = loan.principalCents - principalCents;
      return {
        number: formatLoanNumber(loan.number),
        fullName: loan.fullName,
        principalCents,
        arrearsCents: Math.max((dueBy.get(loan.loanId) ?? 0) - repaidCents, 0),
      };
    });
  }

  async function writeReports(tx: Executor, row: PeriodRow, actorId: string): Promise<Record<string, string>> {
    const calculation = row.calculation as Calculation;
    const now = clock.now();
    const balance = await trialBalance(tx, row.period);
    const results = await periodResults(tx, row.period, { includeAllocations: false });
    const poolNames = new Map(calculation.pools.map((pool) => [pool.poolId, pool.poolName]));
    const book = await loanBook(tx, row.period);
    // Amounts stay cents here: the PDF shows them as `R 1 234.56`, the CSV as plain numbers.
    const money = (cents: number): ReportCell => ({ cents });
    const sumOf = (lines: { cents: number }[]) => lines.reduce((sum, line) => sum + line.cents, 0);
    const subtitle = [`Month: ${formatPeriod(row.period)}`, `Made: ${formatDisplayDateTime(now)} (South African time)`];

    const tables = {
      'income-statement': {
        title: `Income statement, ${formatPeriod(row.period)}`,
        columns: ['Pool', 'Account', 'Amount'],
        rows: results
          .filter((result) => result.cents !== 0)
          .map((result) => [
            poolNames.get(result.poolId) ?? result.poolId,
            ledgerAccountLabel(result.account),
            money(-result.cents),
          ]),
        footers: [
          ['', 'Total income', money(-sumOf(results.filter((result) => result.account.startsWith('income:'))))],
          ['', 'Total expenses', money(-sumOf(results.filter((result) => result.account.startsWith('expense:'))))],
          ['', 'Profit (loss)', money(-sumOf(results))],
        ],
      },
      'trial-balance': {
        title: `Trial balance at the end of ${formatPeriod(row.period)}`,
        columns: ['Account', 'Debit', 'Credit'],
        rows: balance.accounts
          .filter((account) => account.balanceCents !== 0)
          .map((account) => [
            account.label,
            account.balanceCents > 0 ? money(account.balanceCents) : '',
            account.balanceCents < 0 ? money(-account.balanceCents) : '',
          ]),
        footers: [['Total', money(balance.debitCents), money(balance.creditCents)]],
      },
      allocation: {
        title: `Profit allocation, ${formatPeriod(row.period)}`,
        columns: ['Pool', 'Member', 'Share-days', 'Share'],
        rows: calculation.pools.flatMap((pool) => [
          ...pool.members.map((member) => [
            pool.poolName,
            member.fullName ?? member.userId,
            { plain: (member.shareDays / 100).toFixed(2), shown: formatShareDays(member.shareDays) },
            money(member.cents),
          ]),
          [pool.poolName, 'Reserve', '', money(pool.reserveCents)],
        ]),
        footers: [['', 'Total', '', money(calculation.pools.reduce((sum, pool) => sum + pool.toAllocateCents, 0))]],
      },
      'loan-book': {
        title: `Loan book at the end of ${formatPeriod(row.period)}`,
        columns: ['Loan', 'Member', 'Principal owed', 'Principal in arrears'],
        rows: book.map((loan) => [
          loan.number,
          loan.fullName ?? '',
          money(loan.principalCents),
          money(loan.arrearsCents),
        ]),
        footers: [
          [
            'Total',
            `${book.length} ${book.length === 1 ? 'loan' : 'loans'}`,
            money(book.reduce((sum, loan) => sum + loan.principalCents, 0)),
            money(book.reduce((sum, loan) => sum + loan.arrearsCents, 0)),
          ],
        ],
      },
      'bank-reconciliation': {
        title: `Bank reconciliation, ${formatPeriod(row.period)}`,
        columns: ['Item', 'Amount'],
        rows: [
          ['Closing balance on the bank statement', money(row.bankClosingBalanceCents ?? 0)],
          ['Bank balance in the ledger', money(row.ledgerBankBalanceCents ?? 0)],
        ],
        footers: [['Difference', money((row.bankClosingBalanceCents ?? 0) - (row.ledgerBankBalanceCents ?? 0))]],
      },
    } satisfies Record<
      (typeof REPORT_NAMES)[number],
      { title: string; columns: string[]; rows: ReportCell[][]; footers: ReportCell[][] }
    >;
    const shown = (cells: ReportCell[]) =>
      cells.map((cell) => (typeof cell === 'string' ? cell : 'shown' in cell ? cell.shown : formatRand(cell.cents)));
    const inCsv = (cells: ReportCell[]): CsvCell[] =>
      cells.map((cell) => (typeof cell === 'object' && 'plain' in cell ? cell.plain : cell));
    const letterhead = await readLetterhead(tx);

    const urls: Record<string, string> = {};
    for (const name of REPORT_NAMES) {
      const table = tables[name];
      const pdf = await renderPdf(
        {
          letterhead,
          title: table.title,
          subtitle,
          tables: [
            {
              columns: table.columns.map((label, index) => ({
                label,
                width: index === 0 ? 200 : (499 - 200) / (table.columns.length - 1),
                align: index === 0 ? 'left' : 'right',
              })),
              rows: table.rows.map(shown),
              footers: table.footers.map(shown),
            },
          ],
        },
        now,
      );
      const cells: CsvCell[][] = [...table.rows, ...table.footers].map(inCsv);
      // Without the "R" in its cells, a money column says its currency in its heading.
      const columns = table.columns.map((label, index) =>
        cells.some((line) => typeof line[index] === 'object') ? `${label} (R)` : label,
      );
      const csv = Buffer.from(writeCsv(columns, cells));
      for (const [extension, body, contentType] of [
        ['pdf', pdf, 'application/pdf'],
        ['csv', csv, 'text/csv; charset=utf-8'],
      ] as const) {
        const key = newStorageKey(extension);
        await storage.put(key, body, contentType);
        await tx
          .insert(files)
          .values({ key, ownerId: actorId, kind: 'month-end-report', contentType, size: body.length });
        urls[`${name}.${extension}`] = `/api/files/${key}`;
      }
    }
    return urls;
  }

  const assertPeriod = (period: string) => {
    if (!isPeriod(period)) throw notFound('Month not found');
    return period;
  };

  /** One month's close as the page reads it. */
  async function describe(period: string) {
    const [row] = await db.select().from(accountingPeriods).where(eq(accountingPeriods.period, period));
    return describePeriod(
      db,
      row ??
        ({
          period,
          status: 'open',
          steps: {},
          bankClosingBalanceCents: null,
          ledgerBankBalanceCents: null,
          bankStatementUrl: null,
          calculation: null,
          reports: null,
          updatedAt: new Date(),
        } satisfies PeriodRow),
    );
  }

  /** What a request of each kind needs the month to be, and what its maker is told. */
  const statusChange = {
    reopen: {
      from: 'closed',
      notInState: monthEndMessages.notClosed,
      pending: monthEndMessages.reopenPending,
      sameRequester: monthEndMessages.sameRequester,
    },
    unlock: {
      from: 'locked',
      notInState: monthEndMessages.notLocked,
      pending: monthEndMessages.unlockPending,
      sameRequester: monthEndMessages.sameUnlockRequester,
    },
  } as const;

  /**
   * Asks for a closed month to be reopened, or a locked one unlocked, with the reason; another
   * month-end admin decides. One request waits per month at a time.
   */
  async function requestStatusChange(kind: PeriodRequestKind, actorId: string, rawPeriod: string, reason: string) {
    const period = assertPeriod(rawPeriod);
    const rule = statusChange[kind];
    await db.transaction(async (tx) => {
      const row = await loadPeriod(tx, period, true);
      if (row.status !== rule.from) throw invalidState(rule.notInState);
      const [request] = await tx
        .insert(periodReopenRequests)
        .values({ period, kind, reason, requestedBy: actorId })
        .onConflictDoNothing()
        .returning();
      if (!request) throw new AppError('CONFLICT', rule.pending);
      const requestKind = kind;
      await writeAudit(tx, {
        actorId,
        action: `month_end.${requestKind}_request`,
        targetType: 'period',
        targetId: period,
        after: request,
      });
      await announceWaiting(tx, 'monthRequests', {
        by: actorId,
        what: `${formatPeriod(period)} is asked to be ${kind === 'reopen' ? 'reopened' : 'unlocked'}: ${reason}`,
        publicUrl: deps.config.publicUrl,
      });
    });
    return describe(period);
  }

  /**
   * Decides a request to reopen or unlock a month, never by the admin who asked. Approved, the month
   * is open again and starts its close over; what it posted stays, and a new allocation adds only
   * the difference.
   */
  async function decideStatusChange(kind: PeriodRequestKind, actorId: string, rawId: string, isApproved: boolean) {
    if (!isUuid(rawId)) throw notFound('Request not found');
    const rule = statusChange[kind];
    const period = await db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(periodReopenRequests)
        .where(eq(periodReopenRequests.id, rawId))
        .for('update');
      if (!request || request.kind !== kind) throw notFound('Request not found');
      if (request.status !== 'pending') throw invalidState('This request has been decided already');
      assertCanDecide(
        actorId,
        { makerId: request.requestedBy, amountCents: 0, approverIds: [] },
        singleChecker(rule.sameRequester),
      );
      const row = await loadPeriod(tx, request.period, true);
      if (isApproved && row.status !== rule.from) throw invalidState(rule.notInState);
      const [after] = await tx
        .update(periodReopenRequests)
        .set({ status: isApproved ? 'approved' : 'rejected', decidedBy: actorId, decidedAt: clock.now() })
        .where(eq(periodReopenRequests.id, request.id))
        .returning();
      if (isApproved) {
        await tx
          .update(accountingPeriods)
          .set({ status: 'open', steps: {}, calculation: null, reports: null, updatedAt: new Date() })
          .where(eq(accountingPeriods.period, request.period));
      }
      const requestOutcome = isApproved ? kind : (`${kind}_refused` as const);
      await writeAudit(tx, {
        actorId,
        action: `month_end.${requestOutcome}`,
        targetType: 'period',
        targetId: request.period,
        before: { request, status: row.status, steps: row.steps },
        after: { request: after, status: isApproved ? 'open' : row.status },
      });
      return request.period;
    });
    return describe(period);
  }

  return {
    /** The months from the one the books start in to the current one, newest first. */
    async listPeriods() {
      const today = dayOf(clock.now());
      const current = today.slice(0, 7);
      const calendar = await readBooksCalendar(db);
      const first = calendar.booksStart ?? current;
      const rows = await db.select().from(accountingPeriods);
      const byPeriod = new Map(rows.map((row) => [row.period, row]));
      const list: { period: string; status: string; nextStep: MonthEndStep | null; hasEnded: boolean }[] = [];
      for (let period = first < current ? first : current; period <= current; period = nextPeriod(period)) {
        const row = byPeriod.get(period);
        // A month before the last closed one without a row of its own counts as closed.
        const status = row?.status ?? (calendar.lastClosed && period <= calendar.lastClosed ? 'closed' : 'open');
        list.push({
          period,
          status,
          nextStep: status === 'closed' ? null : nextMonthEndStep(row ? doneSteps(row) : []),
          hasEnded: period < current,
        });
      }
      return list.reverse();
    },

    getPeriod: (period: string) => describe(assertPeriod(period)),

    async runStep(actorId: string, rawPeriod: string, step: MonthEndStep, body: unknown) {
      const period = assertPeriod(rawPeriod);
      const allocations: { userId: string; poolName: string; cents: number }[] = [];
      let left: string | null = null;
      await db.transaction(async (tx) => {
        const row = await loadPeriod(tx, period, true);
        if (row.status === 'closed') throw invalidState(monthEndMessages.alreadyDone);
        assertNext(row, step);
        const [unlocking] = await tx
          .select({ id: periodReopenRequests.id })
          .from(periodReopenRequests)
          .where(
            and(
              eq(periodReopenRequests.period, period),
              eq(periodReopenRequests.kind, 'unlock'),
              eq(periodReopenRequests.status, 'pending'),
            ),
          );
        if (unlocking) throw invalidState(monthEndMessages.unlockWaiting);
        const before = { status: row.status, steps: row.steps };
        let update: Partial<PeriodRow> = {};
        switch (step) {
          case 'lock': {
            const today = dayOf(clock.now());
            if (period >= today.slice(0, 7)) throw invalidState(monthEndMessages.notEnded);
            const calendar = await readBooksCalendar(tx);
            const first = calendar.booksStart;
            if (!first) throw invalidState(postingMessages.nothingToClose);
            if (period < first) throw invalidState(postingMessages.beforeBooksStart(first));
            if (first < period) {
              const earlier = await tx
                .select({ period: accountingPeriods.period, status: accountingPeriods.status })
                .from(accountingPeriods)
                .where(and(lt(accountingPeriods.period, period), sql`${accountingPeriods.period} >= ${first}`));
              const closed = new Set(earlier.filter((e) => e.status === 'closed').map((e) => e.period));
              for (let p = first; p < period; p = nextPeriod(p)) {
                const countsClosed = calendar.lastClosed !== null && p <= calendar.lastClosed;
                if (!closed.has(p) && !countsClosed) throw invalidState(monthEndMessages.earlierOpen(p));
              }
            }
            const pending = await pendingFor(tx, period);
            if (pending.payments.length || pending.expenses.length || pending.income.length) {
              throw invalidState(monthEndMessages.pendingLeft);
            }
            await assertNoReversalWaiting(tx, period);
            update = { status: 'locked', steps: { ...row.steps, lock: stamp(actorId) } };
            break;
          }
          case 'reconcile': {
            const input = body as ReconcileBody;
            const key = input.bankStatementUrl.replace('/api/files/', '');
            const [file] = await tx
              .select({ id: files.id })
              .from(files)
              .where(and(eq(files.key, key), eq(files.kind, 'bank-statement')));
            if (!file) {
              throw new AppError('VALIDATION', monthEndMessages.statement, {
                details: { bankStatementUrl: monthEndMessages.statement },
              });
            }
            const pending = await pendingFor(tx, period);
            const ledgerBank = await bankBalanceAt(tx, period);
            const difference = input.bankClosingBalance - ledgerBank;
            update = {
              bankClosingBalanceCents: input.bankClosingBalance,
              ledgerBankBalanceCents: ledgerBank,
              bankStatementUrl: input.bankStatementUrl,
            };
            // The figures are kept either way, so the page can show the difference to explain.
            if (difference === 0 && !pending.expenses.length && !pending.income.length) {
              update.steps = { ...row.steps, reconcile: stamp(actorId) };
            }
            await tx
              .update(accountingPeriods)
              .set({ ...update, updatedAt: new Date() })
              .where(eq(accountingPeriods.period, period));
            await writeAudit(tx, {
              actorId,
              action: `month_end.${step}`,
              targetType: 'period',
              targetId: period,
              before,
              after: update,
            });
            return;
          }
          case 'calculate': {
            const calculation = await calculate(tx, period, actorId);
            update = { calculation, steps: { ...row.steps, calculate: stamp(actorId) } };
            break;
          }
          case 'allocate': {
            const calculation = row.calculation as Calculation;
            assertCanDecide(
              actorId,
              { makerId: calculation.calculatedBy, amountCents: 0, approverIds: [] },
              singleChecker(monthEndMessages.sameCalculator),
            );
            // A member paid out since the split was worked out takes no share: the split is worked out
            // again without them. Their memberships are locked, so an exit is paid before or after this.
            const sharing = calculation.pools.flatMap((pool) =>
              pool.members.filter((member) => member.cents !== 0).map((member) => ({ pool, member })),
            );
            const live = sharing.length
              ? await tx
                  .select({ userId: memberships.userId, poolId: memberships.poolId })
                  .from(memberships)
                  .where(
                    and(
                      inArray(
                        memberships.userId,
                        sharing.map((entry) => entry.member.userId),
                      ),
                      eq(memberships.contributionStatus, 'approved'),
                    ),
                  )
                  .for('update')
              : [];
            const isLive = new Set(live.map((row) => `${row.poolId}:${row.userId}`));
            const gone = sharing.find((entry) => !isLive.has(`${entry.pool.poolId}:${entry.member.userId}`));
            if (gone) {
              left = gone.member.fullName ?? 'A member';
              const steps = { ...row.steps };
              delete steps.calculate;
              await tx
                .update(accountingPeriods)
                .set({ calculation: null, steps, updatedAt: new Date() })
                .where(eq(accountingPeriods.period, period));
              await writeAudit(tx, {
                actorId,
                action: 'month_end.recalculate',
                targetType: 'period',
                targetId: period,
                before,
                after: { status: row.status, steps, reason: 'paid out since the split was calculated' },
              });
              return;
            }
            const { last } = periodDays(period);
            const [{ value: round } = { value: 0 }] = await tx
              .select({ value: sql<number>`count(*)::int` })
              .from(journalEntries)
              .where(and(eq(journalEntries.period, period), eq(journalEntries.kind, 'allocation')));
            for (const pool of calculation.pools) {
              if (pool.toAllocateCents === 0 && pool.closing.length === 0) continue;
              const lines = [
                ...pool.closing.map((line) => ({
                  account: line.account,
                  poolId: pool.poolId,
                  amountCents: line.cents,
                })),
                ...(pool.reserveCents
                  ? [{ account: 'reserve' as const, poolId: pool.poolId, amountCents: -pool.reserveCents }]
                  : []),
                ...pool.members
                  .filter((member) => member.cents !== 0)
                  .map((member) => ({
                    account: 'member_returns' as const,
                    userId: member.userId,
                    poolId: pool.poolId,
                    amountCents: -member.cents,
                  })),
              ].filter((line) => line.amountCents !== 0);
              if (lines.length < 2) continue;
              await postEntry(
                tx,
                {
                  effectiveDate: last,
                  kind: 'allocation',
                  description: `Profit allocation for ${period}: ${pool.poolName}`,
                  source: { type: 'allocation', id: `${period}:${pool.poolId}:${Number(round) + 1}` },
                  createdBy: calculation.calculatedBy,
                  approvedBy: actorId,
                  lines,
                },
                { allowLocked: true },
              );
              for (const member of pool.members) {
                if (member.cents === 0) continue;
                await tx
                  .update(memberships)
                  .set({
                    actualReturnCents: sql`${memberships.actualReturnCents} + ${member.cents}`,
                    updatedAt: new Date(),
                  })
                  .where(
                    and(
                      eq(memberships.userId, member.userId),
                      eq(memberships.poolId, pool.poolId),
                      eq(memberships.contributionStatus, 'approved'),
                    ),
                  );
                allocations.push({ userId: member.userId, poolName: pool.poolName, cents: member.cents });
              }
            }
            for (const allocation of allocations) {
              const isLoss = allocation.cents < 0;
              await notifyMember(tx, deps.config.publicUrl, {
                userId: allocation.userId,
                category: 'profit',
                title: isLoss
                  ? `Your share of the ${formatPeriod(period)} loss`
                  : `Your share of the ${formatPeriod(period)} profit`,
                paragraphs: [
                  isLoss
                    ? `${allocation.poolName} made a loss in ${formatPeriod(period)}. Your share, by the capital you held each day, is ${formatRand(-allocation.cents)}, taken from your returns.`
                    : `${allocation.poolName} made a profit in ${formatPeriod(period)}. Your share, by the capital you held each day, is ${formatRand(allocation.cents)}, added to your returns.`,
                ],
                path: '/statements',
                actionLabel: 'See your statement',
              });
            }
            update = { steps: { ...row.steps, allocate: stamp(actorId) } };
            break;
          }
          case 'reports': {
            const reports = await writeReports(tx, row, actorId);
            update = { reports, steps: { ...row.steps, reports: stamp(actorId) } };
            break;
          }
          case 'close': {
            await assertNoReversalWaiting(tx, period);
            update = { status: 'closed', steps: { ...row.steps, close: stamp(actorId) } };
            break;
          }
        }
        await tx
          .update(accountingPeriods)
          .set({ ...update, updatedAt: new Date() })
          .where(eq(accountingPeriods.period, period));
        await writeAudit(tx, {
          actorId,
          action: `month_end.${step}`,
          targetType: 'period',
          targetId: period,
          before,
          after: { status: update.status ?? row.status, steps: update.steps ?? row.steps },
        });
      });
      if (left) throw invalidState(monthEndMessages.leftSinceCalculation(left));
      const result = await this.getPeriod(period);
      if (step === 'reconcile' && !result.steps.find((s) => s.step === 'reconcile')?.doneAt) {
        const difference = result.bank.difference ?? 0;
        // What waits is named first: an adjustment still pending is often what explains the difference.
        if (result.pending.expenses.length || result.pending.income.length) {
          throw invalidState(monthEndMessages.pendingLeft);
        }
        if (difference !== 0) {
          throw new AppError('INVALID_STATE', monthEndMessages.difference(formatRand(Math.round(difference * 100))));
        }
        throw invalidState(monthEndMessages.pendingLeft);
      }
      return result;
    },

    requestReopen: (actorId: string, period: string, reason: string) =>
      requestStatusChange('reopen', actorId, period, reason),
    decideReopen: (actorId: string, id: string, isApproved: boolean) =>
      decideStatusChange('reopen', actorId, id, isApproved),
    requestUnlock: (actorId: string, period: string, reason: string) =>
      requestStatusChange('unlock', actorId, period, reason),
    decideUnlock: (actorId: string, id: string, isApproved: boolean) =>
      decideStatusChange('unlock', actorId, id, isApproved),

    /** Which months may take a posting, and whether the books' start may still be set. */
    async booksStart() {
      const calendar = await readBooksCalendar(db);
      const [posted] = await db.select({ id: journalEntries.id }).from(journalEntries).limit(1);
      return {
        booksStart: calendar.booksStart,
        lastClosed: calendar.lastClosed,
        locked: [...calendar.locked].sort(),
        firstOpenPeriod: firstPostingPeriod(calendar),
        hasPostings: Boolean(posted),
      };
    },

    /**
     * The super admin sets the month the books start in, before anything is posted: from twelve
     * months back to the current month. Audited before and after.
     */
    async setBooksStart(actor: AuthUser, period: string) {
      if (!actor.isSuperAdmin) throw forbidden(postingMessages.superAdminOnly);
      const current = dayOf(clock.now()).slice(0, 7);
      const earliest = earliestRecordDay(dayOf(clock.now())).slice(0, 7);
      if (period < earliest || period > current) {
        const message = postingMessages.booksStartRange(earliest, current);
        throw new AppError('VALIDATION', message, { details: { period: message } });
      }
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(settings).where(eq(settings.key, BOOKS_START_KEY)).for('update');
        const [posted] = await tx.select({ id: journalEntries.id }).from(journalEntries).limit(1);
        if (posted) throw invalidState(postingMessages.booksStarted);
        const [after] = await tx
          .insert(settings)
          .values({ key: BOOKS_START_KEY, value: { period }, updatedBy: actor.id })
          .onConflictDoUpdate({
            target: settings.key,
            set: { value: { period }, updatedBy: actor.id, updatedAt: new Date() },
          })
          .returning();
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'books.start_set',
          targetType: 'books',
          targetId: BOOKS_START_KEY,
          before: before?.value ?? null,
          after: after!.value,
        });
      });
      return this.booksStart();
    },

    trialBalance: (period: string) => trialBalance(db, assertPeriod(period)),

    /**
     * The last twelve months: the pools' value at each month's end (the bank and the principal lent to
     * members, which a loan's payout moves from one to the other), and income and expenses within it.
     */
    async monthly() {
      const periods = periodsUpTo(dayOf(clock.now()).slice(0, 7), 12);
      const movements = await monthlyMovements(db, periods[periods.length - 1]!);
      const held = (account: string) => POOL_VALUE_ACCOUNTS.includes(account);
      // Both are debit balances: their credit-positive movement is turned back.
      let value = -movements
        .filter((row) => held(row.account) && row.period < periods[0]!)
        .reduce((sum, row) => sum + row.cents, 0);
      return periods.map((period) => {
        const within = movements.filter((row) => row.period === period && row.kind !== 'allocation');
        value -= movements
          .filter((row) => held(row.account) && row.period === period)
          .reduce((sum, row) => sum + row.cents, 0);
        const incomeCents = within
          .filter((row) => row.account.startsWith('income:'))
          .reduce((sum, row) => sum + row.cents, 0);
        const expenseCents = -within
          .filter((row) => row.account.startsWith('expense:'))
          .reduce((sum, row) => sum + row.cents, 0);
        return {
          period,
          value: centsToRand(value),
          income: centsToRand(incomeCents),
          expenses: centsToRand(expenseCents),
        };
      });
    },
  };
}

export type MonthEndService = ReturnType<typeof createMonthEndService>;
