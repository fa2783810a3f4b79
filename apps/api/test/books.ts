import type { FastifyInstance } from 'fastify';
import { createCalls } from './calls.js';
import { uploadFile } from './seed.js';

/** What the month-end calculation answers of each pool, as tests read it. */
export interface MonthCalculation {
  pools: { income: number; toAllocate: number; reserve: number; members: { share: number }[] }[];
}

/**
 * Closes a month through the six steps, the bank agreeing with the ledger: `closer` locks,
 * reconciles, calculates, makes the reports and closes; `secondCloser` allocates (maker-checker).
 * Answers the calculation.
 */
export async function closeMonth(
  app: FastifyInstance,
  period: string,
  closer: string,
  secondCloser: string,
): Promise<MonthCalculation> {
  const { call, okData } = createCalls(() => app);
  const step = (name: string) => `/api/admin/month-end/${period}/${name}`;
  await okData(call('POST', step('lock'), closer));
  const state = await okData<{ bank: { ledgerBalance: number } }>(
    call('GET', `/api/admin/month-end/${period}`, closer),
  );
  await okData(
    call('POST', step('reconcile'), closer, {
      bankClosingBalance: state.bank.ledgerBalance,
      bankStatementUrl: await uploadFile(app, closer, 'bank-statement'),
    }),
  );
  const calculated = await okData<{ calculation: MonthCalculation }>(call('POST', step('calculate'), closer));
  await okData(call('POST', step('allocate'), secondCloser));
  await okData(call('POST', step('reports'), closer));
  await okData(call('POST', step('close'), closer));
  return calculated.calculation;
}

/** Records interest earned by a pool on `date` (`recorder`) and approves it (`approver`, maker-checker). */
export async function recordApprovedInterest(
  app: FastifyInstance,
  income: { poolId: string; amount: number; date: string },
  recorder: string,
  approver: string,
): Promise<void> {
  const { call, okData } = createCalls(() => app);
  const recorded = await okData<{ id: string }>(
    call('POST', '/api/admin/income', recorder, {
      category: 'interest',
      description: 'Interest',
      proofUrl: await uploadFile(app, recorder, 'income-proof'),
      ...income,
    }),
    201,
  );
  await okData(call('POST', `/api/admin/income/${recorded.id}/approve`, approver));
}
