import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A list read a page at a time: the condition that reads the rows of a page. */
export interface PagedList {
  /**
   * The rows on the page that the placeholders `limit` and `offset` name (`pagePlaceholders`): the
   * page's ids in the list's order, as a subquery of the statement that writes the page.
   */
  onPage: SQL;
}

/**
 * A list (the rows of `table` that meet `where`, in `order`) read a page at a time, in one statement:
 * the page's ids by its offset, and the rows of those ids. Each round trip to PostgreSQL costs both
 * processes a wake-up, which on a small machine costs more than the statement.
 *
 * The page's limit and offset reach the ids through scalar subqueries, so that PostgreSQL plans the
 * statement once and keeps the plan: given the offset itself, each run's plan would count the rows
 * skipped and cost less than a plan for any offset (which assumes a tenth of the list skipped), and
 * PostgreSQL would plan the whole page again on every run (test/plans.test.ts). The ids are an index
 * scan of the list's order either way.
 */
export function pagedList(list: { table: PgTable; id: PgColumn; where: SQL; order: SQL[] }): PagedList {
  const ids = sql`select ${list.id} from ${list.table} where ${list.where} order by ${sql.join(list.order, sql`, `)}
    limit (select ${sql.placeholder('limit')}::integer) offset (select ${sql.placeholder('offset')}::integer)`;
  // Only the ids: the statement reads them and their rows in one snapshot, and a condition on the rows
  // as well would let PostgreSQL scan the whole list's index for them (a registration queue of a
  // thousand, at 100 000 members, cost 0.6 ms a page) instead of looking up twenty.
  return { onPage: sql`${list.id} = any(array(${ids}))` };
}

/** The values of the `limit` and `offset` placeholders for the page `page` of `limit` rows. */
export function pagePlaceholders(query: { page: number; limit: number }): { limit: number; offset: number } {
  return { limit: query.limit, offset: (query.page - 1) * query.limit };
}
