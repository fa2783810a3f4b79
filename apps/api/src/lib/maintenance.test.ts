import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, registerMember, seedActiveMember, type TestContext } from '../../test/app.js';
import { testEngine } from '../../test/database.js';
import { seedSubmittedMember, uploadFile } from '../../test/seed.js';
import { auditLog, emailOutbox, files, mfaChallenges, nextOfKin, rateLimits, sessions, users } from '../db/schema.js';
import { createMaintenance } from './maintenance.js';
import { createLocalStorage } from './storage.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
const quietLogger = { info: () => undefined, error: () => undefined };
const uploadsDir = () => path.join(t.dataDir, 'uploads');
const keyOf = (url: string) => url.replace('/api/files/', '');

describe(`the daily maintenance (${testEngine})`, () => {
  it('removes aged rows and files nothing refers to, keeps the rest, and does nothing more the second time', async () => {
    const member = await registerMember(t.app);
    // A profile picture in use, and an abandoned upload; both a day and more old.
    const kept = await uploadFile(t.app, member.token, 'profile-picture');
    const [row] = await t.db.select().from(users).where(eq(users.id, member.userId));
    expect(row!.profilePictureUrl).toBe(kept);
    const abandoned = await uploadFile(t.app, member.token, 'proof-of-payment');
    const fresh = await uploadFile(t.app, member.token, 'proof-of-payment');
    await t.db
      .update(files)
      .set({ createdAt: daysAgo(2) })
      .where(inArray(files.key, [keyOf(kept), keyOf(abandoned)]));

    // Mail: one sent long ago, one sent lately, one still waiting.
    const [oldMail, newMail, waiting] = await t.db
      .insert(emailOutbox)
      .values([
        { to: member.email, subject: 'old', text: 'x', status: 'sent', sentAt: daysAgo(31) },
        { to: member.email, subject: 'new', text: 'x', status: 'sent', sentAt: daysAgo(2) },
        { to: member.email, subject: 'waiting', text: 'x', status: 'pending' },
      ])
      .returning({ id: emailOutbox.id });
    // Sessions: one expired long ago, one ended long ago, one alive.
    const other = await seedActiveMember(t.db);
    const alive = await login(t.app, other.email);
    const [expired, ended] = await t.db
      .insert(sessions)
      .values([
        { userId: other.id, expiresAt: daysAgo(8) },
        { userId: other.id, expiresAt: daysAgo(-1), revokedAt: daysAgo(9) },
      ])
      .returning({ id: sessions.id });
    await t.db.insert(rateLimits).values([
      { key: 'test:old-counter', count: 3, windowStart: daysAgo(8) },
      { key: 'test:new-counter', count: 3, windowStart: daysAgo(1) },
    ]);
    await t.db.insert(mfaChallenges).values({ userId: other.id, method: 'password', expiresAt: daysAgo(2) });

    const maintenance = createMaintenance({ db: t.db, storage: createLocalStorage(uploadsDir()), logger: quietLogger });
    const first = await maintenance.run();
    expect(first.sentMails).toBeGreaterThanOrEqual(1);
    expect(first.sessions).toBeGreaterThanOrEqual(2);
    expect(first.rateLimits).toBeGreaterThanOrEqual(1);
    expect(first.mfaChallenges).toBeGreaterThanOrEqual(1);
    expect(first.orphanFiles).toBe(1);

    const mailIds = (await t.db.select({ id: emailOutbox.id }).from(emailOutbox)).map((r) => r.id);
    expect(mailIds).not.toContain(oldMail!.id);
    expect(mailIds).toEqual(expect.arrayContaining([newMail!.id, waiting!.id]));
    const sessionIds = (await t.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id);
    expect(sessionIds).not.toContain(expired!.id);
    expect(sessionIds).not.toContain(ended!.id);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${alive}` } }))
        .statusCode,
    ).toBe(200);
    const counters = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(counters).toContain('test:new-counter');
    expect(counters).not.toContain('test:old-counter');

    const fileKeys = (await t.db.select({ key: files.key }).from(files)).map((r) => r.key);
    expect(fileKeys).toEqual(expect.arrayContaining([keyOf(kept), keyOf(fresh)]));
    expect(fileKeys).not.toContain(keyOf(abandoned));
    expect(existsSync(path.join(uploadsDir(), keyOf(abandoned)))).toBe(false);
    expect(existsSync(path.join(uploadsDir(), keyOf(kept)))).toBe(true);

    expect(await maintenance.run()).toEqual({
      erasedMembers: 0,
      sentMails: 0,
      sessions: 0,
      rateLimits: 0,
      mfaChallenges: 0,
      orphanFiles: 0,
    });
  });

  it('runs once a day however many instances ask at the same moment', async () => {
    await t.db.delete(rateLimits).where(eq(rateLimits.key, 'maintenance:daily'));
    const instances = Array.from({ length: 4 }, () =>
      createMaintenance({ db: t.db, storage: createLocalStorage(uploadsDir()), logger: quietLogger }),
    );
    const reports = await Promise.all(instances.map((instance) => instance.runIfDue()));
    expect(reports.filter((report) => report !== null)).toHaveLength(1);
    expect(await instances[0]!.runIfDue()).toBeNull();
    // A day later it is due again.
    await t.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '25 hours'` })
      .where(eq(rateLimits.key, 'maintenance:daily'));
    expect(await instances[1]!.runIfDue()).not.toBeNull();
  });

  it('erases the documents and personal fields of members gone longer than KYC_RETENTION_YEARS, keeping their money records', async () => {
    const gone = await seedSubmittedMember(t.app);
    const recent = await seedSubmittedMember(t.app);
    const proof = await uploadFile(t.app, gone.token, 'proof-of-payment');
    await t.db
      .update(users)
      .set({ relationshipEndedAt: daysAgo(6 * 366) })
      .where(eq(users.id, gone.userId));
    await t.db
      .update(users)
      .set({ relationshipEndedAt: daysAgo(4 * 365) })
      .where(eq(users.id, recent.userId));
    const goneKeys = (await t.db.select().from(files).where(eq(files.ownerId, gone.userId))).map((f) => f.key);

    const maintenance = createMaintenance({
      db: t.db,
      storage: createLocalStorage(uploadsDir()),
      logger: quietLogger,
      kycRetentionYears: 5,
    });
    const report = await maintenance.run();
    expect(report.erasedMembers).toBe(1);

    const [erased] = await t.db.select().from(users).where(eq(users.id, gone.userId));
    expect(erased).toMatchObject({
      fullName: null,
      nationalId: null,
      dateOfBirth: null,
      address: null,
      phoneNumber: null,
      idDocumentUrl: null,
      profilePictureUrl: null,
      passwordHash: null,
      accountStatus: 'suspended',
    });
    expect(erased!.email).not.toBe(gone.email);
    expect(erased!.personalDataErasedAt).not.toBeNull();
    expect(await t.db.select().from(nextOfKin).where(eq(nextOfKin.userId, gone.userId))).toEqual([]);
    const left = await t.db.select().from(files).where(eq(files.ownerId, gone.userId));
    expect(left.map((f) => `/api/files/${f.key}`)).toEqual([proof]);
    for (const key of goneKeys.filter((k) => `/api/files/${k}` !== proof)) {
      expect(existsSync(path.join(uploadsDir(), key))).toBe(false);
    }
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, gone.userId), eq(auditLog.action, 'privacy.erase')));
    expect(audit?.after).toMatchObject({ documents: 8, nextOfKin: 2 });

    const [kept] = await t.db.select().from(users).where(eq(users.id, recent.userId));
    expect(kept!.nationalId).not.toBeNull();
    expect((await maintenance.run()).erasedMembers).toBe(0);
  });
});
