import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from './client.js';
import { pagedList, pageId, pageOrder, pageReader } from './page-ids.js';
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
    const page = pageReader(db, 'test_page_rows', {
      emails: list.json(
        db
          .select({ n: pageOrder, view: sql`${users.email}`.as('view') })
          .from(list.ids)
          .innerJoin(users, eq(users.id, pageId)),
      ),
    });
    const emailsOn = async (query: { page: number; limit: number }) =>
      JSON.parse((await page(query))!.emails) as string[];

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

  it('answers pages asked for at the same time each with its own page', async () => {
    const { db } = database;
    const list = pagedList({
      table: users,
      id: users.id,
      where: sql`${users.email} like 'page.%'`,
      order: [asc(users.email)],
    });
    const page = pageReader(db, 'test_pages_together', {
      emails: list.json(
        db
          .select({ n: pageOrder, view: sql`${users.email}`.as('view') })
          .from(list.ids)
          .innerJoin(users, eq(users.id, pageId)),
      ),
      asked: sql<number>`r."limit"`,
    });
    const asked = [
      { page: 1, limit: 1 },
      { page: 2, limit: 2 },
      { page: 9, limit: 2 },
      { page: 1, limit: 1 },
    ];
    const pages = await Promise.all(asked.map((query) => page(query)));
    expect(pages.map((each) => ({ ...each, emails: JSON.parse(each!.emails) as string[] }))).toEqual([
      { emails: ['page.a@example.com'], asked: 1 },
      { emails: ['page.c@example.com', 'page.d@example.com'], asked: 2 },
      { emails: [], asked: 2 },
      { emails: ['page.a@example.com'], asked: 1 },
    ]);
  });
});
