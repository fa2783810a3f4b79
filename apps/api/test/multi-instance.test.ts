import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { centsToRand, instalmentAmount, randToCents, type PaymentFrequency } from '@letsema/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { auditLog, emailOutbox, journalEntries } from '../src/db/schema.js';
import {
  callApi,
  callOk,
  createScratchDatabase,
  ensureServerBundle,
  processTestsSkipReason,
  sleep,
  startApiProcess,
  uploadOverHttp,
  type ApiProcess,
} from './api-process.js';
import { pdf, png } from './files.js';
import { assertMoneyInvariants } from './invariants.js';
import { samplePool, type PoolAnswer } from './pools.js';
import { uniqueProfile } from './seed.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';

/*
 * Two real API processes on one PostgreSQL database, one S3-compatible bucket and one SMTP server,
 * behind a round-robin proxy: a deployment with more than one instance. The money loop runs across
 * them, decisions race between them, and nothing is lost or done twice.
 */

const ADMIN = { email: 'admin@letsema.test', password: 'a long admin password for two instances' };
const MEMBER_PASSWORD = 'correct horse battery';
/** Failed sign-ins an account may make from one address, on all instances together. */
const LOGIN_LIMIT = 4;
/** Approvals of one decision sent at the same moment, half to each instance. */
const RACERS = 8;

interface Proxy {
  url: string;
  /** Where requests go, in turn; set once the instances are up. */
  targets: number[];
  /** Requests sent to each target port. */
  counts: Map<number, number>;
  close(): Promise<void>;
}

/** A load balancer in miniature: each request goes to the next target in turn. */
async function startRoundRobinProxy(): Promise<Proxy> {
  const agent = new http.Agent({ keepAlive: true });
  const proxy: Omit<Proxy, 'url' | 'close'> = { targets: [], counts: new Map() };
  let next = 0;
  const server = http.createServer((request, response) => {
    const port = proxy.targets[next++ % proxy.targets.length];
    if (port === undefined) {
      response.writeHead(503).end();
      return;
    }
    proxy.counts.set(port, (proxy.counts.get(port) ?? 0) + 1);
    const upstream = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  });
}

interface Member {
  id: string;
  email: string;
  token: string;
}

const skip = processTestsSkipReason;
if (skip) console.info(`The two-instance test is ${skip}.`);
describe.skipIf(skip)(`two API instances, one cooperative${skip ? ` (${skip})` : ''}`, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'letsema-multi-'));
  const cleanups: (() => Promise<void>)[] = [];
  let a: ApiProcess;
  let b: ApiProcess;
  let proxy: Proxy;
  let smtp: TestSmtpServer;
  let database: Database;
  let adminToken: string;
  const members: Member[] = [];
  let pool: PoolAnswer;

  beforeAll(async () => {
    await ensureServerBundle();
    const scratch = await createScratchDatabase('letsema_multi');
    cleanups.push(() => scratch.drop());

    const { default: S3rver } = await import('s3rver');
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(work, 's3'),
      configureBuckets: [{ name: 'letsema-multi', configs: [] }],
    });
    const { port: s3Port } = await s3.run();
    cleanups.push(() => s3.close());

    smtp = await startSmtpServer();
    cleanups.push(() => smtp.stop());

    // The proxy's address is the one members know, so the instances write it into their e-mails.
    proxy = await startRoundRobinProxy();
    cleanups.push(() => proxy.close());

    const shared = {
      DATABASE_URL: scratch.url,
      PUBLIC_URL: proxy.url,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      MFA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      STORAGE_URL: 's3://letsema-multi/uploads/',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: 'us-east-1',
      SMTP_URL: smtp.url,
      SMTP_ALLOW_PLAIN: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_LOGIN_PER_ACCOUNT: String(LOGIN_LIMIT),
    };
    // Started at the same moment on an empty database: both migrate it and both make sure the super
    // admin exists.
    const started = await Promise.allSettled(
      ['a', 'b'].map(async (name) => {
        const running = await startApiProcess({ env: { ...shared, DATA_DIR: path.join(work, name) } });
        cleanups.push(() => running.stop());
        return running;
      }),
    );
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    [a, b] = started.map((result) => (result as PromiseFulfilledResult<ApiProcess>).value) as [ApiProcess, ApiProcess];
    proxy.targets.push(a.port, b.port);

    database = await openDatabase({ url: scratch.url });
    cleanups.push(() => database.close());
    adminToken = (await callOk<{ token: string }>(proxy.url, 'POST', '/api/auth/login', { body: ADMIN })).token;
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  });

  const asAdmin = <T = Record<string, unknown>>(method: string, url: string, body?: unknown) =>
    callOk<T>(proxy.url, method, url, { body, token: adminToken });

  /** A member registered, through KYC and approved, every call through the proxy. */
  async function activateMember(n: number): Promise<Member> {
    const email = `member.${n}.${randomBytes(3).toString('hex')}@example.com`;
    const { token } = await callOk<{ token: string }>(proxy.url, 'POST', '/api/auth/register', {
      body: { email, password: MEMBER_PASSWORD },
      expected: 201,
    });
    await callOk(proxy.url, 'POST', '/api/auth/complete-profile', {
      body: uniqueProfile({ fullName: `Member ${n} Mokoena` }),
      token,
    });
    await uploadOverHttp(proxy.url, token, 'profile-picture', await png(), 'image/png');
    await uploadOverHttp(proxy.url, token, 'id-document', pdf(), 'application/pdf');
    for (const nokOrder of [1, 2]) {
      await callOk(proxy.url, 'POST', '/api/auth/next-of-kin', {
        token,
        expected: 201,
        body: {
          fullName: `Kin ${nokOrder} Mokoena`,
          relationship: nokOrder === 1 ? 'Mother' : 'Brother',
          phoneNumber: '0831234567',
          email: '',
          nationalId: `P${nokOrder}234567`,
          dateOfBirth: '1960-03-15',
          address: '45 Jan Smuts Avenue, Johannesburg',
          nokOrder,
          passportPhotoUrl: await uploadOverHttp(proxy.url, token, 'nok-passport-photo', await png(), 'image/png'),
          idDocumentUrl: await uploadOverHttp(proxy.url, token, 'nok-id-document', pdf(), 'application/pdf'),
          proofOfAddressUrl: await uploadOverHttp(proxy.url, token, 'nok-proof-of-address', pdf(), 'application/pdf'),
        },
      });
    }
    const { id } = await callOk<{ id: string }>(proxy.url, 'GET', '/api/auth/me', { token });
    await asAdmin('POST', `/api/admin/users/${id}/nok/1/approve`);
    await asAdmin('POST', `/api/admin/users/${id}/nok/2/approve`);
    await asAdmin('POST', `/api/admin/users/${id}/approve-kyc`);
    const me = await callOk<{ registrationStatus: string }>(proxy.url, 'GET', '/api/auth/me', { token });
    expect(me.registrationStatus).toBe('active');
    return { id, email, token };
  }

  /** The same admin call sent RACERS times at once, half to each instance; answers the statuses. */
  async function race(url: string): Promise<number[]> {
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        callApi(i % 2 ? b.baseUrl : a.baseUrl, 'POST', url, { token: adminToken }),
      ),
    );
    return answers.map((answer) => answer.status);
  }

  const expectOneWinner = (statuses: number[]) => {
    expect(
      statuses.filter((s) => s === 200),
      statuses.join(','),
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      statuses.join(','),
    ).toHaveLength(RACERS - 1);
  };

  it('registers members and takes them through KYC, every call spread over both instances', async () => {
    for (let n = 1; n <= 3; n++) members.push(await activateMember(n));
    expect(proxy.counts.get(a.port)).toBeGreaterThan(10);
    expect(proxy.counts.get(b.port)).toBeGreaterThan(10);
  });

  it('serves from one instance the file uploaded through the other, byte for byte', async () => {
    const member = members[0]!;
    const original = pdf();
    const url = await uploadOverHttp(a.baseUrl, member.token, 'proof-of-payment', original, 'application/pdf');
    for (const [base, token] of [
      [b.baseUrl, member.token],
      [a.baseUrl, member.token],
      [b.baseUrl, adminToken],
    ] as const) {
      const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(original)).toBe(true);
    }
  });

  it('opens a pool and approves each membership request once, though both instances approve it at once', async () => {
    const draft = await callOk<PoolAnswer>(proxy.url, 'POST', '/api/pools', {
      body: samplePool,
      token: adminToken,
      expected: 201,
    });
    pool = await asAdmin<PoolAnswer>('PATCH', `/api/pools/${draft.id}/status`, { status: 'open' });
    for (const member of members) {
      const commitmentCents = randToCents(pool.pricePerShare)! * 6;
      const instalment = instalmentAmount(commitmentCents, 'monthly' as PaymentFrequency, pool.investmentDuration);
      const request = await callOk<{ id: string }>(proxy.url, 'POST', '/api/payments/join-pool', {
        token: member.token,
        expected: 201,
        body: {
          poolId: pool.id,
          numberOfShares: 6,
          totalCommitment: centsToRand(commitmentCents),
          installmentPlan: 'monthly',
          contributionAmount: centsToRand(instalment),
        },
      });
      expectOneWinner(await race(`/api/admin/pool-requests/${request.id}/approve`));
      const audits = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, request.id), eq(auditLog.action, 'membership.approve')));
      expect(audits).toHaveLength(1);
    }
    const after = await callOk<PoolAnswer>(proxy.url, 'GET', `/api/pools/${pool.id}`, { token: adminToken });
    expect(after.totalMembers).toBe(members.length);
    expect(after.availableShares).toBe(pool.totalShares - 6 * members.length);
    await assertMoneyInvariants(database.db);
  });

  it('approves each payment once, with one ledger entry, though both instances approve it at once', async () => {
    const paymentIds: string[] = [];
    for (const member of members) {
      for (let i = 0; i < 2; i++) {
        const proof = await uploadOverHttp(proxy.url, member.token, 'proof-of-payment', pdf(), 'application/pdf');
        const payment = await callOk<{ id: string }>(proxy.url, 'POST', '/api/payments/create', {
          token: member.token,
          expected: 201,
          body: { poolId: pool.id, amount: 500, paymentMethod: 'EFT / bank transfer', proofOfPaymentUrl: proof },
        });
        paymentIds.push(payment.id);
      }
    }
    for (const id of paymentIds) {
      expectOneWinner(await race(`/api/admin/payments/${id}/approve`));
      const entries = await database.db
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.sourceType, 'payment'), eq(journalEntries.sourceId, id)));
      expect(entries).toHaveLength(1);
    }
    const after = await callOk<PoolAnswer>(proxy.url, 'GET', `/api/pools/${pool.id}`, { token: adminToken });
    expect(after.currentAmount).toBe(500 * paymentIds.length);
    for (const member of members) {
      const membership = await callOk<{ totalPaid: number }>(proxy.url, 'GET', '/api/payments/my-membership', {
        token: member.token,
      });
      expect(membership.totalPaid).toBe(1000);
    }
    await assertMoneyInvariants(database.db);
  });

  it('holds failed sign-ins to one shared limit, not one per instance', async () => {
    const member = members[2]!;
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LOGIN_LIMIT; i++) {
      const answer = await callApi(i % 2 ? b.baseUrl : a.baseUrl, 'POST', '/api/auth/login', {
        body: { email: member.email, password: 'not the password at all' },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(LOGIN_LIMIT).fill(401), ...Array<number>(LOGIN_LIMIT).fill(429)]);
    // The right password is refused too, on either instance, until the window passes.
    for (const base of [a.baseUrl, b.baseUrl]) {
      const answer = await callApi(base, 'POST', '/api/auth/login', {
        body: { email: member.email, password: MEMBER_PASSWORD },
      });
      expect(answer.status).toBe(429);
    }
  });

  it('sends every e-mail the run caused exactly once, though both instances run the outbox', async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [row] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .where(eq(emailOutbox.status, 'pending'));
      if (row!.n === 0) break;
      if (Date.now() > deadline) throw new Error(`${row!.n} e-mails still waiting after a minute`);
      await sleep(250);
    }
    // Stopped as an operator would: a pass in progress finishes, so a late second copy would arrive now.
    await Promise.all([a.stop(), b.stop()]);

    const rows = await database.db.select().from(emailOutbox);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
    const host = new URL(proxy.url).hostname;
    const received = new Map<string, number>();
    for (const mail of smtp.received) {
      const id = mail.parsed.messageId ?? '';
      received.set(id, (received.get(id) ?? 0) + 1);
    }
    const duplicates = [...received].filter(([, n]) => n > 1);
    expect(duplicates, 'messages received more than once').toEqual([]);
    const missing = rows.filter((row) => !received.has(`<${row.id}@${host}>`));
    expect(
      missing.map((row) => `${row.to}: ${row.subject}`),
      'messages never received',
    ).toEqual([]);
    expect(smtp.received).toHaveLength(rows.length);

    const key = (to: string, subject: string) => `${to} | ${subject}`;
    const tally = (keys: string[]) => keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());
    expect(tally(smtp.received.map((mail) => key(mail.envelopeTo.join(','), mail.parsed.subject ?? '')))).toEqual(
      tally(rows.map((row) => key(row.to, row.subject))),
    );
    // What the run did is in the mail: each member's two approved payments and one approved membership.
    for (const member of members) {
      const subjects = smtp.received
        .filter((mail) => mail.envelopeTo.includes(member.email))
        .map((mail) => mail.parsed.subject);
      expect(subjects.filter((s) => s === 'Letsema: payment approved')).toHaveLength(2);
      expect(subjects.filter((s) => s === 'Letsema: membership approved')).toHaveLength(1);
    }
  });
});
