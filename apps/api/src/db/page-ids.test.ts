import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from './client.js';
import { idsOfPage, pagedList } from './page-ids.js';
import { users } from './schema.js';

describe('a list read a page at a time', () => {
  let database: Database;
  const emails = ['page.a@example.com', 'page.b@example.com', 'page.c@example.com', 'page.d@example.com'];
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(users).values(
      emails.map((email, i) => ({
        email,
        fullName: `Page ${i}`,
        registrationStatus: 'pending_kyc' as const,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
  });
  afterAll(async () => {
    await database?.close();
  });

  it('reads the ids of a page by its offset, then only the rows that are still in the list', async () => {
    const { db } = database;
    const waiting = sql`${users.registrationStatus} = 'pending_kyc' and ${users.email} like 'page.%'`;
    const list = pagedList(db, 'test_page_ids', {
      table: users,
      id: users.id,
      where: waiting,
      order: [asc(users.createdAt)],
    });
    const rowsOf = (ids: string[]) =>
      db
        .select({ email: users.email })
        .from(users)
        .where(list.onPage)
        .orderBy(asc(users.createdAt))
        .prepare('test_page_rows')
        .execute({ ids });

    const second = await idsOfPage(list, { page: 2, limit: 2 });
    expect((await rowsOf(second)).map((row) => row.email)).toEqual(['page.c@example.com', 'page.d@example.com']);

    // Decided between the two statements: its id was read, its row is not.
    await db.update(users).set({ registrationStatus: 'active' }).where(eq(users.email, 'page.c@example.com'));
    expect((await rowsOf(second)).map((row) => row.email)).toEqual(['page.d@example.com']);
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, ['page.a@example.com']));
    expect(await idsOfPage(list, { page: 1, limit: 2 })).toEqual([other!.id, expect.any(String)]);
  });
});
