import { investingMessages } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../apps/api/src/db/client.js';
import { users } from '../../../apps/api/src/db/schema.js';
import { ADMIN } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { useBrowser } from '../../fixtures/browser.js';
import { createPayingMember, payOverApi } from '../../fixtures/investing.js';
import { useOwnServer } from '../../fixtures/own-server.js';

const newPage = useBrowser();

describe("an admin's own payment", () => {
  // A member who later joins the staff: the API lets no admin join a pool, so the account is made an
  // admin in the database while the server is stopped, as a cooperative's staff change would leave it.
  const own = useOwnServer('own-payment');

  it('shows its admin the reason instead of Approve and Reject, and another admin Approve', async () => {
    await own.start();
    const { member, pool, instalmentCents } = await createPayingMember('Zanele Staff');
    await payOverApi(member.token, pool.id, instalmentCents, 'EFT / bank transfer');
    await own.stop();
    const database = await openDatabase({ dataDir: own.dataDir });
    try {
      await database.db
        .update(users)
        .set({ isAdmin: true, adminRoles: ['payment_management'] })
        .where(eq(users.email, member.email));
    } finally {
      await database.close();
    }
    await own.start();

    const staff = await newPage({ width: 1440, height: 900 });
    await signIn(staff, member.email, member.password);
    await staff.goto('/admin/payments/pending');
    const mine = staff.getByRole('row').filter({ hasText: member.email });
    await mine.getByText(investingMessages.ownPayment).waitFor();
    expect(await mine.getByRole('button', { name: /^(Approve|Reject) payment from / }).count()).toBe(0);

    const checker = await newPage({ width: 1440, height: 900 });
    await signIn(checker, ADMIN.email, ADMIN.password);
    await checker.goto('/admin/payments/pending');
    const theirs = checker.getByRole('row').filter({ hasText: member.email });
    await theirs.getByRole('button', { name: 'Approve payment from Zanele Staff' }).waitFor();
    expect(await theirs.getByText(investingMessages.ownPayment).count()).toBe(0);
  });
});
