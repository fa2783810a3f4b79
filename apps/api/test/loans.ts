import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';
import { bearer, dataOf, login, seedActiveMember } from './app.js';
import { joinOk, submitPayment } from './investing.js';
import { seedPayoutAccount } from './payout-account.js';
import type { PoolAnswer } from './pools.js';

/** Lending on, at the caps of Regulation 42 for unsecured credit with the repo rate at 7%. */
export const lendingOn = {
  isEnabled: true,
  repoRatePercent: 7,
  capMarginPercent: 21,
  maxPenaltyPercent: 10,
  maxPenaltyFixed: 250,
  dualApprovalAbove: 50_000,
  confirmRulesAllowLending: true,
};

/** A personal loan at 18% a year, 3 to 24 months, three times the capital, a guarantor above it. */
export const personalProduct = {
  type: 'personal',
  name: 'Personal loan',
  description: 'For what a member needs, repaid monthly.',
  annualRatePercent: 18,
  minTermMonths: 3,
  maxTermMonths: 24,
  maxCapitalMultiple: 3,
  graceDays: 5,
  penaltyType: 'percent',
  penaltyPercent: 5,
  guarantorAboveCapital: true,
};

/** An emergency loan without interest, 1 to 6 months, up to the capital, R 50.00 late after 3 days. */
export const emergencyProduct = {
  type: 'emergency',
  name: 'Emergency loan',
  annualRatePercent: 0,
  minTermMonths: 1,
  maxTermMonths: 6,
  maxCapitalMultiple: 1,
  graceDays: 3,
  penaltyType: 'fixed',
  penaltyFixed: 50,
  guarantorAboveCapital: false,
};

/** A pool whose shares cost R 100.00, so capital comes in any hundred. */
export const hundredRandShares = { totalShares: 10_000 };

/**
 * Seeds an active member with `capital` rand paid into the pool (shares of R 100.00, one payment,
 * approved by the two admin tokens given) and answers their id, e-mail and token.
 */
export async function seedFundedMember(
  app: FastifyInstance,
  db: Db,
  options: { pool: PoolAnswer; manager: string; cashier: string; capital: number; fullName: string },
) {
  const member = await seedActiveMember(db, { fullName: options.fullName });
  const token = await login(app, member.email);
  const joined = await joinOk(app, token, options.pool, options.capital / 100, 'once');
  const approved = await app.inject({
    method: 'POST',
    url: `/api/admin/pool-requests/${joined.id}/approve`,
    headers: bearer(options.manager),
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const payment = dataOf<{ id: string }>(await submitPayment(app, token, options.pool.id, options.capital));
  const paid = await app.inject({
    method: 'POST',
    url: `/api/admin/payments/${payment.id}/approve`,
    headers: bearer(options.cashier),
  });
  expect(paid.statusCode, paid.body).toBe(200);
  // Loans are paid into the member's payout account, saved long enough ago to be used.
  await seedPayoutAccount(db, member.id, { accountHolder: options.fullName });
  return { id: member.id, email: member.email, token };
}
