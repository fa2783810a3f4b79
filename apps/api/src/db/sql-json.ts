import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A timestamp as JavaScript's `toISOString` writes it (UTC, milliseconds cut, `Z`), for answers the
 * database writes as JSON.
 */
export function isoTime(column: AnyPgColumn): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
