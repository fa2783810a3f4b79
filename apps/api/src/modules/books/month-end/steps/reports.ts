import {
  formatDisplayDateTime,
  formatLoanNumber,
  formatPeriod,
  formatRand,
  formatShareDays,
  ledgerAccountLabel,
  readMonthEndCalculation,
} from '@letsema/domain';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { files, journalEntries, journalLines, loanInstalments, loans, users } from '../../../../db/schema.js';
import { newStorageKey } from '../../../../lib/storage.js';
import { type CsvCell, writeCsv } from '../../csv.js';
import { linesWithEntries, periodDays, periodResults, trialBalance } from '../../ledger-queries.js';
import { readLetterhead } from '../../letterhead.js';
import { renderPdf } from '../../pdf.js';
import { type MonthEndDeps, stamp } from '../deps.js';
import type { PeriodRow } from '../period.js';
import type { StepContext, StepOutcome } from './step.js';

/** A report cell: a CSV cell, or a count with its plain CSV form and the form the PDF shows. */
type ReportCell = CsvCell | { plain: string; shown: string };

const REPORT_NAMES = ['income-statement', 'trial-balance', 'allocation', 'loan-book', 'bank-reconciliation'] as const;

/**
 * The loan book at the end of a period, as it stood then: each loan's principal owed by the ledger
 * (loans receivable of the loan, entries up to the period) and its principal in arrears, what its
 * schedule had due by the period's last day less what had been repaid by then.
 */
export async function loanBook(tx: Executor, period: string) {
  const { last } = periodDays(period);
  const owed = await linesWithEntries(tx, {
    loanId: loans.id,
    number: loans.number,
    fullName: users.fullName,
    principalCents: loans.principalCents,
    cents: sql<string>`sum(${journalLines.amountCents})`,
  })
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

export async function writeReports(
  deps: MonthEndDeps,
  tx: Executor,
  row: PeriodRow,
  actorId: string,
): Promise<Record<string, string>> {
  const calculation = readMonthEndCalculation(row.calculation)!;
  const now = deps.clock.now();
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
      await deps.storage.put(key, body, contentType);
      await tx
        .insert(files)
        .values({ key, ownerId: actorId, kind: 'month-end-report', contentType, size: body.length });
      urls[`${name}.${extension}`] = `/api/files/${key}`;
    }
  }
  return urls;
}

/** Reports: the month's five reports as PDF and CSV, stored and linked on the month. */
export async function reportsStep({ deps, tx, row, actorId }: StepContext): Promise<StepOutcome> {
  const reports = await writeReports(deps, tx, row, actorId);
  return { update: { reports, steps: { ...row.steps, reports: stamp(deps, actorId) } } };
}
