import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedActiveMember, type TestContext } from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { seedPayoutAccount } from '../../../test/payout-account.js';
import { payoutAccounts, users } from '../../db/schema.js';
import { createMaintenance } from '../../lib/maintenance.js';
import { createLocalStorage } from '../../lib/storage.js';
import { erasePayoutAccount } from './service.js';

let t: TestContext;
const quietLogger = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`erasing a member who left (${testEngine})`, () => {
  it('keeps only the last four digits of their payout account and no holder name', async () => {
    const gone = await seedActiveMember(t.db, { fullName: 'Gone Member' });
    const staying = await seedActiveMember(t.db, { fullName: 'Staying Member' });
    await seedPayoutAccount(t.db, gone.id, { accountHolder: 'Gone Member', accountNumber: '62001234567' });
    await seedPayoutAccount(t.db, staying.id, { accountHolder: 'Staying Member', accountNumber: '62007654321' });
    await t.db
      .update(users)
      .set({ relationshipEndedAt: new Date(Date.now() - 6 * 366 * 24 * 60 * 60 * 1000) })
      .where(eq(users.id, gone.id));
    const maintenance = createMaintenance({
      erasePayoutAccount,
      db: t.db,
      storage: createLocalStorage(path.join(t.dataDir, 'uploads')),
      logger: quietLogger,
      kycRetentionYears: 5,
    });
    expect((await maintenance.run()).erasedMembers).toBe(1);
    const [erased] = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, gone.id));
    expect(erased).toMatchObject({ accountNumber: '4567', accountHolder: '' });
    const [kept] = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, staying.id));
    expect(kept).toMatchObject({ accountNumber: '62007654321', accountHolder: 'Staying Member' });
  });
});
