import { centsToRand, type RecordListQuery } from '@letsema/domain';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { RecordDeps } from '../deps.js';
import { recordKinds, recordOf, type RecordKind, type RecordType } from '../kinds.js';
import { recordView, selectRecords, withReversals } from '../view.js';

/** The list's filters: month, category and status. */
export const recordFilters = (kind: RecordKind, query: Omit<RecordListQuery, 'page' | 'limit'>): SQL | undefined =>
  and(
    query.period ? eq(kind.table.period, query.period) : undefined,
    query.category ? eq(kind.table.category, query.category) : undefined,
    query.status ? eq(kind.table.status, query.status) : undefined,
  );

/** A page of expenses or income, newest first, with the totals by category of all that match. */
export async function listRecords(deps: RecordDeps, type: RecordType, query: RecordListQuery) {
  const kind = recordKinds[type];
  const { table } = kind;
  const where = recordFilters(kind, query);
  const [rows, [total], totals] = await Promise.all([
    selectRecords(deps, kind)
      .where(where)
      .orderBy(desc(kind.dateColumn), desc(table.createdAt), asc(table.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ value: count() }).from(table).where(where),
    deps.db
      .select({ category: table.category, status: table.status, cents: sql<string>`sum(${table.amountCents})` })
      .from(table)
      .where(where)
      .groupBy(table.category, table.status),
  ]);
  const sumOf = (category: string, status: string) =>
    Number(totals.find((row) => row.category === category && row.status === status)?.cents ?? 0);
  return {
    items: await withReversals(
      deps,
      kind,
      rows.map(({ row, pool, by }) => recordView(kind, recordOf(row), pool, by)),
    ),
    total: total?.value ?? 0,
    page: query.page,
    limit: query.limit,
    totalsByCategory: kind.categories.map((category) => ({
      category,
      label: kind.categoryLabels[category]!,
      approved: centsToRand(sumOf(category, 'approved')),
      pending: centsToRand(sumOf(category, 'pending')),
    })),
  };
}
