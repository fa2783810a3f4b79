import { centsToRand, recordMessages, type BooksRecord } from '@letsema/domain';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { pools, recordReversalRequests, users } from '../../../db/schema.js';
import { notFound } from '../../../lib/errors.js';
import type { RecordDeps } from './deps.js';
import { categoryLabel, recordOf, type RecordKind, type RecordRow } from './kinds.js';

type ReversalRow = typeof recordReversalRequests.$inferSelect;
type Person = { id: string; fullName: string | null };

type ReversalView = NonNullable<BooksRecord['reversal']>;

export const recorder = { id: users.id, fullName: users.fullName };

/** A record with its pool and who recorded it, as the lists and the CSV read it. */
export const selectRecords = (deps: RecordDeps, kind: RecordKind) =>
  deps.db
    .select({ row: kind.table, pool: { name: pools.name }, by: recorder })
    .from(kind.table)
    .innerJoin(pools, eq(pools.id, kind.table.poolId))
    .innerJoin(users, eq(users.id, kind.table.recordedBy));

export function recordView(kind: RecordKind, record: RecordRow, pool: { name: string }, by: Person): BooksRecord {
  return {
    id: record.id,
    category: record.category,
    categoryLabel: categoryLabel(kind, record.category),
    amount: centsToRand(record.amountCents),
    date: record.date,
    period: record.period,
    description: record.description,
    documentUrl: record.documentUrl,
    status: record.status as BooksRecord['status'],
    approvalsNeeded: record.approvalsNeeded,
    approverIds: record.approverIds,
    rejectionReason: record.rejectionReason ?? record.reversalReason,
    pool: { id: record.poolId, name: pool.name },
    recordedBy: by,
    decidedAt: record.decidedAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    isAdjustment: record.isAdjustment,
    reversal: null,
  };
}

function reversalView(request: ReversalRow, by: Person): ReversalView {
  return {
    id: request.id,
    status: request.status as ReversalView['status'],
    reason: request.reason,
    approvalsNeeded: request.approvalsNeeded,
    approverIds: request.approverIds,
    requestedBy: by,
    rejectionReason: request.rejectionReason,
    createdAt: request.createdAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
  };
}

/** Adds to each record the latest request to reverse it. */
export async function withReversals(deps: RecordDeps, kind: RecordKind, views: BooksRecord[]): Promise<BooksRecord[]> {
  const ids = views.filter((view) => view.status === 'approved' || view.status === 'reversed').map((v) => v.id);
  if (ids.length === 0) return views;
  const rows = await deps.db
    .select({ request: recordReversalRequests, by: recorder })
    .from(recordReversalRequests)
    .innerJoin(users, eq(users.id, recordReversalRequests.requestedBy))
    .where(inArray(kind.reversalColumn, ids))
    .orderBy(desc(recordReversalRequests.createdAt));
  const latest = new Map<string, ReversalView>();
  for (const { request, by } of rows) {
    const recordId = (kind.type === 'expense' ? request.expenseId : request.incomeId)!;
    if (!latest.has(recordId)) latest.set(recordId, reversalView(request, by));
  }
  return views.map((view) => ({ ...view, reversal: latest.get(view.id) ?? null }));
}

/** One record as the admin pages show it, with its latest reversal. */
export async function findRecord(deps: RecordDeps, kind: RecordKind, id: string): Promise<BooksRecord> {
  const [found] = await selectRecords(deps, kind).where(eq(kind.table.id, id));
  if (!found) throw notFound(recordMessages.notFound);
  return (await withReversals(deps, kind, [recordView(kind, recordOf(found.row), found.pool, found.by)]))[0]!;
}

/** The record under a row lock: the row as the audit keeps it, and read into one shape. */
export async function lockRecord(tx: Executor, kind: RecordKind, id: string) {
  const [row] = await tx.select().from(kind.table).where(eq(kind.table.id, id)).for('update');
  if (!row) throw notFound(recordMessages.notFound);
  return { row, record: recordOf(row) };
}
