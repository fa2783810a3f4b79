import { cooperativeSwitchMessages } from '@letsema/domain';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  seedActiveMember,
  TEST_PASSWORD,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { accountCounts, cooperatives, DEFAULT_COOPERATIVE_ID, logins, notifications, users } from '../../db/schema.js';
import { createMaintenance } from '../../lib/maintenance.js';
import { createLocalStorage } from '../../lib/storage.js';
import { erasePayoutAccount } from '../payout-account/service.js';
import { authMessages } from './service.js';

let t: TestContext;
let second: string;
beforeAll(async () => {
  t = await createTestApp();
  const [made] = await t.db
    .insert(cooperatives)
    .values({ name: 'Second savings club', slug: `second-${Date.now()}` })
    .returning({ id: cooperatives.id });
  second = made!.id;
});
afterAll(async () => {
  await t?.close();
});

/** A person active in the first cooperative, with a row in the second one under the same login. */
async function personInTwo() {
  const first = await seedActiveMember(t.db, { fullName: 'Palesa in Two' });
  const [other] = await t.db
    .insert(users)
    .values({
      cooperativeId: second,
      loginId: first.loginId,
      email: first.email,
      fullName: 'Palesa in Two',
      registrationStatus: 'active',
    })
    .returning();
  return { first, other: other! };
}

const me = async (token: string) =>
  dataOf<{ id: string }>(await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) }));

describe(`one login in several cooperatives (${testEngine})`, () => {
  it('signs in with one password to the cooperative used last, an active one first', async () => {
    const { first, other } = await personInTwo();
    expect((await me(await login(t.app, first.email))).id).toBe(first.id);

    await t.db
      .update(users)
      .set({ lastLoginAt: sql`now() + interval '1 minute'` })
      .where(eq(users.id, other.id));
    expect((await me(await login(t.app, first.email))).id).toBe(other.id);

    await t.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, other.id));
    expect((await me(await login(t.app, first.email))).id).toBe(first.id);
  });

  it('ends the sessions of every cooperative when the password changes', async () => {
    const { first, other } = await personInTwo();
    const inFirst = await login(t.app, first.email);
    await t.db
      .update(users)
      .set({ lastLoginAt: sql`now() + interval '1 minute'` })
      .where(eq(users.id, other.id));
    const inOther = await login(t.app, first.email);
    const inOtherAgain = await login(t.app, first.email);
    expect((await me(inOther)).id).toBe(other.id);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(inOther),
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new passphrase' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const status = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode;
    expect(await status(inFirst)).toBe(401);
    expect(await status(inOtherAgain)).toBe(401);
    expect(await status(inOther)).toBe(200);
    // The new password is the login's: it opens the first cooperative too.
    await t.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, other.id));
    expect((await me(await login(t.app, first.email, 'a brand new passphrase'))).id).toBe(first.id);
  });

  it('counts a cooperative’s members in its own row', async () => {
    const count = async (cooperativeId: string) => {
      const [row] = await t.db
        .select({ count: accountCounts.count })
        .from(accountCounts)
        .where(and(eq(accountCounts.cooperativeId, cooperativeId), eq(accountCounts.name, 'members')));
      return row?.count ?? 0;
    };
    const [firstBefore, secondBefore] = [await count(DEFAULT_COOPERATIVE_ID), await count(second)];
    await personInTwo();
    expect(await count(DEFAULT_COOPERATIVE_ID)).toBe(firstBefore + 1);
    expect(await count(second)).toBe(secondBefore + 1);
    const [real] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.cooperativeId, second), eq(users.isAdmin, false)));
    expect(await count(second)).toBe(real!.n);
  });

  it('erases a person’s row in one cooperative and keeps the login while another row is in use', async () => {
    const { first, other } = await personInTwo();
    await t.db
      .update(users)
      .set({ relationshipEndedAt: sql`now() - interval '6 years'` })
      .where(eq(users.id, first.id));
    const maintenance = createMaintenance({
      db: t.db,
      storage: createLocalStorage(path.join(t.dataDir, 'uploads')),
      logger: { info: () => undefined, error: () => undefined },
      erasePayoutAccount,
    });
    await maintenance.run();
    const [erased] = await t.db.select().from(users).where(eq(users.id, first.id));
    expect(erased!.personalDataErasedAt).not.toBeNull();
    const [kept] = await t.db.select().from(logins).where(eq(logins.id, first.loginId));
    expect(kept!.email).toBe(first.email);
    expect(kept!.passwordHash).not.toBeNull();
    expect((await me(await login(t.app, first.email))).id).toBe(other.id);
  });

  it('lets no one into a suspended cooperative: its sessions stop, and sign-in goes elsewhere or says why', async () => {
    const [closing] = await t.db
      .insert(cooperatives)
      .values({ name: 'Closing savings club', slug: `closing-${Date.now()}` })
      .returning({ id: cooperatives.id });
    const first = await seedActiveMember(t.db, { fullName: 'Kagiso in Two' });
    const [there] = await t.db
      .insert(users)
      .values({
        cooperativeId: closing!.id,
        loginId: first.loginId,
        email: first.email,
        registrationStatus: 'active',
        lastLoginAt: sql`now() + interval '1 minute'`,
      })
      .returning();
    const only = await seedActiveMember(t.db, { cooperativeId: closing!.id, fullName: 'Only in Closing' });
    const inClosing = await login(t.app, first.email);
    expect((await me(inClosing)).id).toBe(there!.id);
    const onlyToken = await login(t.app, only.email);

    await t.db.update(cooperatives).set({ status: 'suspended' }).where(eq(cooperatives.id, closing!.id));
    const status = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode;
    expect(await status(inClosing)).toBe(401);
    expect(await status(onlyToken)).toBe(401);
    expect((await me(await login(t.app, first.email))).id).toBe(first.id);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: only.email, password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(authMessages.cooperativeClosed);
  });
  it('lists the cooperatives of a person in two, and switches to the other with its own figures', async () => {
    const { first, other } = await personInTwo();
    await t.db.insert(notifications).values([
      { userId: first.id, category: 'pool', title: 'Only in the first', message: 'first' },
      { cooperativeId: second, userId: other.id, category: 'pool', title: 'Only in the second', message: 'second' },
    ]);
    const inFirst = await login(t.app, first.email);
    const listed = dataOf<{ id: string; name: string; isCurrent: boolean }[]>(
      await t.app.inject({ method: 'GET', url: '/api/auth/cooperatives', headers: bearer(inFirst) }),
    );
    expect(listed.map(({ id, isCurrent }) => ({ id, isCurrent })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: DEFAULT_COOPERATIVE_ID, isCurrent: true },
        { id: second, isCurrent: false },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    const titles = async (token: string) =>
      dataOf<{ notifications: { title: string }[] }>(
        await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(token) }),
      ).notifications.map((n) => n.title);
    expect(await titles(inFirst)).toContain('Only in the first');

    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/auth/switch',
      headers: bearer(inFirst),
      payload: { cooperativeId: second },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const inSecond = dataOf<{ token: string }>(switched).token;
    expect((await me(inSecond)).id).toBe(other.id);
    expect(await titles(inSecond)).toEqual(['Only in the second']);
    expect(await titles(inFirst)).not.toContain('Only in the second');
    // The session it came from stays open (another tab may use it).
    expect((await me(inFirst)).id).toBe(first.id);

    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/switch',
      headers: bearer(inFirst),
      payload: { cooperativeId: randomUUID() },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error).toBe(cooperativeSwitchMessages.notYours);
  });
});
