import {
  centsToRand,
  dayOf,
  formatDisplayDate,
  formatLoanNumber,
  formatRand,
  capitalHeldForGuaranteesCents,
  isHoldingGuarantee,
  netPositionCents,
  type StatementQuery,
} from '@letsema/domain';
import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accountingPeriods, journalEntries, journalLines, loans, pools, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { formatEntryNumber } from '../ledger/posting.js';
import { pledgesOf } from '../loans/money.js';
import { writeCsv } from './csv.js';
import { linesWithEntries, monthlyMovements, periodDays, periodsUpTo } from './ledger-queries.js';
import { readLetterhead } from './letterhead.js';
import { renderPdf } from './pdf.js';
import type { BooksClock } from './clock.js';

const MEMBER_ACCOUNTS = ['member_capital', 'member_returns'];
/** What a member owes the cooperative on loans: principal, and late penalties charged. */
const LOAN_ACCOUNTS = ['loans_receivable', 'loan_penalties_receivable'];

/** How a movement of what a member owes on a loan reads on their statement. */
function loanLineType(account: string, kind: string, cents: number): string {
  if (account === 'loans_receivable') {
    if (cents > 0) return 'Loan paid out';
    return kind === 'payout' ? 'Loan settled from exit payout' : 'Loan repayment';
  }
  if (cents > 0) return 'Late penalty';
  if (kind === 'reversal') return 'Penalty waived';
  return kind === 'payout' ? 'Penalty settled from exit payout' : 'Penalty paid';
}

/** The member's ledger lines dated within the statement's range. */
function inRange(userId: string, query: Pick<StatementQuery, 'from' | 'to'>) {
  return and(
    eq(journalLines.userId, userId),
    gte(journalEntries.effectiveDate, query.from),
    lte(journalEntries.effectiveDate, query.to),
  );
}

/** Each movement with the balance after it, counted from `openingCents`. */
function withBalances<T extends { amountCents: number }>(openingCents: number, movements: T[]) {
  let balance = openingCents;
  const lines = movements.map((movement) => {
    balance += movement.amountCents;
    return { ...movement, balanceCents: balance };
  });
  return { openingCents, closingCents: balance, lines };
}

/**
 * The member's number on their papers: the first eight characters of their id, in capitals, as the
 * statement number has always ended with it. Members have no other number.
 */
export function memberNumberOf(userId: string): string {
  return userId.slice(0, 8).toUpperCase();
}

const KIND_LABELS: Record<string, string> = {
  payment: 'Contribution',
  allocation: 'Profit allocation',
  payout: 'Payout',
  reversal: 'Correction',
};

/**
 * A member's statement: what the cooperative holds for them (capital paid in and returns allocated,
 * less payouts) at the start and end of a date range, and every posting in between, each with the
 * journal entry it comes from. Built from the ledger alone, so a closed month's statement is the
 * same every time it is made.
 */
export function createStatementsService(deps: { db: Db; clock: BooksClock }) {
  const { db, clock } = deps;

  async function build(userId: string, query: Pick<StatementQuery, 'from' | 'to'>) {
    const [member] = await db
      .select({ id: users.id, fullName: users.fullName, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (!member) throw notFound('Member not found');
    const rows = await linesWithEntries(db, {
      number: journalEntries.number,
      date: journalEntries.effectiveDate,
      kind: journalEntries.kind,
      description: journalEntries.description,
      account: journalLines.account,
      pool: pools.name,
      cents: sql<string>`-${journalLines.amountCents}`,
    })
      .leftJoin(pools, eq(pools.id, journalLines.poolId))
      .where(and(inRange(userId, query), inArray(journalLines.account, MEMBER_ACCOUNTS)))
      .orderBy(asc(journalEntries.effectiveDate), asc(journalEntries.number), asc(journalLines.id));
    // The member's accounts are credits (negative in the ledger).
    const { openingCents, closingCents, lines } = withBalances(
      -(await owedBefore(userId, MEMBER_ACCOUNTS, query.from)),
      rows.map((row) => {
        const cents = Number(row.cents);
        const label = row.kind === 'allocation' && cents < 0 ? 'Loss allocation' : (KIND_LABELS[row.kind] ?? row.kind);
        const reference = formatEntryNumber(row.number);
        return { date: row.date, reference, type: label, pool: row.pool ?? '', amountCents: cents };
      }),
    );
    const sum = (predicate: (line: (typeof lines)[number]) => boolean) =>
      lines.filter(predicate).reduce((total, line) => total + line.amountCents, 0);
    const loanSection = await loanLines(userId, query);
    const memberNumber = memberNumberOf(userId);
    return {
      number: `ST-${query.from.replaceAll('-', '')}-${query.to.replaceAll('-', '')}-${memberNumber}`,
      memberNumber,
      from: query.from,
      to: query.to,
      member,
      openingCents,
      closingCents,
      paymentsCents: sum((line) => line.type === 'Contribution'),
      returnsCents: sum((line) => line.type.endsWith('allocation')),
      payoutsCents: sum((line) => line.type === 'Payout'),
      lines,
      loans: loanSection,
    };
  }

  /**
   * What the member owes on loans (principal and penalties, debit positive) at the start and end of
   * the range, every movement in between, and the loan interest they paid in it.
   */
  async function loanLines(userId: string, query: Pick<StatementQuery, 'from' | 'to'>) {
    const rows = await linesWithEntries(db, {
      number: journalEntries.number,
      date: journalEntries.effectiveDate,
      kind: journalEntries.kind,
      account: journalLines.account,
      loanNumber: loans.number,
      cents: journalLines.amountCents,
    })
      .innerJoin(loans, eq(loans.id, journalLines.loanId))
      .where(and(inRange(userId, query), inArray(journalLines.account, LOAN_ACCOUNTS)))
      .orderBy(asc(journalEntries.effectiveDate), asc(journalEntries.number), asc(journalLines.id));
    const [interest] = await linesWithEntries(db, {
      cents: sql<string>`coalesce(sum(-${journalLines.amountCents}), 0)`,
    }).where(and(inRange(userId, query), eq(journalLines.account, 'income:loan_interest')));
    const owed = withBalances(
      await owedBefore(userId, LOAN_ACCOUNTS, query.from),
      rows.map((row) => ({
        date: row.date,
        reference: formatEntryNumber(row.number),
        type: loanLineType(row.account, row.kind, row.cents),
        loan: formatLoanNumber(row.loanNumber),
        amountCents: row.cents,
      })),
    );
    return { ...owed, interestPaidCents: Number(interest?.cents ?? 0) };
  }

  /** What the member's lines on `accounts` add up to before `day` (debit positive). */
  async function owedBefore(userId: string, accounts: string[], day: string): Promise<number> {
    const [row] = await linesWithEntries(db, {
      cents: sql<string>`coalesce(sum(${journalLines.amountCents}), 0)`,
    }).where(
      and(
        eq(journalLines.userId, userId),
        inArray(journalLines.account, accounts),
        lt(journalEntries.effectiveDate, day),
      ),
    );
    return Number(row?.cents ?? 0);
  }

  return {
    /** The statement as JSON (rand), PDF or CSV. */
    async statement(userId: string, query: StatementQuery) {
      const statement = await build(userId, query);
      const filename = `letsema-statement-${query.from}-to-${query.to}`;
      const hasLoans = statement.loans.lines.length > 0 || statement.loans.openingCents !== 0;
      // The member's lines and the loan lines read alike in a file, with the pool or the loan in the fourth column.
      type Line = (typeof statement.lines)[number] | (typeof statement.loans.lines)[number];
      const placeOf = (line: Line) => ('pool' in line ? line.pool : line.loan);
      const csvRow = (line: Line) => [
        line.date,
        line.type,
        line.reference,
        placeOf(line),
        { cents: line.amountCents },
        { cents: line.balanceCents },
      ];
      const pdfRow = (line: Line) => [
        formatDisplayDate(line.date),
        line.type,
        line.reference,
        placeOf(line),
        formatRand(line.amountCents),
        formatRand(line.balanceCents),
      ];
      if (query.format === 'csv') {
        const body = writeCsv(
          ['Date', 'Type', 'Reference', 'Pool', 'Amount (R)', 'Balance (R)'],
          [
            ['', 'Opening balance', '', '', '', { cents: statement.openingCents }],
            ...statement.lines.map(csvRow),
            ['', 'Closing balance', '', '', '', { cents: statement.closingCents }],
            ...(hasLoans
              ? [
                  ['', 'Loans: owed at the start', '', '', '', { cents: statement.loans.openingCents }],
                  ...statement.loans.lines.map(csvRow),
                  ['', 'Loans: owed at the end', '', '', '', { cents: statement.loans.closingCents }],
                ]
              : []),
          ],
        );
        return {
          kind: 'file' as const,
          filename: `${filename}.csv`,
          contentType: 'text/csv; charset=utf-8',
          body: Buffer.from(body),
        };
      }
      if (query.format === 'pdf') {
        const body = await renderPdf(
          {
            letterhead: await readLetterhead(db, [`Member number: ${statement.memberNumber}`]),
            title: 'Member statement',
            subtitle: [
              `Statement number: ${statement.number}`,
              `Member: ${statement.member.fullName ?? statement.member.email}`,
              `Period: ${formatDisplayDate(statement.from)} to ${formatDisplayDate(statement.to)}`,
              `Opening balance: ${formatRand(statement.openingCents)}`,
              `Payments: ${formatRand(statement.paymentsCents)}   Returns allocated: ${formatRand(statement.returnsCents)}   Payouts: ${formatRand(-statement.payoutsCents)}`,
              `Closing balance: ${formatRand(statement.closingCents)}`,
            ],
            tables: [
              {
                heading: 'Transactions',
                columns: [
                  { label: 'Date', width: 70 },
                  { label: 'Type', width: 100 },
                  { label: 'Reference', width: 75 },
                  { label: 'Pool', width: 110 },
                  { label: 'Amount', width: 72, align: 'right' },
                  { label: 'Balance', width: 72, align: 'right' },
                ],
                rows: statement.lines.map(pdfRow),
              },
              ...(hasLoans
                ? [
                    {
                      heading: `Loans: owed ${formatRand(statement.loans.openingCents)} at the start, ${formatRand(statement.loans.closingCents)} at the end; interest paid ${formatRand(statement.loans.interestPaidCents)}`,
                      columns: [
                        { label: 'Date', width: 70 },
                        { label: 'Type', width: 130 },
                        { label: 'Reference', width: 75 },
                        { label: 'Loan', width: 80 },
                        { label: 'Amount', width: 72, align: 'right' as const },
                        { label: 'Owed', width: 72, align: 'right' as const },
                      ],
                      rows: statement.loans.lines.map(pdfRow),
                    },
                  ]
                : []),
            ],
            notes: [
              'The balance is what the cooperative holds for you: capital paid in and returns allocated, less payouts.',
              ...(hasLoans
                ? ['Loans show what you owe: principal paid out and late penalties, less repayments and waivers.']
                : []),
            ],
          },
          new Date(`${statement.to}T22:00:00Z`),
        );
        return { kind: 'file' as const, filename: `${filename}.pdf`, contentType: 'application/pdf', body };
      }
      return {
        kind: 'json' as const,
        body: {
          number: statement.number,
          from: statement.from,
          to: statement.to,
          openingBalance: centsToRand(statement.openingCents),
          closingBalance: centsToRand(statement.closingCents),
          payments: centsToRand(statement.paymentsCents),
          returns: centsToRand(statement.returnsCents),
          payouts: centsToRand(-statement.payoutsCents),
          lines: statement.lines.map((line) => ({
            date: line.date,
            reference: line.reference,
            type: line.type,
            pool: line.pool,
            amount: centsToRand(line.amountCents),
            balance: centsToRand(line.balanceCents),
          })),
          loans: {
            openingOwed: centsToRand(statement.loans.openingCents),
            closingOwed: centsToRand(statement.loans.closingCents),
            interestPaid: centsToRand(statement.loans.interestPaidCents),
            lines: statement.loans.lines.map((line) => ({
              date: line.date,
              reference: line.reference,
              type: line.type,
              loan: line.loan,
              amount: centsToRand(line.amountCents),
              owed: centsToRand(line.balanceCents),
            })),
          },
        },
      };
    },

    /** The member's capital and returns at the end of each of the last twelve months, for the chart. */
    async monthly(userId: string) {
      const periods = periodsUpTo(dayOf(clock.now()).slice(0, 7), 12);
      const movements = await monthlyMovements(db, periods[periods.length - 1]!, userId);
      const balanceAt = (period: string, account: string) =>
        movements
          .filter((row) => row.period <= period && row.account === account)
          .reduce((sum, row) => sum + row.cents, 0);
      return periods.map((period) => ({
        period,
        capital: centsToRand(balanceAt(period, 'member_capital')),
        returns: centsToRand(balanceAt(period, 'member_returns')),
      }));
    },

    /**
     * The member's position today: the closing balances of a statement ending today (what the
     * cooperative holds for them, and what they owe on loans), and the capital they pledged as a
     * guarantor, by the same rule that holds it when they guarantee again or leave.
     */
    async position(userId: string) {
      const asOf = dayOf(clock.now());
      const [balances, pledges] = await Promise.all([
        linesWithEntries(db, { account: journalLines.account, cents: sql<string>`sum(${journalLines.amountCents})` })
          .where(
            and(
              eq(journalLines.userId, userId),
              inArray(journalLines.account, [...MEMBER_ACCOUNTS, ...LOAN_ACCOUNTS]),
              lte(journalEntries.effectiveDate, asOf),
            ),
          )
          .groupBy(journalLines.account),
        pledgesOf(db, userId),
      ]);
      const balanceOf = (account: string) => Number(balances.find((row) => row.account === account)?.cents ?? 0);
      // The member's accounts are credits (negative in the ledger); what they owe is a debit.
      const figures = {
        capitalCents: -balanceOf('member_capital'),
        returnsCents: -balanceOf('member_returns'),
        loansOwedCents: LOAN_ACCOUNTS.reduce((sum, account) => sum + balanceOf(account), 0),
      };
      return {
        asOf,
        capital: centsToRand(figures.capitalCents),
        returns: centsToRand(figures.returnsCents),
        loansOwed: centsToRand(figures.loansOwedCents),
        netPosition: centsToRand(netPositionCents(figures)),
        heldForGuarantees: centsToRand(capitalHeldForGuaranteesCents(pledges)),
        guaranteesHeld: pledges.filter(isHoldingGuarantee).length,
      };
    },

    /** The closed months a member can take a statement of, newest first, with their date ranges. */
    async closedMonths() {
      const rows = await db
        .select({ period: accountingPeriods.period })
        .from(accountingPeriods)
        .where(eq(accountingPeriods.status, 'closed'))
        .orderBy(sql`${accountingPeriods.period} desc`)
        .limit(120);
      return {
        today: dayOf(clock.now()),
        months: rows.map((row) => ({ period: row.period, ...periodDays(row.period) })),
      };
    },
  };
}

export type StatementsService = ReturnType<typeof createStatementsService>;
