import {
  centsToRand,
  ledgerAccountLabel,
  ledgerAccounts,
  monthSplitWeights,
  periodBounds,
  dayOf,
  type CapitalMovement,
  type LedgerAccount,
} from '@letsema/domain';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { journalEntries, journalLines, memberships } from '../../db/schema.js';

/** The first and last calendar day of a period. */
export function periodDays(period: string): { first: string; last: string } {
  const { start, end } = periodBounds(period);
  return { first: dayOf(start), last: dayOf(new Date(end.getTime() - 1)) };
}

/**
 * The trial balance at the end of a period: every account's balance from all entries dated up to
 * then, and its movement within the period. Debits and credits total the same, or the books are
 * broken.
 */
export async function trialBalance(db: Executor, period: string) {
  const rows = await linesWithEntries(db, {
    account: journalLines.account,
    balance: sql<string>`sum(${journalLines.amountCents})`,
    movement: sql<string>`sum(case when ${journalEntries.period} = ${period} then ${journalLines.amountCents} else 0 end)`,
  })
    .where(lte(journalEntries.period, period))
    .groupBy(journalLines.account);
  const byAccount = new Map(rows.map((row) => [row.account, row]));
  const accounts = ledgerAccounts.map((account) => {
    const balance = Number(byAccount.get(account)?.balance ?? 0);
    const movement = Number(byAccount.get(account)?.movement ?? 0);
    return { account, label: ledgerAccountLabel(account), balanceCents: balance, movementCents: movement };
  });
  const debitCents = accounts.reduce((sum, row) => sum + Math.max(row.balanceCents, 0), 0);
  const creditCents = accounts.reduce((sum, row) => sum + Math.max(-row.balanceCents, 0), 0);
  return { period, accounts, debitCents, creditCents };
}

/** The trial balance as the API answers it, in rand. */
export function trialBalanceView(balance: Awaited<ReturnType<typeof trialBalance>>) {
  return {
    period: balance.period,
    accounts: balance.accounts.map((row) => ({
      account: row.account,
      label: row.label,
      debit: centsToRand(Math.max(row.balanceCents, 0)),
      credit: centsToRand(Math.max(-row.balanceCents, 0)),
      movement: centsToRand(row.movementCents),
    })),
    totalDebit: centsToRand(balance.debitCents),
    totalCredit: centsToRand(balance.creditCents),
    isBalanced: balance.debitCents === balance.creditCents,
  };
}

/** The bank's balance at the end of a period, by the ledger. */
export async function bankBalanceAt(db: Executor, period: string): Promise<number> {
  const [row] = await linesWithEntries(db, { cents: sql<string>`coalesce(sum(${journalLines.amountCents}), 0)` }).where(
    and(eq(journalLines.account, 'bank'), lte(journalEntries.period, period)),
  );
  return Number(row?.cents ?? 0);
}

/** Each pool's balance of each income and expense account within a period (debit positive). */
export async function periodResults(db: Executor, period: string, options: { includeAllocations: boolean }) {
  const rows = await linesWithEntries(db, {
    poolId: journalLines.poolId,
    account: journalLines.account,
    cents: sql<string>`sum(${journalLines.amountCents})`,
  })
    .where(
      and(
        eq(journalEntries.period, period),
        sql`(${journalLines.account} like 'income:%' or ${journalLines.account} like 'expense:%')`,
        options.includeAllocations ? undefined : sql`${journalEntries.kind} <> 'allocation'`,
      ),
    )
    .groupBy(journalLines.poolId, journalLines.account);
  return rows.map((row) => ({ poolId: row.poolId!, account: row.account as LedgerAccount, cents: Number(row.cents) }));
}

/**
 * Each member's paid-up share-days in a pool over a period, by the domain's rule
 * (`monthSplitWeights`): the sum over the period's days of their capital at the end of each day,
 * from their member-capital lines. A member without an approved membership in the pool when the
 * month is split (paid out, so exited) takes no share: the month's result goes to those who remain.
 */
export async function shareDays(db: Executor, period: string) {
  const { last } = periodDays(period);
  const rows = await linesWithEntries(db, {
    userId: journalLines.userId,
    poolId: journalLines.poolId,
    effectiveDate: journalEntries.effectiveDate,
    cents: sql<string>`sum(-${journalLines.amountCents})`,
  })
    .where(and(eq(journalLines.account, 'member_capital'), lte(journalEntries.effectiveDate, last)))
    .groupBy(journalLines.userId, journalLines.poolId, journalEntries.effectiveDate);
  const live = await db
    .selectDistinct({ userId: memberships.userId, poolId: memberships.poolId })
    .from(memberships)
    .where(eq(memberships.contributionStatus, 'approved'));
  const isLive = new Set(live.map((row) => `${row.poolId}:${row.userId}`));
  const holders = new Map<string, { key: { userId: string; poolId: string }; movements: CapitalMovement[] }>();
  for (const row of rows) {
    const key = `${row.poolId}:${row.userId}`;
    const holder = holders.get(key) ?? { key: { userId: row.userId!, poolId: row.poolId! }, movements: [] };
    holder.movements.push({ day: row.effectiveDate, cents: Number(row.cents) });
    holders.set(key, holder);
  }
  const weights = monthSplitWeights(
    period,
    [...holders.entries()].map(([key, holder]) => ({ ...holder, isPaidOut: !isLive.has(key) })),
  ).map((weight) => ({ ...weight.key, shareDays: weight.shareDays, capitalCents: weight.capitalCents }));
  // A fixed order, so that the cent a tie leaves goes to the same member every time.
  return weights.sort((a, b) =>
    a.poolId === b.poolId ? a.userId.localeCompare(b.userId) : a.poolId.localeCompare(b.poolId),
  );
}

/** What each member has been allocated for a period already, per pool (a reopened month adds to it). */
export async function allocatedFor(db: Executor, period: string) {
  const rows = await linesWithEntries(db, {
    poolId: journalLines.poolId,
    userId: journalLines.userId,
    account: journalLines.account,
    cents: sql<string>`sum(-${journalLines.amountCents})`,
  })
    .where(
      and(
        eq(journalEntries.period, period),
        eq(journalEntries.kind, 'allocation'),
        sql`${journalLines.account} in ('member_returns', 'reserve')`,
      ),
    )
    .groupBy(journalLines.poolId, journalLines.userId, journalLines.account);
  return rows.map((row) => ({
    poolId: row.poolId!,
    userId: row.userId,
    account: row.account,
    cents: Number(row.cents),
  }));
}

/** The `count` periods up to and including `last`, oldest first. */
export function periodsUpTo(last: string, count: number): string[] {
  const list = [last];
  while (list.length < count) {
    const { start } = periodBounds(list[0]!);
    list.unshift(dayOf(new Date(start.getTime() - 1)).slice(0, 7));
  }
  return list;
}

/**
 * The ledger's movements per month, account and kind of entry (credit positive), up to the last of
 * `periods`, optionally for one member: enough to draw balances and monthly figures.
 */
export async function monthlyMovements(db: Executor, last: string, userId?: string) {
  const rows = await linesWithEntries(db, {
    period: journalEntries.period,
    account: journalLines.account,
    kind: journalEntries.kind,
    cents: sql<string>`sum(-${journalLines.amountCents})`,
  })
    .where(and(lte(journalEntries.period, last), userId ? eq(journalLines.userId, userId) : undefined))
    .groupBy(journalEntries.period, journalLines.account, journalEntries.kind);
  return rows.map((row) => ({ period: row.period, account: row.account, kind: row.kind, cents: Number(row.cents) }));
}

/** Ledger lines with the entry each belongs to (its date, period and kind), selecting `fields`. */
export function linesWithEntries<T extends SelectedFields>(executor: Executor, fields: T) {
  return executor
    .select(fields)
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId));
}
