import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  seedActiveMember,
  seedAdmin,
  TEST_PASSWORD,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { joinOk } from '../../../test/investing.js';
import { seedOpenPool } from '../../../test/pools.js';
import { DIRECTORY_COUNT_CAP } from './service.js';

let t: TestContext;
let reviewer: string;
beforeAll(async () => {
  t = await createTestApp();
  reviewer = await login(t.app, (await seedAdmin(t.db, { roles: ['member_management'] })).email);
});
afterAll(async () => {
  await t?.close();
});

const countMembers = async () => {
  const [row] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from users where is_admin = false`))
    .rows;
  return row!.n;
};
const get = (url: string, token = reviewer) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: object, token = reviewer) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

interface Page {
  items: { id: string; fullName: string; email: string }[];
  total: number;
}

describe(`the members directory (${testEngine})`, () => {
  it('finds members by name, e-mail, phone and the last four digits of the ID number, paged and sorted', async () => {
    const zanele = await seedActiveMember(t.db, {
      fullName: 'Zanele Directory',
      nationalId: '9001015800081',
      phoneNumber: '0827770001',
    });
    await seedActiveMember(t.db, { fullName: 'Amahle Directory', nationalId: '9202025800082' });
    const byName = dataOf<Page>(await get('/api/admin/members?search=directory&sort=name&order=asc'));
    expect(byName.items.map((item) => item.fullName)).toEqual(['Amahle Directory', 'Zanele Directory']);
    expect(byName.total).toBe(2);
    expect(dataOf<Page>(await get('/api/admin/members?search=0081')).items.map((item) => item.id)).toEqual([zanele.id]);
    // Not the whole ID number, nor a part of it other than the end.
    expect(dataOf<Page>(await get('/api/admin/members?search=9001015800081')).items).toEqual([]);
    expect(dataOf<Page>(await get('/api/admin/members?search=0827770001')).items.map((item) => item.id)).toEqual([
      zanele.id,
    ]);
    expect(dataOf<Page>(await get(`/api/admin/members?search=${encodeURIComponent(zanele.email)}`)).total).toBe(1);
    const paged = dataOf<Page>(await get('/api/admin/members?search=directory&sort=name&order=asc&limit=1&page=2'));
    expect(paged.items.map((item) => item.fullName)).toEqual(['Zanele Directory']);
    expect((await get('/api/admin/members?limit=1000')).statusCode).toBe(400);

    // Filtered by pool: only members with a live membership in it.
    const manager = await login(t.app, (await seedAdmin(t.db, { roles: ['investment_management'] })).email);
    const pool = await seedOpenPool(t.app, manager);
    await joinOk(t.app, await login(t.app, zanele.email), pool, 1, 'once');
    const inPool = dataOf<Page>(await get(`/api/admin/members?poolId=${pool.id}`));
    expect(inPool.items.map((item) => item.id)).toEqual([zanele.id]);

    // Each item as the directory shows it: the pools held with what was paid, in rand to the cent.
    const [created] = (
      await t.db.execute<{ at: string }>(
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at from users where id = ${zanele.id}`,
      )
    ).rows;
    for (const [cents, rand] of [
      [98765, 987.65],
      [30, 0.3],
      [0, 0],
    ] as const) {
      await t.db.execute(sql`update memberships set total_paid_cents = ${cents} where user_id = ${zanele.id}`);
      const [item] = dataOf<Page>(await get(`/api/admin/members?poolId=${pool.id}`)).items;
      expect(item).toEqual({
        id: zanele.id,
        fullName: 'Zanele Directory',
        email: zanele.email,
        phoneNumber: '0827770001',
        registrationStatus: 'active',
        accountStatus: 'active',
        // Milliseconds cut, not rounded, as JavaScript writes a date.
        createdAt: `${created!.at.slice(0, 23)}Z`,
        pools: [{ name: pool.name, status: 'pending', totalPaid: rand }],
      });
    }
  });

  it('sorts and pages the whole directory, unfiltered, in every order, with its total', async () => {
    for (const name of ['Unfiltered Bravo', 'Unfiltered Alpha', 'Unfiltered Charlie']) {
      await seedActiveMember(t.db, { fullName: name });
    }
    const ours = (page: Page) =>
      page.items.map((item) => item.fullName).filter((name) => name?.startsWith('Unfiltered'));
    const ascending = dataOf<Page>(await get('/api/admin/members?sort=name&order=asc&limit=100'));
    expect(ours(ascending)).toEqual(['Unfiltered Alpha', 'Unfiltered Bravo', 'Unfiltered Charlie']);
    const descending = dataOf<Page>(await get('/api/admin/members?sort=name&order=desc&limit=100'));
    expect(ours(descending)).toEqual(['Unfiltered Charlie', 'Unfiltered Bravo', 'Unfiltered Alpha']);
    const newestFirst = dataOf<Page>(await get('/api/admin/members?limit=100'));
    expect(ours(newestFirst)).toEqual(['Unfiltered Charlie', 'Unfiltered Alpha', 'Unfiltered Bravo']);

    const [members] = (
      await t.db.execute<{ n: number }>(sql`select count(*)::int as n from users where is_admin = false`)
    ).rows;
    expect(ascending.total).toBe(members!.n);
    const second = dataOf<Page>(await get('/api/admin/members?sort=name&order=asc&limit=1&page=2'));
    expect(second.items.map((item) => item.id)).toEqual([ascending.items[1]!.id]);
    expect(second.total).toBe(members!.n);
  });

  it('answers every change to a page of the whole directory, however it was made', async () => {
    const first = await seedActiveMember(t.db, { fullName: 'Aaaaa Kept One' });
    const second = await seedActiveMember(t.db, { fullName: 'Aaaaa Kept Two' });
    type Held = Page & { items: { pools: { name: string; status: string }[] }[] };
    const page = async () => {
      const reads = [];
      for (let again = 0; again < 2; again += 1) {
        reads.push(dataOf<Held>(await get('/api/admin/members?sort=name&order=asc&limit=2')));
      }
      expect(reads[1]).toEqual(reads[0]);
      return reads[0]!;
    };
    const before = await page();
    expect(before.items.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(before.total).toBe(await countMembers());

    // Written straight to the database, as another instance of the server would.
    await t.db.execute(sql`update users set full_name = 'Aaaaa Kept Renamed' where id = ${second.id}`);
    expect((await page()).items.map((item) => item.fullName)).toEqual(['Aaaaa Kept One', 'Aaaaa Kept Renamed']);
    const manager = await login(t.app, (await seedAdmin(t.db, { roles: ['investment_management'] })).email);
    const pool = await seedOpenPool(t.app, manager, { name: 'Held by the first' });
    await joinOk(t.app, await login(t.app, first.email), pool, 1);
    expect((await page()).items[0]!.pools).toEqual([expect.objectContaining({ name: 'Held by the first' })]);
    await t.db.execute(sql`update pools set name = 'Renamed while held' where id = ${pool.id}`);
    expect((await page()).items[0]!.pools).toEqual([expect.objectContaining({ name: 'Renamed while held' })]);
    // A member who joins past this page changes only its total.
    await t.db.execute(sql`with login as (insert into logins (email) values ('kept.total@example.com') returning *)
      insert into users (email, login_id, full_name, registration_status)
      select email, id, 'Zzzzz Kept Total', 'active' from login`);
    const after = await page();
    expect(after.items.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(after.total).toBe(before.total + 1);
  });

  it('suspends a member with a reason: their session ends, sign-in says why, and the trail shows it', async () => {
    const member = await seedActiveMember(t.db, { fullName: 'Suspended Soon' });
    const token = await login(t.app, member.email);
    expect((await post(`/api/admin/members/${member.id}/suspend`, { reason: 'no' })).statusCode).toBe(400);
    const suspended = await post(`/api/admin/members/${member.id}/suspend`, {
      reason: 'Documents found to be forged.',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(dataOf<{ accountStatus: string }>(suspended).accountStatus).toBe('suspended');
    expect((await get('/api/auth/me', token)).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);
    expect(JSON.parse(signIn.body).error).toBe(
      'This account has been suspended. Please contact the cooperative if you think this is a mistake.',
    );
    expect(
      dataOf<Page>(await get('/api/admin/members?accountStatus=suspended')).items.map((item) => item.id),
    ).toContain(member.id);

    await post(`/api/admin/members/${member.id}/reactivate`, { reason: 'The documents were checked again.' });
    const page = dataOf<{ accountStatus: string; auditTrail: { action: string }[] }>(
      await get(`/api/admin/members/${member.id}`),
    );
    expect(page.accountStatus).toBe('active');
    expect(page.auditTrail.map((row) => row.action).filter((action) => action.startsWith('member.'))).toEqual([
      'member.reactivate',
      'member.suspend',
    ]);
    // The refused sign-in is in the member's trail too.
    expect(page.auditTrail.map((row) => row.action)).toContain('auth.sign_in');
    expect(
      (await post(`/api/admin/members/${member.id}/reactivate`, { reason: 'Again for no reason.' })).statusCode,
    ).toBe(409);
  });

  it('counts a search up to its cap and says so past it, while the whole directory counts exactly', async () => {
    await t.db.execute(
      sql.raw(`with made as (
          insert into logins (email)
          select 'capped.' || g || '@example.com' from generate_series(1, ${DIRECTORY_COUNT_CAP + 1}) g returning *
        )
        insert into users (email, login_id, full_name, registration_status)
        select email, id, 'Capped Count ' || split_part(split_part(email, '@', 1), '.', 2), 'active' from made`),
    );
    const searched = dataOf<Page & { totalIsCapped: boolean }>(await get('/api/admin/members?search=Capped&limit=5'));
    expect(searched.total).toBe(DIRECTORY_COUNT_CAP);
    expect(searched.totalIsCapped).toBe(true);
    expect(searched.items).toHaveLength(5);
    const few = dataOf<Page & { totalIsCapped: boolean }>(
      await get('/api/admin/members?search=Capped%20Count%2010001'),
    );
    expect(few.total).toBe(1);
    expect(few.totalIsCapped).toBe(false);
    const all = dataOf<Page & { totalIsCapped: boolean }>(await get('/api/admin/members?limit=5'));
    expect(all.total).toBe(await countMembers());
    expect(all.total).toBeGreaterThan(DIRECTORY_COUNT_CAP);
    expect(all.totalIsCapped).toBe(false);
  });

  it("keeps the whole directory's total in step as members join, become staff, and are removed", async () => {
    const total = async () => dataOf<Page>(await get('/api/admin/members?limit=1')).total;
    const before = await countMembers();
    expect(await total()).toBe(before);
    await t.db.execute(
      sql.raw(`with made as (
          insert into logins (email) select 'in-step.' || g || '@example.com' from generate_series(1, 3) g returning *
        )
        insert into users (email, login_id, registration_status) select email, id, 'active' from made`),
    );
    await seedActiveMember(t.db, { fullName: 'In Step One' });
    expect(await total()).toBe(before + 4);
    // An update that changes nothing about who is a member leaves the count alone.
    await t.db.execute(sql`update users set full_name = 'In Step' where email like 'in-step.%'`);
    expect(await total()).toBe(before + 4);
    await t.db.execute(
      sql`update users set is_admin = true where email in ('in-step.1@example.com', 'in-step.2@example.com')`,
    );
    expect(await total()).toBe(before + 2);
    await t.db.execute(sql`update users set is_admin = false where email = 'in-step.2@example.com'`);
    await t.db.execute(sql`delete from users where email in ('in-step.1@example.com', 'in-step.3@example.com')`);
    expect(await total()).toBe(before + 2);
    expect(await total()).toBe(await countMembers());
  });

  it('answers 404 for an admin or an unknown id, and 403 to admins without member management', async () => {
    const other = await seedAdmin(t.db, { roles: ['payment_management'] });
    expect((await get(`/api/admin/members/${other.id}`)).statusCode).toBe(404);
    expect((await get('/api/admin/members/not-an-id')).statusCode).toBe(404);
    expect((await get('/api/admin/members', await login(t.app, other.email))).statusCode).toBe(403);
  });
});
