import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** A page's ids, prepared: run with the page's `limit` and `offset`. */
export interface PageIds {
  execute(values: { limit: number; offset: number }): Promise<{ id: string }[]>;
}

/**
 * The ids of a page of a list (the rows of `table` that meet `where`, in `order`), by the page's
 * offset, prepared once as `name`. A long list's page is two statements, these ids and then their JSON
 * by ids: PostgreSQL plans a statement that takes an offset on every run once the list is long (a plan
 * kept without the offset assumes a tenth of the rows skipped, which costs more than the first pages),
 * and these ids are one index scan to plan, where the JSON statement by ids keeps its plan.
 */
export function preparePageIds(
  db: Db,
  name: string,
  list: { table: PgTable; id: PgColumn; where: SQL; order: SQL[] },
): PageIds {
  return db
    .select({ id: list.id })
    .from(list.table)
    .where(list.where)
    .orderBy(...list.order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name) as unknown as PageIds;
}

/** The ids of the page `page` of `limit` rows. */
export async function idsOfPage(ids: PageIds, query: { page: number; limit: number }): Promise<string[]> {
  const rows = await ids.execute({ limit: query.limit, offset: (query.page - 1) * query.limit });
  return rows.map((row) => row.id);
}
