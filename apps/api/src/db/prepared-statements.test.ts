import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '../../test/database.js';
import type { Database } from './client.js';
import { createStatementNamer } from './prepared-statements.js';
import { users } from './schema.js';

describe('statement names', () => {
  it('gives a text the same name every time, and different texts different names', () => {
    const statementName = createStatementNamer();
    const first = statementName('select 1 where $1::int = 1 -- a');
    expect(first).toMatch(/^letsema_q\d+$/);
    expect(statementName('select 1 where $1::int = 1 -- a')).toBe(first);
    expect(statementName('select 1 where $1::int = 1 -- b')).not.toBe(first);
  });

  it('stops naming new texts past the cap, and keeps the names it gave', () => {
    const statementName = createStatementNamer(10);
    const kept = statementName('select 2 where $1::int = 2');
    for (let i = 0; i < 10; i += 1) statementName(`select ${i} where $1::int = ${i} -- fill`);
    expect(statementName('select 3 where $1::int = 3 -- after the cap')).toBeUndefined();
    expect(statementName('select 2 where $1::int = 2')).toBe(kept);
  });
});

describe.runIf(testEngine === 'postgres')('prepared statements on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('prepares a parameterised query once per connection and runs it again by name', async () => {
    await database.db.transaction(async (tx) => {
      const find = () => tx.select({ id: users.id }).from(users).where(eq(users.email, 'nobody@example.com'));
      for (let i = 0; i < 3; i += 1) expect(await find()).toEqual([]);
      // The same connection holds the statement, prepared once and named for the process.
      const prepared = await tx.execute<{ name: string; statement: string }>(
        sql`select name, statement from pg_prepared_statements where statement like ${'%nobody%'} or statement like ${'select "id" from "users" where "users"."email" = $1'}`,
      );
      expect(prepared.rows.map((row) => row.statement)).toContain(
        'select "id" from "users" where "users"."email" = $1',
      );
      expect(prepared.rows.every((row) => row.name.startsWith('letsema_q'))).toBe(true);
    });
  });

  it('leaves text without parameters, and several statements at once, unprepared', async () => {
    await database.db.execute(sql.raw('select 1; select 2'));
    expect((await database.db.execute(sql`select 41 + ${1} as answer`)).rows).toEqual([{ answer: 42 }]);
  });
});
