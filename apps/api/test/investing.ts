import { instalmentAmount, randToCents, type PaymentFrequency } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, dataOf } from './app.js';
import type { PoolAnswer } from './pools.js';
import { uploadFile } from './seed.js';

/** Asks to join `pool` with the figures the pool's terms give, and answers the response. */
export function requestJoin(app: FastifyInstance, token: string, pool: PoolAnswer, shares: number, plan = 'monthly') {
  const commitmentCents = randToCents(pool.pricePerShare)! * shares;
  const instalment = instalmentAmount(commitmentCents, plan as PaymentFrequency, pool.investmentDuration);
  return app.inject({
    method: 'POST',
    url: '/api/payments/join-pool',
    headers: bearer(token),
    payload: {
      poolId: pool.id,
      numberOfShares: shares,
      totalCommitment: commitmentCents / 100,
      installmentPlan: plan,
      contributionAmount: instalment / 100,
    },
  });
}

export async function joinOk(app: FastifyInstance, token: string, pool: PoolAnswer, shares: number, plan = 'monthly') {
  const response = await requestJoin(app, token, pool, shares, plan);
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<{ id: string; totalCommitment: number; contributionAmount: number }>(response);
}

/** Submits a payment with a freshly uploaded proof. */
export async function submitPayment(
  app: FastifyInstance,
  token: string,
  poolId: string,
  amount: number,
  method = 'EFT / bank transfer',
) {
  const proof = await uploadFile(app, token, 'proof-of-payment');
  return app.inject({
    method: 'POST',
    url: '/api/payments/create',
    headers: bearer(token),
    payload: { poolId, amount, paymentMethod: method, proofOfPaymentUrl: proof },
  });
}
