import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  login,
  registerMember,
  seedActiveMember,
  seedAdmin,
  type TestContext,
} from '../../test/app.js';
import { testEngine } from '../../test/database.js';
import { joinOk } from '../../test/investing.js';
import { erasePayoutAccount } from '../modules/payout-account/service.js';
import { seedOpenPool } from '../../test/pools.js';
import { seedSubmittedMember, uploadFile } from '../../test/seed.js';
import {
  auditLog,
  correctionRequests,
  emailOutbox,
  exitRequests,
  files,
  logins,
  memberships,
  mfaChallenges,
  nextOfKin,
  rateLimits,
  sessions,
  users,
  withdrawals,
} from '../db/schema.js';
import { writeAudit } from './audit.js';
import { createMaintenance } from './maintenance.js';
import { selectAccount } from '../db/accounts.js';
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

    // Mail: one sent long ago, one sent lately, one still waiting; one failed and one never sent a month ago.
    const [oldMail, newMail, waiting, oldFailed, oldPending] = await t.db
      .insert(emailOutbox)
      .values([
        { to: member.email, subject: 'old', text: 'x', status: 'sent', sentAt: daysAgo(31) },
        { to: member.email, subject: 'new', text: 'x', status: 'sent', sentAt: daysAgo(2) },
        { to: member.email, subject: 'waiting', text: 'x', status: 'pending' },
        { to: member.email, subject: 'failed', text: 'Hello Thandi', status: 'failed', createdAt: daysAgo(31) },
        { to: member.email, subject: 'stuck', text: 'Hello Thandi', status: 'pending', createdAt: daysAgo(31) },
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

    const maintenance = createMaintenance({
      db: t.db,
      storage: createLocalStorage(uploadsDir()),
      logger: quietLogger,
      erasePayoutAccount,
    });
    const first = await maintenance.run();
    expect(first.sentMails).toBeGreaterThanOrEqual(1);
    expect(first.unsentMails).toBeGreaterThanOrEqual(2);
    expect(first.sessions).toBeGreaterThanOrEqual(2);
    expect(first.rateLimits).toBeGreaterThanOrEqual(1);
    expect(first.mfaChallenges).toBeGreaterThanOrEqual(1);
    expect(first.orphanFiles).toBe(1);

    const mailIds = (await t.db.select({ id: emailOutbox.id }).from(emailOutbox)).map((r) => r.id);
    expect(mailIds).not.toContain(oldMail!.id);
    expect(mailIds).not.toContain(oldFailed!.id);
    expect(mailIds).not.toContain(oldPending!.id);
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
      erasedApplicants: 0,
      sentMails: 0,
      unsentMails: 0,
      sessions: 0,
      rateLimits: 0,
      mfaChallenges: 0,
      orphanFiles: 0,
    });
  });

  it('runs once a day however many instances ask at the same moment', async () => {
    await t.db.delete(rateLimits).where(eq(rateLimits.key, 'maintenance:daily'));
    const instances = Array.from({ length: 4 }, () =>
      createMaintenance({
        db: t.db,
        storage: createLocalStorage(uploadsDir()),
        logger: quietLogger,
        erasePayoutAccount,
      }),
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
      erasePayoutAccount,
      db: t.db,
      storage: createLocalStorage(uploadsDir()),
      logger: quietLogger,
      kycRetentionYears: 5,
    });
    const report = await maintenance.run();
    expect(report.erasedMembers).toBe(1);

    const [erased] = await selectAccount(t.db).where(eq(users.id, gone.userId));
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

  /** Makes every trace of the account's activity `days` old: its changes, sign-ins and sessions. */
  async function quietFor(userId: string, days: number) {
    await t.db
      .update(users)
      .set({ createdAt: daysAgo(days + 1), updatedAt: daysAgo(days), lastLoginAt: daysAgo(days) })
      .where(eq(users.id, userId));
    await t.db
      .update(sessions)
      .set({ lastSeenAt: daysAgo(days) })
      .where(eq(sessions.userId, userId));
  }

  it('erases applicants never approved (rejected, abandoned, suspended) APPLICANT_RETENTION_MONTHS after they went quiet', async () => {
    const manager = await login(t.app, (await seedAdmin(t.db, { roles: ['member_management'] })).email);
    const rejected = await seedSubmittedMember(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${rejected.userId}/reject-kyc`,
      headers: bearer(manager),
      payload: { reason: 'The ID document is not readable.', rejectedFields: ['idDocumentUrl'] },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const abandoned = await registerMember(t.app);
    const suspended = await seedSubmittedMember(t.app);
    await t.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, suspended.userId));
    const recentlyRejected = await seedSubmittedMember(t.app);
    const oldMember = await seedActiveMember(t.db, { nationalId: '8001015009087' });
    for (const applicant of [rejected, abandoned, suspended]) await quietFor(applicant.userId, 370);
    await quietFor(recentlyRejected.userId, 330);
    await quietFor(oldMember.id, 800);
    const rejectedKeys = (await t.db.select().from(files).where(eq(files.ownerId, rejected.userId))).map((f) => f.key);
    expect(rejectedKeys.length).toBeGreaterThan(0);

    const maintenance = createMaintenance({
      erasePayoutAccount,
      db: t.db,
      storage: createLocalStorage(uploadsDir()),
      logger: quietLogger,
      applicantRetentionMonths: 12,
    });
    const report = await maintenance.run();
    expect(report.erasedApplicants).toBe(3);

    for (const applicant of [rejected, abandoned, suspended]) {
      const [row] = await selectAccount(t.db).where(eq(users.id, applicant.userId));
      expect(row).toMatchObject({ fullName: null, nationalId: null, idDocumentUrl: null, passwordHash: null });
      // Their only row is erased, so their login goes too: nobody signs in with the old address.
      const [login] = await t.db.select().from(logins).where(eq(logins.id, row!.loginId));
      expect(login!.email).toBe(`erased-${row!.loginId}@letsema.invalid`);
      expect(row!.email).toBe(`erased-${applicant.userId}@letsema.invalid`);
      expect(row!.personalDataErasedAt).not.toBeNull();
      expect(await t.db.select().from(files).where(eq(files.ownerId, applicant.userId))).toEqual([]);
      expect(await t.db.select().from(nextOfKin).where(eq(nextOfKin.userId, applicant.userId))).toEqual([]);
      expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, applicant.email))).toEqual([]);
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, applicant.userId), eq(auditLog.action, 'privacy.erase')));
      expect(audit?.after).toMatchObject({ neverApproved: true, retentionMonths: 12 });
    }
    for (const key of rejectedKeys) expect(existsSync(path.join(uploadsDir(), key))).toBe(false);
    const [stillThere] = await t.db.select().from(users).where(eq(users.id, recentlyRejected.userId));
    expect(stillThere!.nationalId).toBe(recentlyRejected.nationalId);
    const [member] = await t.db.select().from(users).where(eq(users.id, oldMember.id));
    expect(member!.nationalId).toBe('8001015009087');

    // A shorter clock, from the configuration, takes the quieter one too.
    const sooner = createMaintenance({
      erasePayoutAccount,
      db: t.db,
      storage: createLocalStorage(uploadsDir()),
      logger: quietLogger,
      applicantRetentionMonths: 10,
    });
    expect((await sooner.run()).erasedApplicants).toBe(1);
  });

  it('on erasure keeps only the last four digits of withdrawal accounts, blanks exit and loan reasons, and drops corrections and mail', async () => {
    const manager = await login(t.app, (await seedAdmin(t.db, { roles: ['investment_management'] })).email);
    const pool = await seedOpenPool(t.app, manager);
    const member = await seedActiveMember(t.db);
    const token = await login(t.app, member.email);
    const joined = await joinOk(t.app, token, pool, 1, 'once');
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/pool-requests/${joined.id}/approve`,
      headers: bearer(manager),
    });
    expect(approved.statusCode).toBe(200);
    const [membership] = await t.db.select().from(memberships).where(eq(memberships.id, joined.id));
    const [withdrawal] = await t.db
      .insert(withdrawals)
      .values({
        userId: member.id,
        membershipId: membership!.id,
        poolId: pool.id,
        amountCents: 10_000,
        accountHolder: 'Thandi Mokoena',
        bankName: 'Capitec Bank',
        accountNumber: '1234 5678 90',
        branchCode: '470010',
        status: 'rejected',
      })
      .returning();
    // Audited as the withdrawal service does, with the whole row.
    await writeAudit(t.db, {
      actorId: member.id,
      action: 'withdrawal.request',
      targetType: 'withdrawal',
      targetId: withdrawal!.id,
      after: { ...withdrawal, member: { id: member.id, fullName: member.fullName, email: member.email } },
    });
    await t.db.insert(exitRequests).values({
      userId: member.id,
      membershipId: membership!.id,
      poolId: pool.id,
      reason: 'My husband Sipho lost his job at the mine.',
      earlyReason: 'Medical bills for my daughter.',
      noticeEndsOn: '2020-01-01',
      status: 'cancelled',
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/corrections',
      headers: bearer(token),
      payload: { field: 'address', message: 'I moved to 12 Vilakazi Street, Soweto.' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    await t.db.insert(emailOutbox).values({ to: member.email, subject: 'Hello Thandi', text: 'x', status: 'failed' });
    await t.db
      .update(users)
      .set({ relationshipEndedAt: daysAgo(6 * 366) })
      .where(eq(users.id, member.id));

    const maintenance = createMaintenance({
      db: t.db,
      storage: createLocalStorage(uploadsDir()),
      logger: quietLogger,
      erasePayoutAccount,
    });
    expect((await maintenance.run()).erasedMembers).toBe(1);

    const [masked] = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, member.id));
    expect(masked).toMatchObject({ accountNumber: '…7890', accountHolder: '', amountCents: 10_000 });
    const [exit] = await t.db.select().from(exitRequests).where(eq(exitRequests.userId, member.id));
    expect(exit).toMatchObject({ reason: '', earlyReason: null, status: 'cancelled' });
    expect(await t.db.select().from(correctionRequests).where(eq(correctionRequests.userId, member.id))).toEqual([]);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, member.email))).toEqual([]);
    // The membership, its money, stays under the account's id.
    expect(await t.db.select().from(memberships).where(eq(memberships.userId, member.id))).toHaveLength(1);
    // Nothing of the member is left in the audit log's before and after.
    const trail = await t.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(sql`${auditLog.actorId} = ${member.id} or ${auditLog.targetId} in (${member.id}, ${withdrawal!.id})`);
    expect(trail.find((row) => (row.after as { accountNumber?: string })?.accountNumber)?.after).toMatchObject({
      accountNumber: '…7890',
      member: { id: member.id },
    });
    const written = JSON.stringify(trail);
    for (const personal of ['Thandi', 'Mokoena', 'Vilakazi', member.email, '1234 5678 90']) {
      expect(written).not.toContain(personal);
    }
  });
});
