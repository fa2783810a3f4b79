import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A timestamp as JavaScript's `toISOString` writes it (UTC, milliseconds cut, `Z`), for answers the
 * database writes as JSON.
 */
export function isoTime(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** `isoTime` of a timestamp that may be missing: null then. */
export function isoTimeOrNull(column: SQLWrapper): SQL<string | null> {
  return sql<string | null>`${isoTime(column)}`;
}

/**
 * An amount in integer cents as the rand number the API answers (`centsToRand`): the same division
 * in double precision, so the value is the same double and is written the same shortest way.
 */
export function randNumber(cents: SQLWrapper): SQL {
  return sql`(${cents})::float8 / 100`;
}

/**
 * A condition whose values are fixed (a queue's statuses), with them written into the statement as
 * literals. As parameters, the plan PostgreSQL keeps for a prepared statement knows neither them nor
 * how many rows they select: it could not use a partial index made for the condition (the dashboard
 * counts were planned afresh on every run, most of their database time) and costs a queue as a
 * share of its table. Never give it a value from a request: each value would make a statement of its own.
 */
export function fixedCondition(condition: SQLWrapper | undefined): SQL {
  return sql`${condition}`.inlineParams();
}

/**
 * The rows of `table` that meet `where`, counted in a scalar subquery (several counts, one round trip).
 * `where` is a queue's fixed condition, written as literals (`fixedCondition`).
 */
export function countWhere(table: SQLWrapper, where: SQLWrapper | undefined): SQL<number> {
  return sql<number>`(select count(*)::int from ${table} where ${fixedCondition(where)})`;
}

/**
 * The rows of a page, each already a JSON value (`view`), as one JSON array in the page's order, as
 * text: `[]` for an empty page. The order is given again because a subquery's order does not carry
 * through an aggregate.
 */
export function jsonArrayText(view: SQLWrapper, order: SQL[]): SQL<string> {
  return sql<string>`coalesce(json_agg(${view} order by ${sql.join(order, sql`, `)}), '[]')::text`;
}
