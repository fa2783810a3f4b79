import {
  centsToRand,
  classifyLedgerMovement,
  dayOf,
  transactionTabs,
  transactionTypes,
  type LedgerSide,
  type MyTransactionsQuery,
  type TransactionType,
  type TransactionView,
} from '@letsema/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { journalEntries, journalLines, payments, pools } from '../../db/schema.js';
import { linesWithEntries } from '../books/ledger-queries.js';
import { formatEntryNumber } from '../ledger/posting.js';

/** The accounts a statement reads: what the cooperative holds for the member, and what they owe on loans. */
const HOLDING_ACCOUNTS = ['member_capital', 'member_returns'];
const LOAN_ACCOUNTS = ['loans_receivable', 'loan_penalties_receivable'];

/**
 * Every money movement of a member, newest first: what the ledger posts for them (the same lines
 * their statement reads, one row per entry and side) and the payments not posted yet (waiting,
 * rejected or failed). A member's history is a few hundred rows at most, so it is read whole and
 * counted over all of it.
 */
async function readAll(db: Db, userId: string): Promise<TransactionView[]> {
  // Written out, not bound: the same expression is grouped on, and bound values would differ by position.
  const side = sql<LedgerSide>`case when ${journalLines.account} in ('member_capital', 'member_returns') then 'holding' else 'loan' end`;
  const [posted, unposted] = await Promise.all([
    linesWithEntries(db, {
      entryId: journalEntries.id,
      number: journalEntries.number,
      date: journalEntries.effectiveDate,
      createdAt: journalEntries.createdAt,
      kind: journalEntries.kind,
      sourceType: journalEntries.sourceType,
      description: journalEntries.description,
      side,
      poolId: sql<string | null>`min(${journalLines.poolId}::text)`,
      cents: sql<string>`sum(${journalLines.amountCents})`,
    })
      .where(
        and(eq(journalLines.userId, userId), inArray(journalLines.account, [...HOLDING_ACCOUNTS, ...LOAN_ACCOUNTS])),
      )
      .groupBy(journalEntries.id, side),
    db
      .select({ p: payments, poolName: pools.name })
      .from(payments)
      .innerJoin(pools, eq(pools.id, payments.poolId))
      .leftJoin(
        journalEntries,
        and(eq(journalEntries.sourceType, 'payment'), eq(journalEntries.sourceId, sql`${payments.id}::text`)),
      )
      .where(and(eq(payments.userId, userId), isNull(journalEntries.id))),
  ]);
  // A posted contribution keeps its method and proof from the payment it records.
  const paymentIds = posted.filter((row) => row.sourceType === 'payment').map((row) => row.entryId);
  const paid = paymentIds.length
    ? await db
        .select({ entryId: journalEntries.id, p: payments })
        .from(journalEntries)
        .innerJoin(payments, eq(sql`${payments.id}::text`, journalEntries.sourceId))
        .where(and(eq(journalEntries.sourceType, 'payment'), inArray(journalEntries.id, paymentIds)))
    : [];
  const paymentOf = new Map(paid.map((row) => [row.entryId, row.p]));
  const poolIds = [...new Set(posted.map((row) => row.poolId).filter((poolId): poolId is string => poolId !== null))];
  const poolNames = new Map(
    poolIds.length
      ? (await db.select({ id: pools.id, name: pools.name }).from(pools).where(inArray(pools.id, poolIds))).map(
          (pool) => [pool.id, pool.name] as const,
        )
      : [],
  );
  const rows: TransactionView[] = [];
  for (const row of posted) {
    const cents = Number(row.cents);
    if (cents === 0) continue;
    const movement = classifyLedgerMovement({ side: row.side, sourceType: row.sourceType, kind: row.kind, cents });
    const payment = paymentOf.get(row.entryId);
    rows.push({
      id: row.side === 'holding' ? row.entryId : `${row.entryId}-loan`,
      poolId: row.poolId,
      poolName: row.poolId ? (poolNames.get(row.poolId) ?? null) : null,
      type: movement.type,
      label: movement.label,
      reference: formatEntryNumber(row.number),
      amount: centsToRand(movement.amountCents),
      status: 'completed',
      paymentMethod: payment?.paymentMethod ?? null,
      proofOfPaymentUrl: payment?.proofOfPaymentUrl ?? null,
      description: row.description,
      failureReason: null,
      date: row.date,
      createdAt: row.createdAt.toISOString(),
    });
  }
  for (const { p, poolName } of unposted) {
    if (!(transactionTypes as readonly string[]).includes(p.type)) continue;
    rows.push({
      id: p.id,
      poolId: p.poolId,
      poolName,
      type: p.type as TransactionType,
      label:
        p.type === 'contribution' ? 'Contribution' : p.type === 'fee' ? 'Fee' : p.type === 'refund' ? 'Refund' : p.type,
      reference: null,
      amount: centsToRand(p.amountCents),
      status: p.status as TransactionView['status'],
      paymentMethod: p.paymentMethod,
      proofOfPaymentUrl: p.proofOfPaymentUrl,
      description: p.description,
      failureReason: p.failureReason,
      date: dayOf(p.createdAt),
      createdAt: p.createdAt.toISOString(),
    });
  }
  // Newest first by the day it counts on, then by when it was written.
  return rows.sort(
    (a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
  );
}

/** A page of the member's transactions, of one tab's types when `tab` is given. */
export async function listMemberTransactions(db: Db, userId: string, query: MyTransactionsQuery) {
  const all = await readAll(db, userId);
  const types: readonly string[] | null =
    query.tab && query.tab !== 'all' ? (transactionTabs.find((tab) => tab.key === query.tab)?.types ?? []) : null;
  const shown = types ? all.filter((row) => types.includes(row.type)) : all;
  const start = (query.page - 1) * query.limit;
  return shown.slice(start, start + query.limit);
}

/** How many transactions of each type the member has, over all of them: the tabs' counts. */
export async function countMemberTransactions(db: Db, userId: string): Promise<Record<TransactionType, number>> {
  const counts = Object.fromEntries(transactionTypes.map((type) => [type, 0])) as Record<TransactionType, number>;
  for (const row of await readAll(db, userId)) counts[row.type] += 1;
  return counts;
}
