/**
 * Measures the bell's unread count, `GET /api/notifications/unread-count`, through the whole app
 * (token check, session lookup, service, envelope) against a bare Fastify route that runs the same
 * count with the raw database client. Both run in the same process on the same seeded database
 * (10 000 members, 1 000 000 notifications), on PGlite and, when one answers, on PostgreSQL.
 *
 *   npm run bench
 *   BENCH_DATABASE_URL=postgres://user@host/db npm run bench   (any database the user may create databases from)
 *   BENCH_DURATION=20 BENCH_CONNECTIONS=20 npm run bench
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { sessions } from '../src/db/schema.js';
import { signToken, TOKEN_LIFETIME_SECONDS, verifyToken } from '../src/modules/auth/tokens.js';

const MEMBERS = readInt('BENCH_MEMBERS', 10_000);
const NOTIFICATIONS = readInt('BENCH_NOTIFICATIONS', 1_000_000);
const DURATION_SECONDS = readInt('BENCH_DURATION', 10);
const WARMUP_SECONDS = readInt('BENCH_WARMUP', 3);
const CONNECTIONS = readInt('BENCH_CONNECTIONS', 10);
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_RATIO = 0.8;
const REFERENCE = 'bare route, raw driver, count only';
const BY_HAND = 'bare route, raw driver, token + session + count';
const APP_TARGET = 'GET /api/notifications/unread-count';

const COUNT_SQL = 'select count(*)::int as count from notifications where user_id = $1 and is_read = false';
// What the sign-in guard checks, written by hand: the session is live and its account active.
const SESSION_SQL = `select u.* from sessions s join users u on u.id = s.user_id
  where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > $3 limit 1`;

interface Measurement {
  engine: string;
  target: string;
  requestsPerSecond: number;
  p99Ms: number;
  count: number;
}

interface Engine {
  name: 'pglite' | 'postgres';
  database: Database;
  /** Runs SQL with the driver itself, no query builder. */
  query<T>(text: string, params: unknown[]): Promise<T[]>;
  dispose(): Promise<void>;
}

async function main() {
  const results: Measurement[] = [];
  const engines: (() => Promise<Engine>)[] = [openPglite];
  const postgresUrl = await findPostgres();
  if (postgresUrl) engines.push(() => openPostgres(postgresUrl));
  else console.log('PostgreSQL: none answered (set BENCH_DATABASE_URL to include it)');

  for (const open of engines) {
    const engine = await open();
    let disposing: Promise<void> | undefined;
    const dispose = () => (disposing ??= engine.dispose());
    // Interrupted, the throwaway database is still dropped.
    const interrupt = () => void dispose().finally(() => process.exit(130));
    process.once('SIGINT', interrupt);
    try {
      results.push(...(await benchEngine(engine)));
    } finally {
      process.off('SIGINT', interrupt);
      await dispose();
    }
  }
  printTable(results);
}

async function benchEngine(engine: Engine): Promise<Measurement[]> {
  const { db } = engine.database;
  console.log(`\n${engine.name}: seeding ${MEMBERS} members and ${NOTIFICATIONS} notifications`);
  const started = Date.now();
  await seed(engine.database);
  console.log(`${engine.name}: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const [member] = (
    await db.execute<{ id: string }>(sql`select id from users where email = 'bench.member.0@example.com'`)
  ).rows;
  const userId = member!.id;
  const secret = randomBytes(32).toString('hex');
  const [session] = await db
    .insert(sessions)
    .values({ userId, expiresAt: new Date(Date.now() + TOKEN_LIFETIME_SECONDS * 1000) })
    .returning({ id: sessions.id });
  const jwtSecret = new TextEncoder().encode(secret);
  const token = await signToken(jwtSecret, { userId, sessionId: session!.id });

  const dataDir = mkdtempSync(path.join(tmpdir(), 'letsema-bench-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, JWT_SECRET: secret, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db }, { webDist: false });
  await app.ready();
  await app.outbox.stop();
  const rawCount = async (id: string) => (await engine.query<{ count: number }>(COUNT_SQL, [id]))[0]!.count;
  const bare = Fastify({ logger: false });
  bare.get('/unread-count', async () => ({ count: await rawCount(userId) }));
  // The same work as the app's call, by hand: check the token and the session, then count.
  bare.get('/signed-in/unread-count', async (request, reply) => {
    const claims = await verifyToken(jwtSecret, request.headers.authorization?.slice('Bearer '.length) ?? '');
    const [user] = claims
      ? await engine.query<{ id: string; account_status: string }>(SESSION_SQL, [
          claims.sessionId,
          claims.userId,
          new Date(),
        ])
      : [];
    if (!user || user.account_status !== 'active') return reply.code(401).send({ error: 'Please sign in' });
    return { count: await rawCount(user.id) };
  });

  try {
    const appUrl = `${await listen(app)}/api/notifications/unread-count`;
    const bareBase = await listen(bare);
    const headers = { authorization: `Bearer ${token}` };
    const expected = await rawCount(userId);
    const fromApp = (await (await fetch(appUrl, { headers })).json()) as { data: { count: number } };
    if (fromApp.data.count !== expected)
      throw new Error(`The app counted ${fromApp.data.count}, the bare route ${expected}`);
    const plan = await engine.query<{ 'QUERY PLAN': string }>(`explain ${COUNT_SQL}`, [userId]);
    console.log(`${engine.name}: count plan: ${plan.map((row) => row['QUERY PLAN'].trim()).join(' / ')}`);

    const targets = [
      { target: REFERENCE, url: `${bareBase}/unread-count`, headers: {} },
      { target: BY_HAND, url: `${bareBase}/signed-in/unread-count`, headers },
      { target: APP_TARGET, url: appUrl, headers },
    ];
    for (const t of targets) await load(t.url, t.headers, WARMUP_SECONDS);
    const measured: Measurement[] = [];
    for (const t of targets) {
      const result = await load(t.url, t.headers, DURATION_SECONDS);
      measured.push({ engine: engine.name, target: t.target, ...result, count: expected });
      console.log(`${engine.name}: ${t.target}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms`);
    }
    return measured;
  } finally {
    await app.close();
    await bare.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Bulk seed in a few statements: members, then notifications spread evenly, a fifth of them unread. */
async function seed(database: Database) {
  const { db } = database;
  await db.execute(
    sql.raw(`
      insert into users (email, full_name, registration_status)
      select 'bench.member.' || g || '@example.com', 'Bench Member ' || g, 'active'
      from generate_series(0, ${MEMBERS - 1}) g
    `),
  );
  await db.execute(
    sql.raw(`
      insert into notifications (user_id, title, message, category, is_read, created_at)
      select m.id, 'Payment approved', 'Your payment of R 500.00 was approved.',
             (array['registration', 'pool', 'payment', 'profit'])[1 + g % 4],
             g % 5 <> 0,
             now() - make_interval(mins => g / ${MEMBERS})
      from generate_series(0, ${NOTIFICATIONS - 1}) g
      join (
        select id, split_part(split_part(email, '@', 1), '.', 3)::int as n
        from users where email like 'bench.member.%'
      ) m on m.n = g % ${MEMBERS}
    `),
  );
  // Fresh statistics and visibility map, as autovacuum would leave a table that has settled.
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze notifications`);
}

async function load(url: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, workers: 1 });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

async function listen(server: FastifyInstance): Promise<string> {
  return server.listen({ port: 0, host: '127.0.0.1' });
}

async function openPglite(): Promise<Engine> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return {
    name: 'pglite',
    database,
    async query<T>(text: string, params: unknown[]) {
      return (await client.query<T>(text, params)).rows;
    },
    dispose: () => database.close(),
  };
}

async function openPostgres(adminUrl: string): Promise<Engine> {
  const name = `letsema_bench_${randomBytes(6).toString('hex')}`;
  await runAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let database: Database | undefined;
  try {
    database = await openDatabase({ url: url.toString() });
  } catch (error) {
    await runAdmin(adminUrl, `drop database if exists ${name} with (force)`);
    throw error;
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const opened = database;
  return {
    name: 'postgres',
    database: opened,
    async query<T>(text: string, params: unknown[]) {
      return (await pool.query(text, params)).rows as T[];
    },
    async dispose() {
      // Dropped first, with force: a query still running (an interrupted seed) is ended with it.
      await runAdmin(adminUrl, `drop database if exists ${name} with (force)`);
      await opened.close().catch(() => undefined);
    },
  };
}

/** The PostgreSQL server to measure on: the one named, else the local test server if it answers. */
async function findPostgres(): Promise<string | undefined> {
  const named = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (named) return named;
  const client = new pg.Client({ connectionString: DEFAULT_POSTGRES_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return DEFAULT_POSTGRES_URL;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function runAdmin(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function printTable(results: Measurement[]) {
  const percentOf = (r: Measurement, target: string) => {
    const reference = results.find((x) => x.engine === r.engine && x.target === target);
    if (!reference || reference === r || r.target === REFERENCE) return '';
    const ratio = r.requestsPerSecond / reference.requestsPerSecond;
    return `${(ratio * 100).toFixed(0)}%${target === REFERENCE && ratio < TARGET_RATIO ? ' (<80%)' : ''}`;
  };
  const rows = results.map((r) => [
    r.engine,
    r.target,
    Math.round(r.requestsPerSecond).toString(),
    r.p99Ms.toFixed(1),
    percentOf(r, REFERENCE),
    r.target === APP_TARGET ? percentOf(r, BY_HAND) : '',
  ]);
  const header = ['engine', 'target', 'req/s', 'p99 ms', 'of count only', 'of same work by hand'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(
    `\nUnread count: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each; ${MEMBERS} members, ${NOTIFICATIONS} notifications`,
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

function readInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
  return value;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
