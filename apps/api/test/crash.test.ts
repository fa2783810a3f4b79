import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { centsToRand, instalmentAmount, randToCents } from '@letsema/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import {
  callApi,
  callOk,
  createScratchDatabase,
  ensureServerBundle,
  freePort,
  processTestsSkipReason,
  sleep,
  startApiProcess,
  uploadOverHttp,
  type ApiProcess,
} from './api-process.js';
import { TEST_PASSWORD, seedActiveMember } from './app.js';
import { pdf } from './files.js';
import { assertMoneyInvariants } from './invariants.js';
import { samplePool, type PoolAnswer } from './pools.js';

/*
 * The server killed (SIGKILL: no shutdown, no last word) in the middle of a burst of approvals, 20
 * times over, and started again on the same database: every payment and membership request is then
 * either wholly decided or wholly untouched, and every approval the server answered is kept.
 */

const ADMIN = { email: 'admin@letsema.test', password: 'a long admin password for the crash test' };
const ROUNDS = 20;
const MEMBERS = 20;
const PAYMENTS_PER_MEMBER = 6;
const PAYMENT_CENTS = 10_000;

/** A small seeded generator, so a failing round can be replayed with CRASH_TEST_SEED. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Runs `tasks` with at most `limit` at a time. */
async function inBatches<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

const skip = processTestsSkipReason;
if (skip) console.info(`The crash test is ${skip}.`);
describe.skipIf(skip)(`crashes in the middle of approvals${skip ? ` (${skip})` : ''}`, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'letsema-crash-'));
  const cleanups: (() => Promise<void>)[] = [];
  let env: Record<string, string>;
  let port: number;
  let server: ApiProcess | undefined;
  let database: Database;

  const start = async () => {
    server = await startApiProcess({ port, env });
  };

  beforeAll(async () => {
    await ensureServerBundle();
    const scratch = await createScratchDatabase('letsema_crash');
    cleanups.push(() => scratch.drop());
    port = await freePort();
    env = {
      DATABASE_URL: scratch.url,
      DATA_DIR: path.join(work, 'data'),
      JWT_SECRET: randomBytes(48).toString('base64url'),
      MFA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    await start();
    cleanups.push(async () => server?.stop());
    database = await openDatabase({ url: scratch.url });
    cleanups.push(() => database.close());
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  });

  /** Every payment and request is wholly decided or untouched; every approval answered 200 is kept. */
  async function expectNothingHalfDone(answeredOk: Set<string>, context: string) {
    await assertMoneyInvariants(database.db);
    const payments = await database.db.execute<{ id: string; status: string; entries: number; audits: number }>(sql`
      select p.id, p.status,
        (select count(*)::int from journal_entries e where e.source_type = 'payment' and e.source_id = p.id::text) as entries,
        (select count(*)::int from audit_log a where a.target_type = 'payment' and a.target_id = p.id::text
          and a.action = 'payment.approve') as audits
      from payments p`);
    for (const row of payments.rows) {
      const whole = row.status === 'completed' ? { entries: 1, audits: 1 } : { entries: 0, audits: 0 };
      expect(['completed', 'pending'], `${context}: payment ${row.id}`).toContain(row.status);
      expect({ entries: row.entries, audits: row.audits }, `${context}: payment ${row.id} (${row.status})`).toEqual(
        whole,
      );
      if (answeredOk.has(row.id))
        expect(row.status, `${context}: payment ${row.id} was answered 200`).toBe('completed');
    }
    const requests = await database.db.execute<{ id: string; status: string; audits: number }>(sql`
      select m.id, m.contribution_status as status,
        (select count(*)::int from audit_log a where a.target_type = 'membership' and a.target_id = m.id::text
          and a.action = 'membership.approve') as audits
      from memberships m`);
    for (const row of requests.rows) {
      expect(['approved', 'pending'], `${context}: request ${row.id}`).toContain(row.status);
      expect(row.audits, `${context}: request ${row.id} (${row.status})`).toBe(row.status === 'approved' ? 1 : 0);
      if (answeredOk.has(row.id)) expect(row.status, `${context}: request ${row.id} was answered 200`).toBe('approved');
    }
    // The member is told of each approval exactly when it happened: the notice and its e-mail are
    // written in the approval's transaction.
    const told = await database.db.execute<{ id: string; approved: number; notices: number; mails: number }>(sql`
      select u.id,
        (select count(*)::int from payments p where p.user_id = u.id and p.status = 'completed') as approved,
        (select count(*)::int from notifications n where n.user_id = u.id and n.title = 'Payment approved') as notices,
        (select count(*)::int from email_outbox o where o.to_address = u.email and o.subject = 'Letsema: payment approved') as mails
      from users u where not u.is_admin`);
    for (const row of told.rows) {
      expect({ notices: row.notices, mails: row.mails }, `${context}: member ${row.id}`).toEqual({
        notices: row.approved,
        mails: row.approved,
      });
    }
  }

  it(`keeps every decision whole across ${ROUNDS} kills in the middle of a burst of approvals`, async () => {
    const seed = Number(process.env.CRASH_TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const random = seededRandom(seed);
    const base = () => server!.baseUrl;
    const adminToken = (await callOk<{ token: string }>(base(), 'POST', '/api/auth/login', { body: ADMIN })).token;
    const asAdmin = <T = Record<string, unknown>>(method: string, url: string, body?: unknown, expected = 200) =>
      callOk<T>(base(), method, url, { body, token: adminToken, expected });

    // Two pools: members pay into the first and ask to join the second.
    const paying = await asAdmin<PoolAnswer>('POST', '/api/pools', samplePool, 201);
    await asAdmin('PATCH', `/api/pools/${paying.id}/status`, { status: 'open' });
    const joining = await asAdmin<PoolAnswer>(
      'POST',
      '/api/pools',
      { ...samplePool, name: 'Letsema Income Pool' },
      201,
    );
    await asAdmin('PATCH', `/api/pools/${joining.id}/status`, { status: 'open' });

    const join = (token: string, pool: PoolAnswer) => {
      const commitment = randToCents(pool.pricePerShare)!;
      return callOk<{ id: string }>(base(), 'POST', '/api/payments/join-pool', {
        token,
        expected: 201,
        body: {
          poolId: pool.id,
          numberOfShares: 1,
          totalCommitment: centsToRand(commitment),
          installmentPlan: 'monthly',
          contributionAmount: centsToRand(instalmentAmount(commitment, 'monthly', pool.investmentDuration)),
        },
      });
    };
    const paymentIds: string[] = [];
    const requestIds: string[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const member = await seedActiveMember(database.db, { fullName: `Member ${i + 1} Dlamini` });
      tokens.push(
        (
          await callOk<{ token: string }>(base(), 'POST', '/api/auth/login', {
            body: { email: member.email, password: TEST_PASSWORD },
          })
        ).token,
      );
    }
    await inBatches(tokens, 4, async (token) => {
      const request = await join(token, paying);
      await asAdmin('POST', `/api/admin/pool-requests/${request.id}/approve`);
      requestIds.push((await join(token, joining)).id);
      for (let i = 0; i < PAYMENTS_PER_MEMBER; i++) {
        const proof = await uploadOverHttp(base(), token, 'proof-of-payment', pdf(), 'application/pdf');
        const payment = await callOk<{ id: string }>(base(), 'POST', '/api/payments/create', {
          token,
          expected: 201,
          body: {
            poolId: paying.id,
            amount: centsToRand(PAYMENT_CENTS),
            paymentMethod: 'EFT / bank transfer',
            proofOfPaymentUrl: proof,
          },
        });
        paymentIds.push(payment.id);
      }
    });
    expect(paymentIds).toHaveLength(MEMBERS * PAYMENTS_PER_MEMBER);
    expect(requestIds).toHaveLength(MEMBERS);

    const answeredOk = new Set<string>();
    let cut = 0;
    const perRound = Math.ceil(paymentIds.length / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      const context = `seed ${seed}, round ${round + 1}`;
      // This round's new decisions, and those still pending from earlier rounds (the admin tries again),
      // each sent twice (a double click).
      const calls = [
        ...paymentIds.slice(0, (round + 1) * perRound).map((id) => ({ id, url: `/api/admin/payments/${id}/approve` })),
        ...requestIds.slice(0, round + 1).map((id) => ({ id, url: `/api/admin/pool-requests/${id}/approve` })),
      ];
      const pendingNow = new Set(
        (
          await database.db.execute<{ id: string }>(sql`
            select id from payments where status = 'pending'
            union all select id from memberships where contribution_status = 'pending'`)
        ).rows.map((row) => row.id),
      );
      const burst = calls.filter((call) => pendingNow.has(call.id)).flatMap((call) => [call, call]);
      // The kill comes a random short time after a random number of answers (none to half of them),
      // so it lands before, among and after the approvals' commits.
      const killAfter = Math.floor(random() * (burst.length / 2 + 1));
      let answered = 0;
      let reached: () => void = () => undefined;
      const enoughAnswered = new Promise<void>((resolve) => (reached = resolve));
      if (killAfter === 0) reached();
      const answers = Promise.allSettled(
        burst.map(async (call) => {
          try {
            return { call, answer: await callApi(base(), 'POST', call.url, { token: adminToken }) };
          } finally {
            if (++answered === killAfter) reached();
          }
        }),
      );
      // A server that stops answering is killed too, and the checks below say what it left.
      await Promise.race([enoughAnswered, sleep(15_000)]);
      await sleep(Math.floor(random() * 30));
      await server!.kill();
      for (const settled of await answers) {
        if (settled.status === 'rejected') {
          cut += 1;
          continue;
        }
        const { call, answer } = settled.value;
        expect([200, 409], `${context}: ${call.url} answered ${answer.status}`).toContain(answer.status);
        if (answer.status === 200) {
          // One approval of a decision is answered 200, ever; the others 409.
          expect(answeredOk.has(call.id), `${context}: ${call.url} answered 200 twice`).toBe(false);
          answeredOk.add(call.id);
        }
      }
      await start();
      await expectNothingHalfDone(answeredOk, context);
    }
    // The kills landed after some approvals were answered and while others were on their way.
    expect(answeredOk.size, `seed ${seed}`).toBeGreaterThan(0);
    expect(cut, `seed ${seed}`).toBeGreaterThan(0);

    // What was still pending is approved once the server stays up, and everything adds up.
    const left = await database.db.execute<{ id: string; kind: string }>(sql`
      select id, 'payment' as kind from payments where status = 'pending'
      union all select id, 'request' from memberships where contribution_status = 'pending'`);
    for (const row of left.rows) {
      const url =
        row.kind === 'payment' ? `/api/admin/payments/${row.id}/approve` : `/api/admin/pool-requests/${row.id}/approve`;
      expect((await callApi(base(), 'POST', url, { token: adminToken })).status).toBe(200);
    }
    await expectNothingHalfDone(answeredOk, `seed ${seed}, after the last restart`);
    const after = await Promise.all(
      [paying, joining].map((pool) => asAdmin<PoolAnswer>('GET', `/api/pools/${pool.id}`)),
    );
    expect(after[0]!.currentAmount).toBe(centsToRand(PAYMENT_CENTS * paymentIds.length));
    expect(after[1]!.totalMembers).toBe(MEMBERS);
    expect(after[1]!.availableShares).toBe(joining.totalShares - MEMBERS);
  }, 300_000);
});
