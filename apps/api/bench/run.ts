/**
 * `npm run bench`: the hot calls of the server, measured from outside, against an honest reference.
 *
 * On PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else the local server), for each size in
 * BENCH_SIZES (members; default 10 000 and 100 000, with BENCH_NOTIFICATIONS notifications spread over
 * them), it seeds a throwaway database, then starts two processes:
 *   - the reference: a bare Fastify route running the unread count with the raw driver and a prepared
 *     statement (bench/bare-server.mjs), nothing else;
 *   - the real server, built ahead of time, exactly as `npm start` runs it (NODE_ENV=production).
 * autocannon then loads each call with BENCH_CONNECTIONS connections (50), each signed in with a session
 * of its own as a person's browser is, for BENCH_DURATION seconds
 * (10) after a warm-up, and one table shows every call's rate, p99 latency and share of the reference,
 * with the CPU time per request of the answering process and, when PostgreSQL runs on this machine,
 * of PostgreSQL's processes (on a small machine the three share the cores, so both set the rate), the
 * size of its answer, and the machine's load average as the load ended (other work moves the rates).
 *
 *   npm run bench
 *   BENCH_SIZES=10000 BENCH_DURATION=5 npm run bench
 *   BENCH_PROFILE=1 npm run bench    (the server writes a CPU profile per size, to look at with DevTools)
 *   BENCH_CALLS=unread,me npm run bench    (only the calls whose names contain these words)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { seedBench } from './seed.js';

const root = path.resolve(import.meta.dirname, '../../..');
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map((s) => readWhole('BENCH_SIZES', s));
const NOTIFICATIONS = readWhole('BENCH_NOTIFICATIONS', process.env.BENCH_NOTIFICATIONS ?? '1000000');
const DURATION_SECONDS = readWhole('BENCH_DURATION', process.env.BENCH_DURATION ?? '10');
const WARMUP_SECONDS = readWhole('BENCH_WARMUP', process.env.BENCH_WARMUP ?? '3');
const CONNECTIONS = readWhole('BENCH_CONNECTIONS', process.env.BENCH_CONNECTIONS ?? '50');
const PROFILE = process.env.BENCH_PROFILE === '1';
/** Only the calls whose name contains one of these words (comma-separated), to look at one closely. */
const ONLY = (process.env.BENCH_CALLS ?? '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'bench-password-for-both-accounts';
const ADMIN_EMAIL = 'bench.admin@example.com';

/**
 * The goals: the two calls every screen makes answer at least RATE_GOAL requests a second; every
 * list page's p99 stays within P99_GOAL_MS, and at a larger size within GROWTH_GOAL times its figure
 * at the smallest.
 */
const RATE_GOAL = 1000;
const P99_GOAL_MS = 50;
const GROWTH_GOAL = 1.3;
const REFERENCE = 'bare route: unread count, prepared statement';

interface Target {
  name: string;
  path: string;
  as: 'member' | 'admin' | 'none';
  /** A call every screen makes: held to the rate goal. */
  rateGoal?: boolean;
}

const targets: Target[] = [
  {
    name: 'GET /api/notifications/unread-count',
    path: '/api/notifications/unread-count',
    as: 'member',
    rateGoal: true,
  },
  { name: 'GET /api/auth/me', path: '/api/auth/me', as: 'member', rateGoal: true },
  { name: 'GET /api/notifications (page 1)', path: '/api/notifications?page=1&limit=20', as: 'member' },
  { name: 'GET /api/pools', path: '/api/pools', as: 'member' },
  { name: 'GET /api/admin/pending-kyc (page 1)', path: '/api/admin/pending-kyc?page=1&limit=20', as: 'admin' },
  { name: 'GET /api/admin/members (page 1)', path: '/api/admin/members?page=1&limit=20', as: 'admin' },
  { name: 'GET /api/admin/members (page 50)', path: '/api/admin/members?page=50&limit=20', as: 'admin' },
  { name: 'GET /api/admin/pending-payments', path: '/api/admin/pending-payments?page=1&limit=20', as: 'admin' },
  { name: 'GET /api/admin/pool-requests', path: '/api/admin/pool-requests?page=1&limit=20', as: 'admin' },
  { name: 'GET /api/admin/dashboard/pending-counts', path: '/api/admin/dashboard/pending-counts', as: 'admin' },
  { name: 'GET /api/admin/tasks', path: '/api/admin/tasks', as: 'admin' },
];

interface Row {
  members: number;
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  /** CPU time the answering process spent per request, in microseconds (Linux only). */
  cpuMicros?: number;
  /** CPU time PostgreSQL's processes spent per request, in microseconds (Linux, a server on this machine). */
  databaseMicros?: number;
  ratio?: number;
  rateGoal?: boolean;
  /** Bytes of the answer's body, uncompressed. */
  bytes?: number;
  /** The machine's load average over the last minute when the load ended (others' work shows here). */
  load: number;
}

async function main() {
  const adminUrl = await findPostgres();
  if (!adminUrl) {
    console.log('No PostgreSQL answered (set BENCH_DATABASE_URL): the benchmark needs one for 50 connections.');
    return;
  }
  await ensureServerBuilt();
  const passwordHash = await hashPassword(PASSWORD);
  const rows: Row[] = [];
  for (const members of SIZES) rows.push(...(await benchSize(adminUrl, members, passwordHash)));
  printTable(rows);
}

async function benchSize(adminUrl: string, members: number, passwordHash: string): Promise<Row[]> {
  const name = `letsema_bench_${randomBytes(6).toString('hex')}`;
  await runAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const work = mkdtempSync(path.join(tmpdir(), 'letsema-bench-'));
  const processes: ChildProcess[] = [];
  const interrupt = () => void cleanUp().finally(() => process.exit(130));
  const cleanUp = async () => {
    for (const child of processes) await stop(child);
    rmSync(work, { recursive: true, force: true });
    await runAdmin(adminUrl, `drop database if exists ${name} with (force)`);
  };
  process.once('SIGINT', interrupt);
  try {
    const database = await openDatabase({ url: databaseUrl });
    let memberId: string;
    try {
      console.log(`\n${members} members: seeding (${NOTIFICATIONS} notifications)...`);
      const started = Date.now();
      await seedBench(database.db, { members, notifications: NOTIFICATIONS }, passwordHash);
      console.log(`${members} members: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      // The seed's writes go to disk now rather than in a checkpoint during the loads. Only a superuser
      // (or pg_checkpoint) may ask; without it PostgreSQL writes them on its own schedule.
      await database.db.execute(sql`checkpoint`).catch(() => undefined);
      const [member] = (
        await database.db.execute<{ id: string }>(sql`select id from users where email = 'bench.member.0@example.com'`)
      ).rows;
      memberId = member!.id;
    } finally {
      await database.close();
    }

    const barePort = await freePort();
    processes.push(
      await startProcess(
        [path.join(import.meta.dirname, 'bare-server.mjs')],
        { DATABASE_URL: databaseUrl, PORT: String(barePort), BENCH_USER_ID: memberId },
        `http://127.0.0.1:${barePort}/unread-count`,
      ),
    );
    const appPort = await freePort();
    const appBase = `http://127.0.0.1:${appPort}`;
    const profileDir = path.join(root, 'apps/api/bench/profiles');
    if (PROFILE) mkdirSync(profileDir, { recursive: true });
    processes.push(
      await startProcess(
        [...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), path.join(root, 'apps/api/dist/main.js')],
        {
          NODE_ENV: 'production',
          DATABASE_URL: databaseUrl,
          DATA_DIR: work,
          PORT: String(appPort),
          HOST: '127.0.0.1',
          PUBLIC_URL: appBase,
          JWT_SECRET: randomBytes(32).toString('hex'),
          MFA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
          MFA_REQUIRED_FOR_ADMINS: 'false',
          // The bench signs each account in once per connection.
          RATE_LIMIT_LOGIN_PER_IP: String(4 * CONNECTIONS),
          RATE_LIMIT_LOGIN_PER_ACCOUNT: String(2 * CONNECTIONS),
          ADMIN_EMAIL,
          ADMIN_PASSWORD: PASSWORD,
          WEB_DIST_DIR: work,
        },
        `${appBase}/api/health`,
      ),
    );

    // One session per connection, as each member's or admin's browser holds its own: requests of many
    // sessions are answered as the server's people make them, and none shares another's answer.
    const tokens = {
      member: await signInTimes(appBase, 'bench.member.0@example.com', CONNECTIONS),
      admin: await signInTimes(appBase, ADMIN_EMAIL, CONNECTIONS),
      none: [],
    };
    // Both count the same rows: the reference does the same query, not a cheaper one.
    const bareCount = ((await (await fetch(`http://127.0.0.1:${barePort}/unread-count`)).json()) as { count: number })
      .count;
    const appCount = (
      (await (
        await fetch(`${appBase}/api/notifications/unread-count`, { headers: auth(tokens.member[0]!) })
      ).json()) as {
        data: { count: number };
      }
    ).data.count;
    if (bareCount !== appCount) throw new Error(`The server counted ${appCount}, the reference ${bareCount}`);

    const loads: { name: string; url: string; tokens: string[]; pid?: number; rateGoal?: boolean }[] = [
      { name: REFERENCE, url: `http://127.0.0.1:${barePort}/unread-count`, tokens: [], pid: processes[0]!.pid },
      ...targets
        .filter((target) => ONLY.length === 0 || ONLY.some((word) => target.name.toLowerCase().includes(word)))
        .map((target) => ({
          name: target.name,
          url: `${appBase}${target.path}`,
          tokens: tokens[target.as],
          rateGoal: target.rateGoal,
          pid: processes[1]!.pid,
        })),
    ];
    const rows: Row[] = [];
    const localDatabase = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname);
    const perRequest = (before: number | undefined, after: number | undefined, requests: number) =>
      before === undefined || after === undefined
        ? undefined
        : ((after - before) * 1_000_000) / CLOCK_TICKS_PER_SECOND / requests;
    for (const target of loads) {
      await load(target.url, target.tokens, WARMUP_SECONDS);
      const cpuBefore = cpuTicks(target.pid);
      const databaseBefore = localDatabase ? postgresTicks() : undefined;
      const result = await load(target.url, target.tokens, DURATION_SECONDS);
      const cpuAfter = cpuTicks(target.pid);
      const databaseAfter = localDatabase ? postgresTicks() : undefined;
      const loadAverage = loadavg()[0]!;
      const sample = await fetch(target.url, { headers: target.tokens[0] ? auth(target.tokens[0]) : {} });
      const bytes = (await sample.arrayBuffer()).byteLength;
      const cpuMicros = perRequest(cpuBefore, cpuAfter, result.requests);
      const databaseMicros = perRequest(databaseBefore, databaseAfter, result.requests);
      rows.push({
        members,
        name: target.name,
        requestsPerSecond: result.requestsPerSecond,
        p99Ms: result.p99Ms,
        cpuMicros,
        databaseMicros,
        rateGoal: target.rateGoal,
        bytes,
        load: loadAverage,
      });
      console.log(
        `${members} members: ${target.name}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms` +
          (cpuMicros === undefined ? '' : `, ${Math.round(cpuMicros)} µs of CPU per request`) +
          (databaseMicros === undefined ? '' : `, ${Math.round(databaseMicros)} µs of the database's`) +
          `, ${bytes} bytes, load ${loadAverage.toFixed(1)}`,
      );
    }
    const reference = rows[0]!.requestsPerSecond;
    for (const row of rows.slice(1)) row.ratio = row.requestsPerSecond / reference;
    return rows;
  } finally {
    process.off('SIGINT', interrupt);
    await cleanUp();
  }
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`Sign-in of ${email} answered ${response.status}`);
  return body.data.token;
}

/** `times` sessions of one account, signed in one after another. */
async function signInTimes(base: string, email: string, times: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < times; i += 1) tokens.push(await signIn(base, email));
  return tokens;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Loads `url` from CONNECTIONS connections, each with its own token of `tokens` (none: no token). */
async function load(url: string, tokens: string[], seconds: number) {
  let connection = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    setupClient: (client) => {
      const token = tokens[connection % Math.max(1, tokens.length)];
      connection += 1;
      if (token) client.setHeaders(auth(token));
    },
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, requests: result.requests.total };
}

/** Linux counts process CPU time in ticks of 1/100 s (USER_HZ, 100 on every common kernel). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The CPU time (user and system, in ticks) a process has used so far, from /proc; undefined where
 * there is no /proc. Divided by the requests of a load it is the cost of one answer, a figure that
 * holds still when the machine's other work moves the rates about.
 */
function cpuTicks(pid: number | string | undefined, withEndedChildren = false): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name, which is in parentheses and may hold spaces: user and system
    // time, then the same of the children it has waited for.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return withEndedChildren ? own + Number(fields[13]) + Number(fields[14]) : own;
  } catch {
    return undefined;
  }
}

/**
 * The CPU time (ticks) every PostgreSQL process of this machine has used so far: its backends, which
 * answer the server's queries, and its own workers, with the time of those that have ended (counted by
 * the server's main process, which waited for them), so a connection closed during a load still counts.
 * Undefined where there is no /proc.
 */
function postgresTicks(): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  let total = 0;
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    total += cpuTicks(pid, true) ?? 0;
  }
  return total;
}

/** Builds the server bundle when it is missing or older than its sources, as `npm start` does. */
async function ensureServerBuilt() {
  const { buildServer, isServerBuildStale } = (await import(path.join(root, 'scripts/build-server.mjs'))) as {
    buildServer(): Promise<void>;
    isServerBuildStale(): boolean;
  };
  if (isServerBuildStale()) {
    console.log('Building the server...');
    await buildServer();
  }
}

async function startProcess(args: string[], env: Record<string, string>, healthUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', ...env },
    // The server's request logs are written as in production, and thrown away here.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.at(-1)} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(healthUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop(child);
  throw new Error(`${args.at(-1)} did not answer within a minute`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    // SIGINT lets a profiled server write its profile as it exits.
    child.kill('SIGINT');
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
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

function printTable(rows: Row[]) {
  const at = (members: number, name: string) => rows.find((r) => r.members === members && r.name === name);
  const smallest = Math.min(...SIZES);
  const verdict = (row: Row, base: Row | undefined) => {
    if (row.name === REFERENCE) return '';
    const misses: string[] = [];
    if (row.rateGoal) {
      if (row.requestsPerSecond < RATE_GOAL) misses.push(`< ${RATE_GOAL} req/s`);
    } else {
      if (row.p99Ms > P99_GOAL_MS) misses.push(`p99 > ${P99_GOAL_MS} ms`);
      if (base && row.p99Ms > GROWTH_GOAL * Math.max(base.p99Ms, 1)) misses.push(`p99 > ${GROWTH_GOAL}x`);
    }
    return misses.length ? `misses: ${misses.join(', ')}` : 'meets';
  };
  const body = rows.map((row) => {
    const base = row.members === smallest ? undefined : at(smallest, row.name);
    return [
      String(row.members),
      row.name,
      Math.round(row.requestsPerSecond).toString(),
      row.p99Ms.toFixed(0),
      row.cpuMicros === undefined ? '' : Math.round(row.cpuMicros).toString(),
      row.databaseMicros === undefined ? '' : Math.round(row.databaseMicros).toString(),
      row.ratio === undefined ? '' : `${Math.round(row.ratio * 100)}%`,
      base ? `${(row.p99Ms / Math.max(base.p99Ms, 1)).toFixed(1)}x` : '',
      row.bytes === undefined ? '' : String(row.bytes),
      row.load.toFixed(1),
      verdict(row, base),
    ];
  });
  const header = [
    'members',
    'call',
    'req/s',
    'p99 ms',
    'CPU µs/req',
    'DB CPU µs/req',
    'of bare',
    `p99 vs ${smallest}`,
    'bytes',
    'load',
    'goal',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 && i <= 9 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_SECONDS} s per call after ${WARMUP_SECONDS} s of warm-up; PostgreSQL; ` +
      `${NOTIFICATIONS} notifications. Goals: unread count and /api/auth/me >= ${RATE_GOAL} req/s; every list ` +
      `page p99 <= ${P99_GOAL_MS} ms, and at most ${GROWTH_GOAL}x its ${smallest}-member figure. Load: the ` +
      `machine's one-minute load average as each load ended.`,
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const cells of body) console.log(line(cells));
}

function readWhole(name: string, raw: string): number {
  const value = Number(raw.trim());
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be whole numbers of at least 1`);
  return value;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
