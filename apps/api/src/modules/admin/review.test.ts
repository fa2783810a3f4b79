import { and, asc, eq } from 'drizzle-orm';
import { queueKeys } from '@letsema/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  registerMember,
  seedAdmin,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { addKin, seedSubmittedMember, uploadFile } from '../../../test/seed.js';
import { auditLog, emailOutbox, nextOfKin, notifications, users } from '../../db/schema.js';

let t: TestContext;
let adminToken: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await seedAdmin(t.db, { roles: ['member_management'] });
  adminId = admin.id;
  adminToken = await login(t.app, admin.email);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, token = adminToken, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const counts = async () => dataOf<Record<string, number>>(await call('GET', '/api/admin/dashboard/pending-counts'));
const pendingIds = async () =>
  dataOf<{ id: string }[]>(await call('GET', '/api/admin/pending-kyc?limit=100')).map((u) => u.id);
const me = async (token: string) =>
  dataOf<{ registrationStatus: string; rejectedFields: string[]; idDocumentUrl: string | null }>(
    await call('GET', '/api/auth/me', token),
  );

describe(`registration review (${testEngine})`, () => {
  it('counts and lists a submission only once it is complete', async () => {
    const before = (await counts()).registrations;
    const partial = await registerMember(t.app);
    await addKinlessProfile(partial.token);
    expect((await counts()).registrations).toBe(before);
    expect(await pendingIds()).not.toContain(partial.userId);

    const member = await seedSubmittedMember(t.app);
    expect((await counts()).registrations).toBe(before! + 1);
    expect(await pendingIds()).toContain(member.userId);
    // A member_management admin is counted the member queues only.
    expect(Object.keys(await counts())).toEqual(['registrations', 'corrections', 'passwordResets']);
  });

  it('lists the queue oldest submission first, a page at a time, each with the user view and its submission time', async () => {
    const submitted = [
      await seedSubmittedMember(t.app),
      await seedSubmittedMember(t.app),
      await seedSubmittedMember(t.app),
    ];
    // Submission times out of the order of creation, one with microseconds the answer cuts to milliseconds.
    const times = ['2020-01-03T10:00:00.000Z', '2020-01-01T10:00:00.123Z', '2020-01-02T10:00:00.000Z'];
    for (const [i, member] of submitted.entries()) {
      await t.db
        .update(users)
        .set({ submittedAt: new Date(times[i]!) })
        .where(eq(users.id, member.userId));
    }
    const page = async (n: number) => {
      const response = await call('GET', `/api/admin/pending-kyc?page=${n}&limit=2`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      return dataOf<Array<{ id: string; email: string; submittedAt: string; nationalId: string | null }>>(response);
    };
    const first = await page(1);
    expect(first.map((u) => u.id)).toEqual([submitted[1]!.userId, submitted[2]!.userId]);
    expect(first[0]).toMatchObject({
      email: submitted[1]!.email,
      submittedAt: times[1],
      isAdmin: false,
      hasPassword: true,
    });
    expect(first[0]).not.toHaveProperty('passwordHash');
    const second = await page(2);
    expect(second[0]!.id).toBe(submitted[0]!.userId);
    // Far past the end: an empty page, not an error.
    expect(await page(10_000)).toEqual([]);
  });

  it('answers every change to a page of the queue, however it was made, though the server keeps its pages', async () => {
    const first = [
      await seedSubmittedMember(t.app),
      await seedSubmittedMember(t.app),
      await seedSubmittedMember(t.app),
    ];
    // The oldest submissions of all, so they lead the queue whatever else waits.
    const submittedAt = (day: number) => new Date(Date.UTC(1990, 0, day));
    for (const [i, member] of first.entries()) {
      await t.db
        .update(users)
        .set({ submittedAt: submittedAt(2 + i) })
        .where(eq(users.id, member.userId));
    }
    const page = async (n: number, limit: number) => {
      const answers = [];
      for (let again = 0; again < 2; again += 1) {
        answers.push(
          dataOf<Array<{ id: string; fullName: string }>>(
            await call('GET', `/api/admin/pending-kyc?page=${n}&limit=${limit}`),
          ),
        );
      }
      expect(answers[1]).toEqual(answers[0]);
      return answers[0]!.map((member) => [member.id, member.fullName]);
    };
    const [a, b, c] = first.map((member) => member.userId);
    const nameOf = async (id: string) =>
      (await t.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, id)))[0]!.fullName;
    expect(await page(1, 2)).toEqual([
      [a, await nameOf(a!)],
      [b, await nameOf(b!)],
    ]);
    expect((await page(2, 1)).map(([id]) => id)).toEqual([b]);

    // Written straight to the database, as another instance of the server would.
    await t.db.update(users).set({ fullName: 'Renamed Elsewhere' }).where(eq(users.id, a!));
    expect(await page(1, 2)).toEqual([
      [a, 'Renamed Elsewhere'],
      [b, await nameOf(b!)],
    ]);
    await t.db.update(users).set({ registrationStatus: 'active' }).where(eq(users.id, a!));
    expect((await page(1, 2)).map(([id]) => id)).toEqual([b, c]);
    expect((await page(2, 1)).map(([id]) => id)).toEqual([c]);
    await t.db
      .update(users)
      .set({ registrationStatus: 'pending_kyc', submittedAt: submittedAt(1) })
      .where(eq(users.id, a!));
    expect((await page(1, 2)).map(([id]) => id)).toEqual([a, b]);
    expect((await page(2, 1)).map(([id]) => id)).toEqual([b]);
  });

  it('shows one member with their next of kin, and 404 for an unknown or admin id', async () => {
    const member = await seedSubmittedMember(t.app);
    const view = dataOf<{ email: string; nextOfKin: { nokOrder: number; verificationStatus: string }[] }>(
      await call('GET', `/api/admin/users/${member.userId}`),
    );
    expect(view.email).toBe(member.email);
    expect(view.nextOfKin.map((k) => [k.nokOrder, k.verificationStatus])).toEqual([
      [1, 'pending'],
      [2, 'pending'],
    ]);
    expect(view).not.toHaveProperty('passwordHash');
    const missing = await call('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('User not found');
    expect((await call('GET', '/api/admin/users/not-a-uuid')).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/users/${adminId}`)).statusCode).toBe(404);
  });

  it('runs the whole state machine: reject, resubmit, approve kin, approve KYC', async () => {
    const member = await seedSubmittedMember(t.app);
    const base = `/api/admin/users/${member.userId}`;

    // A reason and at least one field are required.
    for (const payload of [
      { reason: ' ', rejectedFields: ['idDocumentUrl'] },
      { reason: 'Blurry', rejectedFields: [] },
      {},
    ]) {
      const refused = await call('POST', `${base}/reject-kyc`, adminToken, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('Please provide a rejection reason and select at least one field');
    }

    const rejected = await call('POST', `${base}/reject-kyc`, adminToken, {
      reason: 'The ID document is blurry',
      rejectedFields: ['idDocumentUrl'],
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const returned = await me(member.token);
    expect(returned.registrationStatus).toBe('rejected');
    expect(returned.rejectedFields).toEqual(['idDocumentUrl']);
    expect(returned.idDocumentUrl).toBeNull();
    expect(await pendingIds()).not.toContain(member.userId);

    // Deciding again while it is with the member is a conflict and changes nothing.
    expect((await call('POST', `${base}/approve-kyc`)).statusCode).toBe(409);
    expect((await call('POST', `${base}/nok/1/approve`)).statusCode).toBe(409);

    // The member re-uploads: the registration returns to review.
    await uploadFile(t.app, member.token, 'id-document');
    const resubmitted = await me(member.token);
    expect(resubmitted.registrationStatus).toBe('pending_kyc');
    expect(resubmitted.rejectedFields).toEqual([]);
    expect(await pendingIds()).toContain(member.userId);

    // KYC cannot be approved before both next of kin.
    const early = await call('POST', `${base}/approve-kyc`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('Please approve both next of kin before approving the registration');

    expect((await call('POST', `${base}/nok/1/approve`)).statusCode).toBe(200);
    expect((await call('POST', `${base}/nok/1/approve`)).statusCode).toBe(409);
    expect((await call('POST', `${base}/nok/2/approve`)).statusCode).toBe(200);
    expect((await call('POST', `${base}/approve-kyc`)).statusCode).toBe(200);
    expect((await me(member.token)).registrationStatus).toBe('active');
    expect((await call('POST', `${base}/approve-kyc`)).statusCode).toBe(409);
    expect(
      (await call('POST', `${base}/reject-kyc`, adminToken, { reason: 'x', rejectedFields: ['personalInfo'] }))
        .statusCode,
    ).toBe(409);

    // Every decision is in the audit log, in order, with who made it.
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.actorId, adminId)).orderBy(asc(auditLog.id));
    const mine = rows.filter((r) => r.targetId === member.userId || r.action.startsWith('kin.'));
    expect(mine.map((r) => r.action).filter((a) => a !== 'kin.reject')).toEqual(
      expect.arrayContaining(['kyc.reject', 'kin.approve', 'kin.approve', 'kyc.approve']),
    );
    const approval = rows.find((r) => r.action === 'kyc.approve' && r.targetId === member.userId)!;
    expect(approval.before).toMatchObject({ registrationStatus: 'pending_kyc' });
    expect(approval.after).toMatchObject({ registrationStatus: 'active' });
    expect(JSON.stringify(rows)).not.toContain('8001015009087');

    // The member was told of each decision, in the app and by e-mail.
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, member.userId));
    expect(notes.map((n) => n.title)).toEqual(
      expect.arrayContaining([
        'Registration received',
        'Registration needs changes',
        'Registration resubmitted',
        'Next of kin #1 approved',
        'Next of kin #2 approved',
        'Registration approved',
      ]),
    );
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, member.email));
    expect(mails.map((m) => m.subject)).toContain('Letsema: registration approved');
    expect(mails.find((m) => m.subject.includes('needs changes'))!.text).toContain('The ID document is blurry');
  });

  it('returns a next of kin: its documents are cleared and saving it again updates it', async () => {
    const member = await seedSubmittedMember(t.app);
    const base = `/api/admin/users/${member.userId}`;
    const rejected = await call('POST', `${base}/nok/2/reject`, adminToken, {
      reason: 'Proof of address is older than three months',
      rejectedFields: ['proofOfAddressUrl'],
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [kin] = await t.db
      .select()
      .from(nextOfKin)
      .where(and(eq(nextOfKin.userId, member.userId), eq(nextOfKin.nokOrder, 2)));
    expect(kin!.verificationStatus).toBe('rejected');
    expect(kin!.proofOfAddressUrl).toBeNull();
    expect(kin!.idDocumentUrl).not.toBeNull();
    expect((await me(member.token)).registrationStatus).toBe('rejected');

    await addKin(t.app, member.token, 2);
    const all = await t.db.select().from(nextOfKin).where(eq(nextOfKin.userId, member.userId));
    expect(all).toHaveLength(2);
    expect(all.find((k) => k.nokOrder === 2)!.verificationStatus).toBe('pending');
    expect((await me(member.token)).registrationStatus).toBe('pending_kyc');
  });

  it('refuses members and admins without member_management with 403, and anonymous calls with 401', async () => {
    const member = await seedSubmittedMember(t.app);
    const cashier = await login(t.app, (await seedAdmin(t.db, { roles: ['payment_management'] })).email);
    const base = `/api/admin/users/${member.userId}`;
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/admin/pending-kyc'],
      ['GET', base],
      ['POST', `${base}/approve-kyc`],
      ['POST', `${base}/reject-kyc`, { reason: 'x', rejectedFields: ['personalInfo'] }],
      ['POST', `${base}/nok/1/approve`],
      ['POST', `${base}/nok/1/reject`, { reason: 'x', rejectedFields: ['personalInfo'] }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, member.token, payload)).statusCode, `member ${url}`).toBe(403);
      expect((await call(method, url, cashier, payload)).statusCode, `cashier ${url}`).toBe(403);
      expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
    // The dashboard counts are for every admin, and no member.
    expect((await call('GET', '/api/admin/dashboard/pending-counts', cashier)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/dashboard/pending-counts', member.token)).statusCode).toBe(403);
    // Nothing changed.
    const [row] = await t.db.select().from(users).where(eq(users.id, member.userId));
    expect(row!.registrationStatus).toBe('pending_kyc');
  });

  it('answers each admin the counts of the queues their roles decide, as they stand, and no member', async () => {
    const member = await seedSubmittedMember(t.app);
    const cashier = await login(t.app, (await seedAdmin(t.db, { roles: ['payment_management'] })).email);
    const auditor = await login(t.app, (await seedAdmin(t.db, { roles: ['audit'] })).email);
    const everyRole = await login(t.app, (await seedAdmin(t.db)).email);
    const before = dataOf<Record<string, number>>(await call('GET', '/api/admin/dashboard/pending-counts', everyRole));
    // An admin holding every role is counted every queue of the one definition.
    expect(Object.keys(before)).toEqual([...queueKeys]);
    const ask = () =>
      Promise.all(
        [everyRole, member.token, cashier, auditor].map((token) =>
          call('GET', '/api/admin/dashboard/pending-counts', token),
        ),
      );
    let answers = await ask();
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 403, 200, 200]);
    expect(dataOf(answers[0]!)).toEqual(before);
    expect(answers[1]!.json().data).toBeNull();
    // The payments desk hears of payments and loan repayments only; an auditor decides nothing.
    expect(dataOf(answers[2]!)).toEqual({ payments: before.payments, loanRepayments: before.loanRepayments });
    expect(dataOf(answers[3]!)).toEqual({});
    // A change made straight in the database, as another instance would, is counted at the next request.
    await t.db.update(users).set({ registrationStatus: 'active' }).where(eq(users.id, member.userId));
    answers = await ask();
    expect(dataOf(answers[0]!)).toEqual({ ...before, registrations: before.registrations! - 1 });
  });

  it('lets an admin with member_management see KYC files but not a payments-only admin', async () => {
    const member = await seedSubmittedMember(t.app);
    const view = dataOf<{ idDocumentUrl: string }>(await call('GET', `/api/admin/users/${member.userId}`));
    const cashier = await login(t.app, (await seedAdmin(t.db, { roles: ['payment_management'] })).email);
    expect((await call('GET', view.idDocumentUrl)).statusCode).toBe(200);
    expect((await call('GET', view.idDocumentUrl, cashier)).statusCode).toBe(404);
  });

  it.skipIf(testEngine !== 'postgres')('lets exactly one of two admins deciding at the same moment win', async () => {
    const second = await login(t.app, (await seedAdmin(t.db, { roles: ['member_management'] })).email);
    for (let round = 0; round < 5; round++) {
      const member = await seedSubmittedMember(t.app);
      const base = `/api/admin/users/${member.userId}`;
      const answers = await Promise.all([
        call('POST', `${base}/nok/1/approve`),
        call('POST', `${base}/nok/1/reject`, second, { reason: 'Unclear photo', rejectedFields: ['passportPhotoUrl'] }),
        call('POST', `${base}/nok/1/approve`, second),
      ]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 409, 409]);
      const audits = await t.db.select().from(auditLog).where(eq(auditLog.targetType, 'next_of_kin'));
      const [kin] = await t.db
        .select()
        .from(nextOfKin)
        .where(and(eq(nextOfKin.userId, member.userId), eq(nextOfKin.nokOrder, 1)));
      expect(audits.filter((a) => a.targetId === kin!.id)).toHaveLength(1);
    }
  });
});

async function addKinlessProfile(token: string) {
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/complete-profile',
    headers: bearer(token),
    payload: {
      fullName: 'Half Done',
      phoneNumber: '0821234567',
      identityType: 'passport',
      nationalId: 'A1234567',
      dateOfBirth: '1990-01-01',
      address: '1 Long Street, Cape Town',
    },
  });
  await uploadFile(t.app, token, 'profile-picture');
}

describe(`the audit log (${testEngine})`, () => {
  it('cannot be changed or emptied once written', async () => {
    const member = await seedSubmittedMember(t.app);
    await call('POST', `/api/admin/users/${member.userId}/nok/1/approve`);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.actorId, adminId)).limit(1);
    expect(row).toBeDefined();
    await expect(
      t.db.update(auditLog).set({ action: 'nothing.happened' }).where(eq(auditLog.id, row!.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    const [still] = await t.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still!.action).toBe(row!.action);
  });
});
