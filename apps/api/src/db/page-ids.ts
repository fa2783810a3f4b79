import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { batchedStatement } from '../lib/batched-read.js';
import type { Db } from './client.js';

/** A list read a page at a time. */
export interface PagedList {
  /** The page's ids in the list's order, to read the rows from: join the list's table on `pageId`. */
  ids: SQL;
  /**
   * The page as the text of one JSON array: `rows` is a select over `ids` of `pageOrder` and a JSON
   * value per row aliased `view`.
   */
  json(rows: SQLWrapper): SQL<string>;
}

/** In a page's rows: the id of the row on the page. */
export const pageId = sql`page_ids.id`;
/** In a page's rows: its place on the page, which orders the page's JSON. */
export const pageOrder = sql<number>`page_ids.n`.as('n');

/** A page asked for: how many rows, after how many. */
interface PageRequest {
  limit: number;
  offset: number;
}

/** The page a page query names: how many rows, after how many. */
export function pageOf(query: { page: number; limit: number }): PageRequest {
  return { limit: query.limit, offset: (query.page - 1) * query.limit };
}

/** The pages asked for together, one row `r` each, as `pageReader`'s statement reads them. */
const pageRequests = sql`json_to_recordset(${sql.placeholder('pages')}::json) as r(i integer, "limit" integer, "offset" integer)`;

/**
 * A list (the rows of `table` that meet `where`, in `order`) read a page at a time, in one statement:
 * the page's ids by its offset, then each row by its id. Each round trip to PostgreSQL costs both
 * processes a wake-up, which on a small machine costs more than the statement.
 *
 * The page's limit and offset are columns of the page request (`pageReader`) unless given, not values
 * the planner sees, so PostgreSQL plans the statement once and keeps the plan: given the offset
 * itself, each run's plan would count the rows skipped and cost less than a plan for any offset (which
 * assumes a tenth of the list skipped), and PostgreSQL would plan the whole page again on every run
 * (test/plans.test.ts). The ids are an index scan of the list's order either way.
 */
export function pagedList(list: {
  table: PgTable;
  id: PgColumn;
  where: SQL;
  order: SQL[];
  /** For a statement built for one request: the page's own limit and offset. */
  page?: PageRequest;
}): PagedList {
  const limit = list.page ? sql`${list.page.limit}` : sql`r."limit"`;
  const offset = list.page ? sql`${list.page.offset}` : sql`r."offset"`;
  const ids = sql`select ${list.id} from ${list.table} where ${list.where} order by ${sql.join(list.order, sql`, `)}
    limit ${limit} offset ${offset}`;
  // Each row is read by its id alone, the list's condition not tested again: the statement reads the
  // ids and the rows in one snapshot. A condition on the rows would let PostgreSQL scan the list's
  // index for them (a registration queue of a thousand, at 100 000 members, cost 0.6 ms a page); an
  // id list matched against every row (`id = any(...)`) made it scan a small table comparing each row
  // with twenty ids (a thousand payments waiting, 0.15 ms); a lookup per id made it scan a small table
  // twenty times. Joined to the ids, a table is read by its primary key or hashed once.
  return {
    ids: sql`unnest(array(${ids})) with ordinality as page_ids(id, n)`,
    json: (rows) => sql<string>`(select coalesce(json_agg(v.view order by v.n), '[]')::text from ${rows} v)`,
  };
}

/** What a statement's fields read. */
type ValuesOf<F extends Record<string, SQL>> = { [K in keyof F]: F[K] extends SQL<infer T> ? T : never };

/**
 * Reads pages of a list (`pagedList`) for the requests that come at the same time in one prepared
 * statement (`batchedStatement`), each request its own page: `fields` are what a request's answer
 * holds, read for the page its row `r` names. Every page is read for its own request; the requests
 * share the round trip.
 */
export function pageReader<F extends Record<string, SQL>>(
  db: Db,
  name: string,
  fields: F,
): (query: { page: number; limit: number }) => Promise<ValuesOf<F> | undefined> {
  const statement = db
    .select({ i: sql<number>`r.i`, ...fields })
    .from(pageRequests)
    .prepare(name);
  // The fields are the caller's, each typed by what it reads.
  const read = batchedStatement<PageRequest, ValuesOf<F>>(
    statement as unknown as { execute(values: Record<string, unknown>): Promise<Array<{ i: number } & ValuesOf<F>>> },
    'pages',
  );
  return (query) => read(pageOf(query));
}
