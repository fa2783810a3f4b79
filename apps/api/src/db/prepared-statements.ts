import type pg from 'pg';

/** Distinct statements named per process at most: past it, statements run unnamed as before. */
export const MAX_NAMED_STATEMENTS = 2000;

/**
 * Names statement texts: the same name for the same text on every connection of the process, and
 * undefined once `max` texts have names.
 */
export function createStatementNamer(max: number = MAX_NAMED_STATEMENTS) {
  const names = new Map<string, string>();
  return (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `letsema_q${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
}

const statementName = createStatementNamer();

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Makes a pooled connection prepare each parameterised statement once and reuse it: PostgreSQL then
 * parses it once per connection and, after a few runs, keeps its plan, instead of parsing and
 * planning every query again (planning was most of the database time of the admin pages). Queries the
 * code already names (`.prepare(name)`), and plain text without parameters (transaction control,
 * migrations, several statements at once), are left as they are.
 */
export function prepareStatementsOn(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (config, values, callback) => {
    if (
      typeof config === 'object' &&
      config !== null &&
      typeof (config as pg.QueryConfig).text === 'string' &&
      (config as pg.QueryConfig).name === undefined &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const name = statementName((config as pg.QueryConfig).text);
      if (name) return query({ ...config, name }, values, callback);
    }
    return query(config, values, callback);
  };
}
