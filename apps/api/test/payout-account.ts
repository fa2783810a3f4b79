import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';
import { payoutAccounts } from '../src/db/schema.js';
import { bearer, TEST_PASSWORD } from './app.js';

/**
 * Seeds a payout account for a member, straight in the database, usable for payouts at once (or from
 * `usableFrom`), as if it had been saved more than 48 hours ago.
 */
export async function seedPayoutAccount(
  db: Db,
  userId: string,
  overrides: Partial<typeof payoutAccounts.$inferInsert> = {},
) {
  const values = {
    bankId: 'capitec',
    bankName: 'Capitec',
    branchCode: '470010',
    accountHolder: 'Thandi Mokoena',
    accountNumber: '1234567890',
    usableFrom: new Date('2000-01-01T00:00:00Z'),
    ...overrides,
  };
  await db
    .insert(payoutAccounts)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: [payoutAccounts.cooperativeId, payoutAccounts.userId], set: values });
}

/** Types the test password again on the token's session: a payout request within five minutes is allowed. */
export async function reauthenticate(app: FastifyInstance, token: string, password = TEST_PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/reauthenticate',
    headers: bearer(token),
    payload: { password },
  });
  expect(response.statusCode, response.body).toBe(200);
}
