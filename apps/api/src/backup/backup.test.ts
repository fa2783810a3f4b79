import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, dataOf, login, seedAdmin, TEST_PASSWORD } from '../../test/app.js';
import { testEngine } from '../../test/database.js';
import { assertMoneyInvariants } from '../../test/invariants.js';
import { joinOk, submitPayment } from '../../test/investing.js';
import { seedOpenPool } from '../../test/pools.js';
import { seedSubmittedMember } from '../../test/seed.js';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { createStorage } from '../lib/storage.js';
import { apiRoot } from '../paths.js';
import { ArchiveWriter, readAll, readArchive } from './archive.js';
import { createBackup } from './backup.js';
import { BackupError, DERIVED_TABLES } from './common.js';
import { orderByDependencies, restoreBackup, verifyArchive } from './restore.js';

const repoRoot = path.resolve(apiRoot, '..', '..');
const adminUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(tmpdir(), 'letsema-backup-test-'));
const cleanups: (() => Promise<void>)[] = [];

/** The two-factor clock, mid-step; the restored instances run a few steps later. */
const clock = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;

// --- S3-compatible storage on loopback --------------------------------------------------------
let s3Env: Record<string, string> = {};
beforeAll(async () => {
  const { default: S3rver } = await import('s3rver');
  const directory = mkdtempSync(path.join(work, 's3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'letsema-backup', configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  s3Env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
  cleanups.push(() => server.close());
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
});

// --- instances --------------------------------------------------------------------------------
interface Target {
  env: Record<string, string>;
  config: Config;
}

/** A new, empty PostgreSQL database on the test server, dropped when the file ends. */
async function createPostgresDatabase(): Promise<string> {
  const name = `letsema_backup_${randomBytes(5).toString('hex')}`;
  await runAdmin(`create database ${name}`);
  cleanups.push(() => runAdmin(`drop database if exists ${name} with (force)`));
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function runAdmin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The settings of an instance: a fresh DATA_DIR, the given database and storage. */
function target(settings: { databaseUrl?: string; s3Prefix?: string }): Target {
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(work, 'data-')),
    LOG_LEVEL: 'silent',
    MFA_REQUIRED_FOR_ADMINS: 'false',
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    RATE_LIMIT_REGISTER_PER_IP: '100000',
  };
  if (settings.databaseUrl) env.DATABASE_URL = settings.databaseUrl;
  if (settings.s3Prefix) Object.assign(env, s3Env, { STORAGE_URL: `s3://letsema-backup/${settings.s3Prefix}` });
  return { env, config: loadConfig(env) };
}

interface Running {
  app: FastifyInstance;
  database: Database;
  db: Db;
  close(): Promise<void>;
}

async function start(instance: Target, twoFactorAt = clock): Promise<Running> {
  // Read again, as a server starting now would: a restore may have put the two-factor key in place.
  const config = loadConfig(instance.env);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(
    { config, db: database.db, twoFactorClock: () => new Date(twoFactorAt) },
    { webDist: false },
  );
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Runs `npm run backup` / `npm run restore` as an operator would, with the instance's settings. */
function runCommand(command: 'backup' | 'restore', args: string[], instance: Target) {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'STORAGE_URL', 'JWT_SECRET', 'MFA_ENCRYPTION_KEY', 'NODE_OPTIONS']) {
    delete env[name];
  }
  Object.assign(env, instance.env);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    // What `npm run backup` runs: the bundle in apps/api/dist (built first when the sources changed).
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'backup.mjs'), command, ...args], {
      cwd: repoRoot,
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// --- comparing ----------------------------------------------------------------------------------
/** Every row of every table as PostgreSQL writes it, sorted, read in UTC. */
async function allRows(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables = await tx.execute<{ name: string }>(
      sql`select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`,
    );
    const rows: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const result = await tx.execute<{ r: string }>(sql.raw(`select t::text as r from public."${name}" t order by 1`));
      rows[name] = result.rows.map((row) => row.r);
    }
    return rows;
  });
}

async function sequences(db: Db): Promise<Record<string, string>> {
  const result = await db.execute<{ name: string; last: string | null }>(
    sql`select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'`,
  );
  return Object.fromEntries(result.rows.map((row) => [row.name, row.last ?? 'unused']));
}

async function storedFiles(config: Config, keys: string[]): Promise<Map<string, Buffer>> {
  const storage = createStorage(config);
  const files = new Map<string, Buffer>();
  for (const key of keys) {
    const found = await storage.get(key);
    expect(found, `file ${key} in ${config.storageUrl ?? config.dataDir}`).not.toBeNull();
    files.set(key, await readAll(found!.body));
  }
  return files;
}

function appCode(secret: string, at: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

// --- the source instance -----------------------------------------------------------------------
const source = { databaseUrl: undefined as string | undefined };
let origin: Target;
let expected: { rows: Record<string, string[]>; sequences: Record<string, string>; files: Map<string, Buffer> };
let seeded: {
  cashierEmail: string;
  memberEmail: string;
  mfaSecret: string;
  pendingPaymentId: string;
  lastEntryNumber: number;
};
const archive = path.join(work, 'letsema.tar.gz');
/** The seeded member's ID number, which no command may print. */
let seededNationalId = '';

/** A cooperative with a member, their documents, a pool, a membership and approved money. */
async function seedCooperative(running: Running) {
  const { app, db } = running;
  const admin = await seedAdmin(db);
  const adminToken = await login(app, admin.email);
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const ok = async (promise: ReturnType<typeof call>, status = 200) => {
    const response = await promise;
    expect(response.statusCode, response.body).toBe(status);
    return dataOf<{ id: string }>(response);
  };

  const member = await seedSubmittedMember(app);
  seededNationalId = member.nationalId;
  const base = `/api/admin/users/${member.userId}`;
  await ok(call('POST', `${base}/nok/1/approve`, adminToken));
  await ok(call('POST', `${base}/nok/2/approve`, adminToken));
  await ok(call('POST', `${base}/approve-kyc`, adminToken));

  const setup = dataOf<{ secret: string }>(await call('POST', '/api/auth/mfa/setup', member.token, {}));
  await ok(call('POST', '/api/auth/mfa/enable', member.token, { code: appCode(setup.secret, clock) }));

  const pool = await seedOpenPool(app, adminToken);
  const request = await joinOk(app, member.token, pool, 10);
  await ok(call('POST', `/api/admin/pool-requests/${request.id}/approve`, adminToken));
  const paid = await submitPayment(app, member.token, pool.id, 833.33);
  expect(paid.statusCode, paid.body).toBe(201);
  await ok(call('POST', `/api/admin/payments/${dataOf<{ id: string }>(paid).id}/approve`, adminToken));
  // Waiting for approval when the backup is made, approved after the restore.
  const pending = await submitPayment(app, member.token, pool.id, 833.33);
  expect(pending.statusCode, pending.body).toBe(201);

  const [last] = (await db.execute<{ n: string }>(sql`select max(number)::text as n from journal_entries`)).rows;
  return {
    cashierEmail: admin.email,
    memberEmail: member.email,
    mfaSecret: setup.secret,
    pendingPaymentId: dataOf<{ id: string }>(pending).id,
    lastEntryNumber: Number(last!.n),
  };
}

beforeAll(async () => {
  source.databaseUrl = testEngine === 'postgres' ? await createPostgresDatabase() : undefined;
  origin = target({ databaseUrl: source.databaseUrl, s3Prefix: 'source' });
  const running = await start(origin);
  try {
    seeded = await seedCooperative(running);
  } finally {
    // Stopped, so that its background work changes nothing while the copies are compared.
    await running.app.close();
  }
  const rows = await allRows(running.db);
  const keys = (await running.db.execute<{ key: string }>(sql`select key from files`)).rows.map((row) => row.key);
  expected = { rows, sequences: await sequences(running.db), files: await storedFiles(origin.config, keys) };
  await running.database.close();
}, 300_000);

/** Checks a restored instance row by row and byte by byte, then that it keeps working. */
async function checkRestored(instance: Target) {
  // Compared before any app starts: its e-mail worker would at once claim the waiting mail.
  const config = loadConfig(instance.env);
  const restored = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    expect(await allRows(restored.db)).toEqual(expected.rows);
    expect(await sequences(restored.db)).toEqual(expected.sequences);
  } finally {
    await restored.close();
  }
  const files = await storedFiles(config, [...expected.files.keys()]);
  for (const [key, body] of expected.files) expect(files.get(key)!.equals(body), key).toBe(true);

  const running = await start(instance, clock + 120_000);
  try {
    // The books go on: approving the payment that was waiting posts the next entry number.
    const cashier = await login(running.app, seeded.cashierEmail);
    const approved = await running.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${seeded.pendingPaymentId}/approve`,
      headers: bearer(cashier),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const entries = await running.db.execute<{ number: string }>(
      sql`select number::text as number from journal_entries where source_id = ${seeded.pendingPaymentId}`,
    );
    expect(entries.rows.map((r) => Number(r.number))).toEqual([seeded.lastEntryNumber + 1]);
    await assertMoneyInvariants(running.db);

    // The append-only triggers came back with the tables.
    await expect(running.db.execute(sql`update journal_entries set description = 'changed'`)).rejects.toThrow();
    await expect(running.db.execute(sql`delete from audit_log`)).rejects.toThrow();

    // Two-factor secrets still open: the member signs in with a code from their app.
    const first = dataOf<{ challenge: string }>(
      await running.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: seeded.memberEmail, password: TEST_PASSWORD },
      }),
    );
    const second = await running.app.inject({
      method: 'POST',
      url: '/api/auth/login/mfa',
      payload: { challenge: first.challenge, code: appCode(seeded.mfaSecret, clock + 120_000) },
    });
    expect(second.statusCode, second.body).toBe(200);
  } finally {
    await running.close();
  }
}

describe(`backup and restore (${testEngine} source, files on S3)`, () => {
  it('backs up the database and every file into one archive, printing counts but no personal details', async () => {
    const result = await runCommand('backup', ['--out', archive, '--include-mfa-key'], origin);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Backup written to ${archive}`);
    expect(result.stdout).toMatch(new RegExp(`files: ${expected.files.size} \\(`));
    expect(result.stdout).toMatch(new RegExp(`journal_entries\\s+${expected.rows.journal_entries!.length}\\n`));
    expect(result.stdout).toMatch(new RegExp(`users\\s+${expected.rows.users!.length}\\n`));
    expect(result.stdout).toContain('Keep it encrypted');
    expect(result.stdout).not.toContain(seededNationalId);
    expect(result.stdout).not.toContain(readFileSync(path.join(origin.config.dataDir, 'mfa-key'), 'utf8').trim());
    expect(statSync(archive).mode & 0o077).toBe(0);

    const manifest = await verifyArchive(archive);
    expect(manifest.engine).toBe(testEngine);
    expect(manifest.storage).toBe('s3');
    expect(manifest.secrets.map((s) => s.name)).toEqual(['mfa-key']);
    const counts = Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]));
    // Every table but the derived ones, which the restore rebuilds (the restored rows are compared whole).
    for (const [table, rows] of Object.entries(expected.rows)) {
      expect(counts[table], table).toBe(DERIVED_TABLES.includes(table) ? undefined : rows.length);
    }
    for (const table of ['users', 'files', 'next_of_kin', 'pools', 'memberships', 'payments', 'journal_entries']) {
      expect(counts[table], table).toBeGreaterThan(0);
    }
    for (const table of ['journal_lines', 'notifications', 'audit_log', 'email_outbox', 'mfa_recovery_codes']) {
      expect(counts[table], table).toBeGreaterThan(0);
    }
    expect(manifest.files).toHaveLength(expected.files.size);
    expect(expected.files.size).toBeGreaterThanOrEqual(9);
  }, 180_000);

  it('restores into an empty DATA_DIR: the same rows, the same files, and the app keeps working', async () => {
    const restored = target({});
    const result = await runCommand('restore', [archive], restored);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Restored the backup made');
    expect(result.stdout).toMatch(new RegExp(`files: ${expected.files.size} \\(`));
    expect(result.stdout).not.toContain(seededNationalId);
    await checkRestored(restored);

    // A second restore into the same DATA_DIR is refused and changes nothing.
    const again = await runCommand('restore', [archive], restored);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already holds a Letsema database');
  }, 240_000);

  it(`restores into an empty ${adminUrl ? 'PostgreSQL database' : 'DATA_DIR'} and other S3 storage`, async () => {
    const restored = target({ databaseUrl: adminUrl ? await createPostgresDatabase() : undefined, s3Prefix: 'copy' });
    const summary = await restoreBackup({ config: restored.config, archive });
    expect(summary.files).toBe(expected.files.size);
    expect(summary.mfaKey).toBe('restored');
    await checkRestored(restored);

    // The restored instance now holds data: restoring over it is refused.
    await expect(restoreBackup({ config: restored.config, archive })).rejects.toThrow(
      adminUrl ? /already holds data/ : /already holds a Letsema database/,
    );
  }, 240_000);

  it('refuses an archive whose contents were changed, or that was cut short, and leaves the target empty', async () => {
    // The payments table with one amount changed, under the original manifest.
    const tampered = path.join(work, 'tampered.tar.gz');
    const writer = new ArchiveWriter(tampered);
    let changed = false;
    for await (const entry of readArchive(archive)) {
      let body = await readAll(entry.body);
      if (entry.name === 'database/payments.ndjson') {
        const text = body.toString('utf8');
        const edited = text.replace(/"amount_cents":83333\b/, '"amount_cents":93333');
        changed = edited !== text;
        body = Buffer.from(edited);
      }
      await writer.addBuffer(entry.name, body);
    }
    await writer.finish();
    expect(changed).toBe(true);

    const restored = target({});
    await expect(restoreBackup({ config: restored.config, archive: tampered })).rejects.toThrow(
      /database\/payments\.ndjson does not match its checksum/,
    );
    const cut = path.join(work, 'cut.tar.gz');
    writeFileSync(cut, readFileSync(archive).subarray(0, Math.floor(statSync(archive).size / 2)));
    await expect(restoreBackup({ config: restored.config, archive: cut })).rejects.toThrow(BackupError);
    expect(existsSync(path.join(restored.config.dataDir, 'db'))).toBe(false);
    expect(existsSync(path.join(restored.config.dataDir, 'uploads'))).toBe(false);
  }, 120_000);

  it('encrypts the archive to an age key, leaves the two-factor key out unless asked, and restores with the identity', async () => {
    const identity = await generateX25519Identity();
    const recipient = await identityToRecipient(identity);
    const identityFile = path.join(work, 'backup-identity.txt');
    writeFileSync(identityFile, `# created: 2026-11-27\n# public key: ${recipient}\n${identity}\n`, { mode: 0o600 });
    const otherIdentityFile = path.join(work, 'other-identity.txt');
    writeFileSync(otherIdentityFile, `${await generateX25519Identity()}\n`, { mode: 0o600 });
    const sealed = path.join(work, 'letsema.tar.gz.age');

    const result = await runCommand('backup', ['--out', sealed], {
      ...origin,
      env: { ...origin.env, BACKUP_RECIPIENT: recipient },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('encrypted to 1 age recipient(s)');
    expect(result.stdout).toContain('two-factor key: left out (DATA_DIR/mfa-key)');
    const bytes = readFileSync(sealed);
    expect(bytes.subarray(0, 21).toString('latin1')).toBe('age-encryption.org/v1');
    // Neither a gzip stream nor anything of the members can be read from it.
    expect(bytes.includes(Buffer.from([0x1f, 0x8b, 0x08]))).toBe(false);
    expect(bytes.includes(Buffer.from(seededNationalId))).toBe(false);
    expect(statSync(sealed).mode & 0o077).toBe(0);

    const manifest = await verifyArchive(sealed, [identity]);
    expect(manifest.secrets).toEqual([]);
    expect(manifest.files).toHaveLength(expected.files.size);

    const restored = target({});
    const withoutKey = await runCommand('restore', [sealed], restored);
    expect(withoutKey.code).toBe(1);
    expect(withoutKey.stderr).toContain('The archive is encrypted: give its identity file with --identity.');
    const wrongKey = await runCommand('restore', [sealed, '--identity', otherIdentityFile], restored);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain('None of the identities given opens this archive');
    expect(existsSync(path.join(restored.config.dataDir, 'db'))).toBe(false);

    // The operator kept the two-factor key apart, as the backup told them, and puts it back first.
    writeFileSync(
      path.join(restored.env.DATA_DIR!, 'mfa-key'),
      readFileSync(path.join(origin.config.dataDir, 'mfa-key')),
      {
        mode: 0o600,
      },
    );
    const done = await runCommand('restore', [sealed, '--identity', identityFile], restored);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('Restored the backup made');
    await checkRestored(restored);

    const refused = await runCommand(
      'backup',
      ['--out', path.join(work, 'bad.age'), '--recipient', 'age1nonsense'],
      origin,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('A recipient must be an age public key');
  }, 300_000);

  it('restores into empty storage only', async () => {
    // The source's own storage already holds every file of the archive.
    const restored = target({ s3Prefix: 'source' });
    await expect(restoreBackup({ config: restored.config, archive })).rejects.toThrow(
      /storage already holds \d+ of the archive's files/,
    );
    expect(existsSync(path.join(restored.config.dataDir, 'db'))).toBe(false);
  }, 120_000);

  it.runIf(testEngine === 'pglite')(
    'refuses to read the embedded database while a server holds it open',
    async () => {
      const running = await start(origin);
      try {
        await expect(createBackup({ config: origin.config, out: path.join(work, 'busy.tar.gz') })).rejects.toThrow(
          /in use by process \d+/,
        );
        expect(existsSync(path.join(work, 'busy.tar.gz'))).toBe(false);
      } finally {
        await running.close();
      }
    },
    120_000,
  );

  it.runIf(testEngine === 'postgres')(
    'takes one consistent snapshot of PostgreSQL while a payment is approved during the backup',
    async () => {
      const running = await start(origin, clock + 60_000);
      try {
        const cashier = await login(running.app, seeded.cashierEmail);
        const memberToken = dataOf<{ challenge: string }>(
          await running.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: seeded.memberEmail, password: TEST_PASSWORD },
          }),
        );
        const member = dataOf<{ token: string }>(
          await running.app.inject({
            method: 'POST',
            url: '/api/auth/login/mfa',
            payload: { challenge: memberToken.challenge, code: appCode(seeded.mfaSecret, clock + 60_000) },
          }),
        ).token;
        const [pool] = (await running.db.execute<{ id: string }>(sql`select id from pools`)).rows;
        const payment = dataOf<{ id: string }>(await submitPayment(running.app, member, pool!.id, 833.33)).id;
        const approve = (id: string) =>
          running.app.inject({ method: 'POST', url: `/api/admin/payments/${id}/approve`, headers: bearer(cashier) });

        // Approved and committed after the backup has read the journal's entries but before it
        // reads their lines, the memberships, the payments and the pools.
        const during = path.join(work, 'during.tar.gz');
        let approvedDuring = false;
        await createBackup({
          config: origin.config,
          out: during,
          afterTable: async (table) => {
            if (table !== 'journal_entries') return;
            const answer = await approve(payment);
            expect(answer.statusCode, answer.body).toBe(200);
            approvedDuring = true;
          },
        });
        expect(approvedDuring).toBe(true);
        const live = await running.db.execute<{ n: string }>(sql`select count(*)::text as n from journal_lines`);

        const restored = target({ s3Prefix: 'during' });
        await restoreBackup({ config: restored.config, archive: during });
        const copy = await openDatabase({ dataDir: restored.config.dataDir });
        try {
          // The copy is the moment the backup began: the payment still waits, and the books agree.
          const [row] = (
            await copy.db.execute<{ status: string }>(sql`select status from payments where id = ${payment}`)
          ).rows;
          expect(row!.status).toBe('pending');
          const lines = await copy.db.execute<{ n: string }>(sql`select count(*)::text as n from journal_lines`);
          expect(Number(lines.rows[0]!.n)).toBe(Number(live.rows[0]!.n) - 2);
          await assertMoneyInvariants(copy.db);
        } finally {
          await copy.close();
        }
      } finally {
        await running.close();
      }
    },
    240_000,
  );
});

describe('restore order', () => {
  it('puts every table after the tables it refers to, and refuses a circle', () => {
    const order = orderByDependencies(
      ['journal_lines', 'users', 'journal_entries', 'pools'],
      [
        { child: 'journal_lines', parent: 'journal_entries' },
        { child: 'journal_lines', parent: 'pools' },
        { child: 'journal_entries', parent: 'users' },
      ],
    );
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('journal_entries'));
    expect(order.indexOf('journal_entries')).toBeLessThan(order.indexOf('journal_lines'));
    expect(order.indexOf('pools')).toBeLessThan(order.indexOf('journal_lines'));
    expect(() =>
      orderByDependencies(
        ['a', 'b'],
        [
          { child: 'a', parent: 'b' },
          { child: 'b', parent: 'a' },
        ],
      ),
    ).toThrow(/refer to each other/);
  });
});
