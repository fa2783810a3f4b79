import { adminRoles } from '@letsema/domain';
import { randomUUID } from 'node:crypto';
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
  uniqueEmail,
  type TestContext,
} from '../../test/app.js';
import { testEngine } from '../../test/database.js';
import { joinOk } from '../../test/investing.js';
import { seedOpenPool } from '../../test/pools.js';
import { uploadFile } from '../../test/seed.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { insertAccount } from './accounts.js';
import type { Executor } from './client.js';
import { cooperatives, DEFAULT_COOPERATIVE_ID } from './schema.js';
import { APP_ROLE } from './scope.js';

/**
 * Two cooperatives on one installation: A, the installation's first, and B. The wall is row-level
 * security for the app's database role (migration 0029, db/scope.ts).
 */
let t: TestContext;
let B: string;
/** Rows of B, made through the API by B's own people. */
const ofB = { admin: '', member: '', pool: '', membership: '', file: '', poolName: 'Walled Harvest Pool' };
let adminOfB = '';
let adminOfA = '';
let memberOfA = '';

const rowsOf = async (db: Executor, query: ReturnType<typeof sql>) =>
  (await db.execute<Record<string, unknown>>(query)).rows;

/** The tables the wall covers: each with `cooperative_id`, and `cooperatives` by its id. */
async function walledTables(db: Executor) {
  const rows = await rowsOf(
    db,
    sql`select c.table_name as name, 'cooperative_id' as key from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and c.column_name = 'cooperative_id' and t.table_type = 'BASE TABLE'
        union all select 'cooperatives', 'id' order by 1`,
  );
  return rows as { name: string; key: string }[];
}

beforeAll(async () => {
  t = await createTestApp();
  const [made] = await t.db
    .insert(cooperatives)
    .values({ name: 'Walled Savings Club', slug: `walled-${Date.now()}` })
    .returning({ id: cooperatives.id });
  B = made!.id;
  const admin = await insertAccount(
    t.db,
    { email: uniqueEmail('admin-b'), passwordHash: await hashPassword(TEST_PASSWORD) },
    {
      cooperativeId: B,
      fullName: 'Admin of B',
      isAdmin: true,
      isSuperAdmin: true,
      adminRoles: [...adminRoles],
      registrationStatus: 'active',
    },
  );
  const member = await seedActiveMember(t.db, { cooperativeId: B, fullName: 'Member of B' });
  ofB.admin = admin!.id;
  ofB.member = member.id;
  adminOfA = await login(t.app, (await seedAdmin(t.db, { superAdmin: true })).email);
  memberOfA = await login(t.app, (await seedActiveMember(t.db)).email);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe(`the wall between cooperatives in the database (${testEngine})`, () => {
  it('forces row-level security with the wall on every table of a cooperative', async () => {
    const tables = await walledTables(t.db);
    expect(tables.length).toBeGreaterThan(30);
    const secured = await rowsOf(
      t.db,
      sql`select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
            exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname
                    and p.policyname = 'cooperative_wall' and ${APP_ROLE} = any(p.roles)) as walled
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'`,
    );
    const byName = new Map(secured.map((row) => [row.name as string, row]));
    const unwalled = tables
      .filter(({ name }) => {
        const row = byName.get(name);
        return !row?.enabled || !row.forced || !row.walled;
      })
      .map(({ name }) => name);
    expect(unwalled, 'tables of a cooperative without the wall').toEqual([]);
  });

  it("shows the app's role nothing of another cooperative and lets it write nothing there", async () => {
    const tables = await walledTables(t.db);
    const [noticeOfB] = await rowsOf(
      t.db,
      sql`insert into notifications (cooperative_id, user_id, category, title, message)
          values (${B}, ${ofB.member}, 'registration', 'Of B', 'For B only') returning id`,
    );
    await t.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
      await tx.execute(sql`select set_config('app.cooperative_id', ${DEFAULT_COOPERATIVE_ID}, true)`);
      for (const { name, key } of tables) {
        const [seen] = await rowsOf(
          tx,
          sql`select count(*)::int as n from ${sql.identifier(name)} where ${sql.identifier(key)} is distinct from ${DEFAULT_COOPERATIVE_ID}`,
        );
        expect(seen!.n, `rows of another cooperative seen in ${name}`).toBe(0);
      }
      const [seenB] = await rowsOf(tx, sql`select count(*)::int as n from users where cooperative_id = ${B}`);
      expect(seenB!.n).toBe(0);
      const { rows: changed } = await tx.execute(
        sql`update notifications set is_read = true where id = ${noticeOfB!.id as string} returning id`,
      );
      expect(changed).toEqual([]);
      await tx.execute(sql`savepoint refused`);
      await expect(
        tx.execute(
          sql`insert into notifications (cooperative_id, user_id, category, title, message) values (${B}, ${ofB.member}, 'registration', 'x', 'y')`,
        ),
      ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
      await tx.execute(sql`rollback to savepoint refused`);
      // Without a cooperative set it sees nothing at all.
      await tx.execute(sql`select set_config('app.cooperative_id', '', true)`);
      const [none] = await rowsOf(tx, sql`select count(*)::int as n from users`);
      expect(none!.n).toBe(0);
    });
  });
});

describe(`numbers per cooperative (${testEngine})`, () => {
  it('counts entry numbers in each cooperative on its own, from 1 in a new one', async () => {
    const entry = (cooperative: string) =>
      t.db.transaction(async (tx) => {
        const [made] = await rowsOf(
          tx,
          sql`insert into journal_entries (cooperative_id, effective_date, period, kind, description, source_type, source_id)
              values (${cooperative}, '2026-11-02', '2026-11', 'adjustment', 'Numbering', 'numbering', ${randomUUID()})
              returning id, number`,
        );
        await tx.execute(
          sql`insert into journal_lines (cooperative_id, entry_id, account, amount_cents)
              values (${cooperative}, ${made!.id as string}, 'bank', 100), (${cooperative}, ${made!.id as string}, 'expenses', -100)`,
        );
        return Number(made!.number);
      });
    const [fresh] = await t.db
      .insert(cooperatives)
      .values({ name: 'Numbered Club', slug: `numbered-${Date.now()}` })
      .returning({ id: cooperatives.id });
    expect(await entry(fresh!.id)).toBe(1);
    expect(await entry(fresh!.id)).toBe(2);
    const inA = await entry(DEFAULT_COOPERATIVE_ID);
    expect(await entry(fresh!.id)).toBe(3);
    expect(await entry(DEFAULT_COOPERATIVE_ID)).toBe(inA + 1);
    // Ten at once in one cooperative: each takes its own number, none waits for another's commit.
    const many = await Promise.all(Array.from({ length: 10 }, () => entry(fresh!.id)));
    expect([...many].sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });
});

describe.runIf(testEngine === 'postgres')('the wall between cooperatives, through the app', () => {
  const call = (method: string, url: string, token: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers: bearer(token), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    adminOfB = await login(
      t.app,
      (await rowsOf(t.db, sql`select email from users where id = ${ofB.admin}`))[0]!.email as string,
    );
    const memberOfB = await login(
      t.app,
      (await rowsOf(t.db, sql`select email from users where id = ${ofB.member}`))[0]!.email as string,
    );
    const pool = await seedOpenPool(t.app, adminOfB, { name: ofB.poolName });
    ofB.pool = pool.id;
    ofB.membership = (await joinOk(t.app, memberOfB, pool, 2)).id;
    ofB.file = await uploadFile(t.app, memberOfB, 'proof-of-payment');
  }, 120_000);

  it("writes a cooperative's rows into its own cooperative, and its admin sees them", async () => {
    const [pool] = await rowsOf(t.db, sql`select cooperative_id from pools where id = ${ofB.pool}`);
    expect(pool!.cooperative_id).toBe(B);
    const [membership] = await rowsOf(t.db, sql`select cooperative_id from memberships where id = ${ofB.membership}`);
    expect(membership!.cooperative_id).toBe(B);
    const pools = dataOf<{ id: string }[]>(await call('GET', '/api/pools', adminOfB));
    expect(pools.map((p) => p.id)).toContain(ofB.pool);
  });

  it('lists and counts nothing of another cooperative for its admin or member', async () => {
    const secrets = [ofB.pool, ofB.membership, ofB.member, ofB.admin, ofB.poolName, 'Member of B'];
    const described = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body) as {
      paths: Record<string, Record<string, unknown>>;
    };
    let reads = 0;
    for (const [template, methods] of Object.entries(described.paths)) {
      if (template.includes('{') || !('get' in methods)) continue;
      for (const token of [adminOfA, memberOfA]) {
        const response = await call('GET', template, token);
        reads += 1;
        for (const secret of secrets) {
          expect(response.body.includes(secret), `GET ${template} shows ${secret}`).toBe(false);
        }
      }
    }
    expect(reads).toBeGreaterThan(40);
  }, 300_000);
  it("answers every call of another cooperative's people with B's ids as not found, reading and changing nothing of B", async () => {
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all(
          // The outbox's own job sends B's mails meanwhile.
          (await walledTables(t.db))
            .filter(({ name }) => name !== 'email_outbox')
            .map(async ({ name, key }) =>
              rowsOf(
                t.db,
                sql`select * from ${sql.identifier(name)} where ${sql.identifier(key)} = ${B} order by 1, 2`,
              ),
            ),
        ),
      );
    const before = await snapshot();
    const { paths } = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const idsOfB = [ofB.admin, ofB.member, ofB.pool, ofB.membership];
    const secrets = [...idsOfB, ofB.poolName, 'Member of B', 'Admin of B'];
    let calls = 0;
    let notFound = 0;
    for (const [template, methods] of Object.entries(paths)) {
      if (!template.includes('{')) continue;
      for (const method of Object.keys(methods)) {
        for (const id of idsOfB) {
          const url = template.replace(/\{[^}]+\}/g, id);
          for (const token of [adminOfA, memberOfA]) {
            const response = await call(method.toUpperCase(), url, token, method === 'get' ? undefined : {});
            calls += 1;
            for (const secret of secrets) {
              expect(response.body.includes(secret), `${method} ${url} shows ${secret}`).toBe(false);
            }
            // B's id is answered exactly as an id that exists nowhere.
            const nowhere = randomUUID();
            const unknown = await call(
              method.toUpperCase(),
              template.replace(/\{[^}]+\}/g, nowhere),
              token,
              method === 'get' ? undefined : {},
            );
            const answer = (body: string, key: string) => body.replaceAll(key, 'ID').replace(/"requestId":"[^"]*"/, '');
            // A call counted against a limit (joining by a link) may reach it between the two.
            if (response.statusCode !== 429 && unknown.statusCode !== 429) {
              expect(`${response.statusCode} ${answer(response.body, id)}`, `${method} ${url}`).toBe(
                `${unknown.statusCode} ${answer(unknown.body, nowhere)}`,
              );
            }
            if (response.statusCode === 404) notFound += 1;
          }
        }
      }
    }
    // The file of B, by its own address.
    for (const token of [adminOfA, memberOfA]) {
      expect((await call('GET', ofB.file, token)).statusCode).toBe(404);
    }
    expect(calls).toBeGreaterThan(100);
    expect(await snapshot()).toBe(before);
    expect(notFound).toBeGreaterThan(50);
  }, 300_000);
  it('runs each daily job walled in each open cooperative in turn', async () => {
    t.app.maintenance.addDailyJob('wall-probe', async () => {
      const [seen] = await rowsOf(
        t.db,
        sql`select current_setting('app.cooperative_id', true) as cooperative, current_user as role,
                   (select count(distinct cooperative_id)::int from users) as cooperatives`,
      );
      return seen;
    });
    const report = await t.app.maintenance.run();
    const probes = report.jobs!['wall-probe'] as Record<string, unknown>;
    for (const cooperative of [DEFAULT_COOPERATIVE_ID, B]) {
      expect(probes[cooperative]).toEqual({ cooperative, role: APP_ROLE, cooperatives: 1 });
    }
  });
});
