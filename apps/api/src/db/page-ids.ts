import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { batchedStatement } from '../lib/batched-read.js';
import type { Db } from './client.js';

/** A list read a page at a time: the condition that reads the rows of a page. */
export interface PagedList {
  /**
   * The rows on the page that the page request names (`pageReader`): the page's ids in the list's
   * order, as a subquery of the statement that writes the page.
   */
  onPage: SQL;
}

/** A page asked for: how many rows, after how many. */
interface PageRequest {
  limit: number;
  offset: number;
}

/** The pages asked for together, one row `r` each, as `pageReader`'s statement reads them. */
const pageRequests = sql`json_to_recordset(${sql.placeholder('pages')}::json) as r(i integer, "limit" integer, "offset" integer)`;

/**
 * A list (the rows of `table` that meet `where`, in `order`) read a page at a time, in one statement:
 * the page's ids by its offset, and the rows of those ids. Each round trip to PostgreSQL costs both
 * processes a wake-up, which on a small machine costs more than the statement.
 *
 * The page's limit and offset are columns of the page request (`pageReader`), not values the planner
 * sees, so PostgreSQL plans the statement once and keeps the plan: given the offset itself, each run's
 * plan would count the rows skipped and cost less than a plan for any offset (which assumes a tenth
 * of the list skipped), and PostgreSQL would plan the whole page again on every run
 * (test/plans.test.ts). The ids are an index scan of the list's order either way.
 */
export function pagedList(list: { table: PgTable; id: PgColumn; where: SQL; order: SQL[] }): PagedList {
  const ids = sql`select ${list.id} from ${list.table} where ${list.where} order by ${sql.join(list.order, sql`, `)}
    limit r."limit" offset r."offset"`;
  // Only the ids: the statement reads them and their rows in one snapshot, and a condition on the rows
  // as well would let PostgreSQL scan the whole list's index for them (a registration queue of a
  // thousand, at 100 000 members, cost 0.6 ms a page) instead of looking up twenty.
  return { onPage: sql`${list.id} = any(array(${ids}))` };
}

/**
 * Reads pages of a list (`pagedList`) for the requests that come at the same time in one prepared
 * statement (`batchedRead`), each request its own page: `page` is a select of one row, the page its
 * `onPage` names, with the columns `columns`. Every page is read for its own request; the requests
 * share the round trip.
 */
export function pageReader<Row extends Record<string, unknown>>(
  db: Db,
  name: string,
  page: SQLWrapper,
  columns: readonly (keyof Row & string)[],
): (query: { page: number; limit: number }) => Promise<Row | undefined> {
  const fields = Object.fromEntries(columns.map((column) => [column, sql`p.${sql.identifier(column)}`]));
  const statement = db
    .select({ i: sql<number>`r.i`, ...fields })
    .from(sql`${pageRequests} cross join lateral ${page} as p`)
    .prepare(name);
  // The columns are the caller's, named for the row they read.
  const read = batchedStatement<PageRequest, Row>(
    statement as unknown as { execute(values: Record<string, unknown>): Promise<({ i: number } & Row)[]> },
    'pages',
  );
  return (query) => read({ limit: query.limit, offset: (query.page - 1) * query.limit });
}
