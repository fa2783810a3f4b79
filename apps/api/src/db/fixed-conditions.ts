import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A condition whose values are fixed (a queue's statuses), with them written into the statement as
 * literals. As parameters, the plan PostgreSQL keeps for a prepared statement knows neither them nor
 * how many rows they select: it could not use a partial index made for the condition. Never give it
 * a value from a request: each value would make a statement of its own.
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
