import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  seedActiveMember,
  seedAdmin,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { assertMoneyInvariants } from '../../../test/invariants.js';
import { requestJoin, submitPayment } from '../../../test/investing.js';
import { seedOpenPool } from '../../../test/pools.js';

let t: TestContext;
let manager: string;
let cashier: string;
const members: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const admin = await seedAdmin(t.db, { roles: ['investment_management', 'payment_management'] });
  manager = await login(t.app, admin.email);
  cashier = manager;
  for (let i = 0; i < 4; i++) members.push(await login(t.app, (await seedActiveMember(t.db)).email));
});
afterAll(async () => {
  await t?.close();
});

type Step =
  | { kind: 'join'; member: number; shares: number }
  | { kind: 'decideRequest'; pick: number; approve: boolean }
  | { kind: 'pay'; member: number; cents: number }
  | { kind: 'decidePayment'; pick: number; approve: boolean; twice: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('join' as const), member: fc.nat(3), shares: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('decideRequest' as const), pick: fc.nat(20), approve: fc.boolean() }),
  fc.record({ kind: fc.constant('pay' as const), member: fc.nat(3), cents: fc.integer({ min: 1, max: 150_000 }) }),
  fc.record({
    kind: fc.constant('decidePayment' as const),
    pick: fc.nat(20),
    approve: fc.boolean(),
    twice: fc.boolean(),
  }),
);

async function run(steps: Step[]) {
  // A small pool, so shares and places run out within a run.
  const pool = await seedOpenPool(t.app, manager, { totalShares: 12, maxMembers: 3, targetAmount: 12000 });
  for (const s of steps) {
    if (s.kind === 'join') {
      await requestJoin(t.app, members[s.member]!, pool, s.shares);
    } else if (s.kind === 'decideRequest') {
      const pending = dataOf<{ id: string; pool: { id: string } }[]>(
        await t.app.inject({ method: 'GET', url: '/api/admin/pool-requests?limit=100', headers: bearer(manager) }),
      ).filter((r) => r.pool.id === pool.id);
      const target = pending[s.pick % Math.max(pending.length, 1)];
      if (target) {
        const url = `/api/admin/pool-requests/${target.id}/${s.approve ? 'approve' : 'reject'}`;
        await t.app.inject({ method: 'POST', url, headers: bearer(manager), payload: { reason: 'Not now' } });
      }
    } else if (s.kind === 'pay') {
      await submitPayment(t.app, members[s.member]!, pool.id, s.cents / 100);
    } else {
      const pending = dataOf<{ id: string }[]>(
        await t.app.inject({ method: 'GET', url: '/api/admin/pending-payments?limit=100', headers: bearer(cashier) }),
      );
      const target = pending[s.pick % Math.max(pending.length, 1)];
      if (target) {
        const url = `/api/admin/payments/${target.id}/${s.approve ? 'approve' : 'reject'}`;
        const decide = () =>
          t.app.inject({ method: 'POST', url, headers: bearer(cashier), payload: { reason: 'Unclear' } });
        await (s.twice ? Promise.all([decide(), decide()]) : decide());
      }
    }
    await assertMoneyInvariants(t.db);
  }
}

describe(`money invariants under random sequences (${testEngine})`, () => {
  it('hold after every step of join, approve, reject, pay and approve-payment', async () => {
    // Replay a failure with FC_SEED=<seed printed in the report> (and FC_PATH for the shrunk case).
    const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
    const path = process.env.FC_PATH;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), (steps) => run(steps)),
      { numRuns: 12, ...(seed === undefined ? {} : { seed }), ...(path ? { path } : {}) },
    );
  });
});
