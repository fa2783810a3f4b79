import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** A page's ids, prepared: run with the page's `limit` and `offset`. */
export interface PageIds {
  execute(values: { limit: number; offset: number }): Promise<{ id: string }[]>;
}

/** A list read a page at a time: the page's ids, and the condition that reads their rows. */
export interface PagedList {
  ids: PageIds;
  /**
   * The rows of the ids (placeholder `ids`) that still meet the list's condition: a row decided
   * between the two statements (a payment approved meanwhile) is left out, not shown as waiting.
   */
  onPage: SQL;
}

/**
 * A list (the rows of `table` that meet `where`, in `order`) read a page at a time in two statements:
 * the page's ids by its offset, prepared once as `name`, then the page's rows by those ids (`onPage`).
 * PostgreSQL plans a statement that takes an offset on every run once the list is long (a plan kept
 * without the offset assumes a tenth of the rows skipped, which costs more than the first pages); the
 * ids are one index scan to plan, and the statement that writes the rows by ids keeps its plan.
 */
export function pagedList(
  db: Db,
  name: string,
  list: { table: PgTable; id: PgColumn; where: SQL; order: SQL[] },
): PagedList {
  const ids = db
    .select({ id: list.id })
    .from(list.table)
    .where(list.where)
    .orderBy(...list.order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name) as unknown as PageIds;
  return { ids, onPage: and(list.where, sql`${list.id} = any(${sql.placeholder('ids')}::uuid[])`)! };
}

/** The ids of the page `page` of `limit` rows. */
export async function idsOfPage(list: PagedList, query: { page: number; limit: number }): Promise<string[]> {
  const rows = await list.ids.execute({ limit: query.limit, offset: (query.page - 1) * query.limit });
  return rows.map((row) => row.id);
}
