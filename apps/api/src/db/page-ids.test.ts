import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from './client.js';
import { pagedList, pagePlaceholders } from './page-ids.js';
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

  it('reads the rows of the page its limit and offset name, of the rows still in the list', async () => {
    const { db } = database;
    const waiting = sql`${users.registrationStatus} = 'pending_kyc' and ${users.email} like 'page.%'`;
    const list = pagedList({ table: users, id: users.id, where: waiting, order: [asc(users.createdAt)] });
    const page = db
      .select({ email: users.email })
      .from(users)
      .where(list.onPage)
      .orderBy(asc(users.createdAt))
      .prepare('test_page_rows');
    const emailsOn = async (query: { page: number; limit: number }) =>
      (await page.execute(pagePlaceholders(query))).map((row) => row.email);

    expect(await emailsOn({ page: 2, limit: 2 })).toEqual(['page.c@example.com', 'page.d@example.com']);
    expect(await emailsOn({ page: 1, limit: 3 })).toEqual([
      'page.a@example.com',
      'page.b@example.com',
      'page.c@example.com',
    ]);
    expect(await emailsOn({ page: 3, limit: 2 })).toEqual([]);
    // Decided: it leaves the list, and the page after it moves up.
    await db.update(users).set({ registrationStatus: 'active' }).where(eq(users.email, 'page.c@example.com'));
    expect(await emailsOn({ page: 2, limit: 2 })).toEqual(['page.d@example.com']);
    expect(await emailsOn({ page: 1, limit: 2 })).toEqual(['page.a@example.com', 'page.b@example.com']);
  });
});
