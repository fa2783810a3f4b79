import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  seedAdmin,
  TEST_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { appCode, invitationToken, inviteAdmin, reauthenticate } from '../../../test/staff.js';
import { auditLog, emailOutbox, notifications, staffGrants, staffInvitations, users } from '../../db/schema.js';
import { selectAccount } from '../../db/accounts.js';

const INVALID_LINK =
  'This invitation link cannot be used. It may have been used already or be more than 72 hours old. Ask an admin with Staff Management to invite you again.';

type StaffView = {
  id: string;
  status: string;
  adminRoles: string[];
  invitedBy: { id: string; fullName: string | null } | null;
  approval: { by: { id: string } | null; bootstrap: boolean } | null;
  pendingGrant: { id: string; roles: string[]; kind: string } | null;
};

let t: TestContext;
let boss: { id: string; token: string };
let checkerRow: { id: string; email: string };
let checker: string;
let manager: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  const superAdmin = await seedAdmin(t.db, { superAdmin: true });
  boss = { id: superAdmin.id, token: await login(t.app, superAdmin.email) };
  checkerRow = await seedAdmin(t.db, { roles: ['staff_management'] });
  checker = await login(t.app, checkerRow.email);
  const managerRow = await seedAdmin(t.db, { roles: ['staff_management', 'payment_management'] });
  manager = { id: managerRow.id, token: await login(t.app, managerRow.email) };
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });

const body = (change: Record<string, unknown> = {}) => ({
  fullName: 'Lerato Dube',
  email: uniqueEmail('invitee'),
  phoneNumber: '0821112233',
  roles: ['payment_management', 'expense_management'],
  ...change,
});

async function invite(maker: string, change: Record<string, unknown> = {}) {
  await reauthenticate(t.app, maker);
  const answer = await call('POST', '/api/admin/staff', maker, body(change));
  expect(answer.statusCode, answer.body).toBe(201);
  const view = dataOf<StaffView & { email: string }>(answer);
  return { ...view, token: await invitationToken(t.db, view.email) };
}

const accept = (token: string, password = 'my own staff passphrase', code?: string) =>
  call('POST', '/api/auth/staff-invitation/accept', undefined, { token, password, ...(code ? { code } : {}) });

const rolesOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.adminRoles;

describe(`admin invitations (${testEngine})`, () => {
  it('never takes a password from the creator, and asks for their own password again first', async () => {
    await reauthenticate(t.app, manager.token);
    const withPassword = await call(
      'POST',
      '/api/admin/staff',
      manager.token,
      body({ password: 'i-chose-it-for-them' }),
    );
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().details.password).toBe(
      'The new admin chooses their own password from the invitation e-mail; nobody else can set it.',
    );

    const fresh = await login(t.app, (await t.db.select().from(users).where(eq(users.id, manager.id)))[0]!.email);
    const unconfirmed = await call('POST', '/api/admin/staff', fresh, body());
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().code).toBe('REAUTH_REQUIRED');
  });

  it('invites: no password, no roles until a second staff manager approves, who invited and approved listed', async () => {
    const invited = await invite(manager.token);
    expect(invited).toMatchObject({
      status: 'invited',
      adminRoles: [],
      invitedBy: { id: manager.id },
      approval: null,
      pendingGrant: { kind: 'invitation', roles: ['payment_management', 'expense_management'] },
    });
    const [row] = await selectAccount(t.db).where(eq(users.id, invited.id));
    expect(row!.passwordHash).toBeNull();
    // The link is kept only as a hash.
    const [link] = await t.db.select().from(staffInvitations).where(eq(staffInvitations.userId, invited.id));
    expect(link!.tokenHash).not.toBe(invited.token);
    expect(Math.abs(link!.expiresAt.getTime() - link!.createdAt.getTime() - 72 * 60 * 60 * 1000)).toBeLessThan(5000);

    // Nobody signs in to an invited account.
    const signIn = await call('POST', '/api/auth/login', undefined, {
      email: invited.email,
      password: 'anything at all',
    });
    expect(signIn.statusCode).toBe(401);

    const read = await call('POST', '/api/auth/staff-invitation', undefined, { token: invited.token });
    expect(read.statusCode, read.body).toBe(200);
    expect(dataOf(read)).toMatchObject({ email: invited.email, fullName: 'Lerato Dube', mfaRequired: false });
    const weak = await accept(invited.token, 'password1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details.password).toMatch(/too easy to guess/);
    const accepted = await accept(invited.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = dataOf<{ token: string }>(accepted).token;
    const me = dataOf<{ adminRoles: string[] }>(await call('GET', '/api/auth/me', session));
    expect(me.adminRoles).toEqual([]);
    expect((await call('GET', '/api/admin/pending-payments', session)).statusCode).toBe(403);

    await reauthenticate(t.app, checker);
    const approved = await call('POST', `/api/admin/staff/grants/${invited.pendingGrant!.id}/approve`, checker);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(dataOf<StaffView>(approved)).toMatchObject({
      status: 'active',
      adminRoles: ['payment_management', 'expense_management'],
      invitedBy: { id: manager.id },
      approval: { by: { id: checkerRow.id }, bootstrap: false },
      pendingGrant: null,
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, invited.id));
    expect(audit.find((a) => a.action === 'staff.invite')!.actorId).toBe(manager.id);
    expect(audit.find((a) => a.action === 'staff.activate')!.actorId).toBe(invited.id);
    expect(audit.find((a) => a.action === 'staff.grant_approve')!.actorId).toBe(checkerRow.id);
  });

  it('refuses the maker, and the invitee, as the approver of a grant', async () => {
    // The maker's second account: invited by the manager, accepted by the manager.
    const puppet = await invite(manager.token, { roles: [...body().roles, 'month_end', 'loan_management'] });
    const puppetSession = dataOf<{ token: string }>(await accept(puppet.token)).token;
    await reauthenticate(t.app, manager.token);
    const own = await call('POST', `/api/admin/staff/grants/${puppet.pendingGrant!.id}/approve`, manager.token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      code: 'MAKER_CHECKER',
      error: 'You asked for these roles, so another admin with Staff Management must approve them.',
    });
    // The second account holds no role, so it cannot decide anything either.
    await reauthenticate(t.app, puppetSession, 'my own staff passphrase');
    expect(
      (await call('POST', `/api/admin/staff/grants/${puppet.pendingGrant!.id}/approve`, puppetSession)).statusCode,
    ).toBe(403);
    expect(await rolesOf(puppet.id)).toEqual([]);

    // The super admin's own second account waits the same way.
    const bossPuppet = await invite(boss.token, { roles: ['staff_management', 'payment_management'] });
    const bossPuppetSession = dataOf<{ token: string }>(await accept(bossPuppet.token)).token;
    await reauthenticate(t.app, boss.token);
    const bossOwn = await call('POST', `/api/admin/staff/grants/${bossPuppet.pendingGrant!.id}/approve`, boss.token);
    expect(bossOwn.json().code).toBe('MAKER_CHECKER');
    expect(
      (await call('POST', '/api/admin/staff/grants/' + puppet.pendingGrant!.id + '/approve', bossPuppetSession))
        .statusCode,
    ).toBe(403);

    // An invitee who already manages staff never approves roles for their own account.
    const colleague = await inviteAdmin(t.app, t.db, boss.token, { roles: ['staff_management'], checker });
    await reauthenticate(t.app, boss.token);
    const more = await call('PUT', `/api/admin/staff/${colleague.id}`, boss.token, {
      fullName: 'Invited Admin',
      phoneNumber: '0821112233',
      roles: ['staff_management', 'payment_management'],
    });
    expect(more.statusCode, more.body).toBe(200);
    const grant = dataOf<StaffView>(more).pendingGrant!;
    expect(grant.roles).toEqual(['payment_management']);
    await reauthenticate(t.app, colleague.token, colleague.password);
    const self = await call('POST', `/api/admin/staff/grants/${grant.id}/approve`, colleague.token);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({
      code: 'MAKER_CHECKER',
      error: 'These roles are for your own account, so another admin with Staff Management must approve them.',
    });
    expect(await rolesOf(colleague.id)).toEqual(['staff_management']);
    // The colleague may approve the manager's puppet, being a different person: the check is theirs.
    const rejected = await call('POST', `/api/admin/staff/grants/${puppet.pendingGrant!.id}/reject`, colleague.token);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await rolesOf(puppet.id)).toEqual([]);
    const again = await call('POST', `/api/admin/staff/grants/${puppet.pendingGrant!.id}/approve`, checker);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This role change has been decided already.');
  });

  it('asks for a second staff manager before an existing admin gains a money role, not to take one away', async () => {
    const admin = await inviteAdmin(t.app, t.db, manager.token, { roles: ['member_management'], checker });
    const edit = (roles: string[]) =>
      call('PUT', `/api/admin/staff/${admin.id}`, manager.token, {
        fullName: 'Invited Admin',
        phoneNumber: '0821112233',
        roles,
      });
    await reauthenticate(t.app, manager.token);
    const audit = dataOf<StaffView>(await edit(['member_management', 'audit']));
    expect(audit.adminRoles).toEqual(['member_management', 'audit']);
    const money = dataOf<StaffView>(await edit(['member_management', 'audit', 'loan_management']));
    expect(money.adminRoles).toEqual(['member_management', 'audit']);
    expect(money.pendingGrant!.roles).toEqual(['loan_management']);
    const second = await edit(['member_management', 'audit', 'loan_management', 'month_end']);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe(
      'A role change for this admin is already waiting for approval. Approve or reject it first.',
    );
    expect(dataOf<StaffView>(await edit(['member_management'])).adminRoles).toEqual(['member_management']);
    await reauthenticate(t.app, checker);
    const approved = await call('POST', `/api/admin/staff/grants/${money.pendingGrant!.id}/approve`, checker);
    expect(dataOf<StaffView>(approved).adminRoles).toEqual(['member_management', 'loan_management']);
  });

  it('answers one message for an unknown, used or expired link, and a new link replaces the old', async () => {
    const invited = await invite(manager.token);
    const unknown = await accept('not-a-real-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(INVALID_LINK);

    await reauthenticate(t.app, manager.token);
    const again = await call('POST', `/api/admin/staff/${invited.id}/invitation`, manager.token);
    expect(again.statusCode, again.body).toBe(200);
    const replaced = await accept(invited.token);
    expect(replaced.json().error).toBe(INVALID_LINK);
    const token = await invitationToken(t.db, invited.email);
    expect(token).not.toBe(invited.token);

    await t.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(staffInvitations.userId, invited.id)));
    const expired = await call('POST', '/api/auth/staff-invitation', undefined, { token });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error).toBe(INVALID_LINK);

    await reauthenticate(t.app, manager.token);
    await call('POST', `/api/admin/staff/${invited.id}/invitation`, manager.token);
    const fresh = await invitationToken(t.db, invited.email);
    expect((await accept(fresh)).statusCode).toBe(200);
    const used = await accept(fresh, 'another passphrase entirely');
    expect(used.statusCode).toBe(404);
    expect(used.json().error).toBe(INVALID_LINK);
    expect(await login(t.app, invited.email, 'my own staff passphrase')).toBeTruthy();
    // The creator cannot set the password of an account still waiting for its invitee either.
    const waiting = await invite(manager.token);
    const setPassword = await call('PUT', `/api/admin/staff/${waiting.id}`, manager.token, {
      fullName: 'Lerato Dube',
      phoneNumber: '0821112233',
      roles: ['payment_management'],
      password: 'i-chose-it-for-them',
    });
    expect(setPassword.statusCode).toBe(400);
    expect(setPassword.json().details.password).toBe(
      "Nobody sets another admin's password. Send them a password-reset link instead: only they see it and the password they choose.",
    );
    // Nor can a reset link stand in for the invitation.
    const resetLink = await call('POST', `/api/admin/staff/${waiting.id}/password-reset`, manager.token);
    expect(resetLink.statusCode).toBe(409);
    expect(resetLink.json().error).toBe(
      'This admin has not accepted their invitation yet; they choose their own password with it.',
    );
    const [row] = await selectAccount(t.db).where(eq(users.id, waiting.id));
    expect(row!.passwordHash).toBeNull();
  });

  it('decides a grant exactly once when two staff managers approve at the same moment, and uses a link once', async () => {
    const invited = await invite(boss.token);
    const second = await login(t.app, (await seedAdmin(t.db, { roles: ['staff_management'] })).email);
    await reauthenticate(t.app, checker);
    await reauthenticate(t.app, second);
    await reauthenticate(t.app, manager.token);
    const answers = await Promise.all(
      [checker, second, manager.token].map((token) =>
        call('POST', `/api/admin/staff/grants/${invited.pendingGrant!.id}/approve`, token),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const approvals = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, invited.id), eq(auditLog.action, 'staff.grant_approve')));
    expect(approvals).toHaveLength(1);
    const [grant] = await t.db.select().from(staffGrants).where(eq(staffGrants.id, invited.pendingGrant!.id));
    expect(grant!.status).toBe('approved');

    const accepts = await Promise.all([
      accept(invited.token, 'first passphrase here'),
      accept(invited.token, 'second passphrase here'),
    ]);
    expect(accepts.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    const activations = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, invited.id), eq(auditLog.action, 'staff.activate')));
    expect(activations).toHaveLength(1);
  });

  it('tells every staff manager and the super admin when an admin is invited (but the one who invited), activated, or gains roles', async () => {
    const invited = await invite(manager.token, { fullName: 'Thabo Notified' });
    await accept(invited.token);
    await reauthenticate(t.app, checker);
    await call('POST', `/api/admin/staff/grants/${invited.pendingGrant!.id}/approve`, checker);
    // The invitation waits in the staff grants queue: told to the staff managers but the one who invited.
    const waits = 'A staff role change waits for you';
    for (const [who, told] of [
      [boss.id, [waits]],
      [checkerRow.id, [waits]],
      [manager.id, []],
    ] as const) {
      const titles = (await t.db.select().from(notifications).where(eq(notifications.userId, who)))
        .filter((n) => n.message.includes('Thabo Notified'))
        .map((n) => n.title);
      expect(titles.sort()).toEqual([...told, 'A new admin is active', 'An admin gained roles'].sort());
    }
    const [bossRow] = await t.db.select().from(users).where(eq(users.id, boss.id));
    const mails = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, bossRow!.email))).filter((m) =>
      m.text.includes('Thabo Notified'),
    );
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Letsema: a new admin is active',
      'Letsema: a staff role change waits for you',
      'Letsema: an admin gained roles',
    ]);
  });
});

describe(`the bootstrap rule (${testEngine})`, () => {
  it("gives the only staff manager's first invitations at once, audited, until a second staff manager is invited", async () => {
    const fresh = await createTestApp();
    try {
      const only = await seedAdmin(fresh.db, { superAdmin: true });
      const token = await login(fresh.app, only.email);
      const first = await inviteAdmin(fresh.app, fresh.db, token, { roles: ['payment_management'] });
      const [firstRow] = await fresh.db.select().from(users).where(eq(users.id, first.id));
      expect(firstRow!.adminRoles).toEqual(['payment_management']);
      const deputy = await inviteAdmin(fresh.app, fresh.db, token, { roles: ['staff_management'] });
      const audit = await fresh.db.select().from(auditLog).where(eq(auditLog.action, 'staff.grant_bootstrap'));
      expect(audit.map((a) => a.targetId).sort()).toEqual([first.id, deputy.id].sort());
      const list = dataOf<StaffView[]>(
        await fresh.app.inject({ method: 'GET', url: '/api/admin/staff', headers: bearer(token) }),
      );
      expect(list.find((s) => s.id === deputy.id)!.approval).toEqual({
        by: null,
        bootstrap: true,
        at: expect.any(String),
      });

      // With a second staff manager, the super admin's invitations wait for them.
      const later = await inviteAdmin(fresh.app, fresh.db, token, { roles: ['month_end'] });
      expect(later.pendingGrantId).not.toBeNull();
      const [laterRow] = await fresh.db.select().from(users).where(eq(users.id, later.id));
      expect(laterRow!.adminRoles).toEqual([]);
      await reauthenticate(fresh.app, deputy.token, deputy.password);
      const approved = await fresh.app.inject({
        method: 'POST',
        url: `/api/admin/staff/grants/${later.pendingGrantId}/approve`,
        headers: bearer(deputy.token),
      });
      expect(approved.statusCode, approved.body).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe(`accepting with two-factor required (${testEngine})`, () => {
  it('enrols two-factor with the password, and refuses the acceptance without a right code', async () => {
    const fresh = await createTestApp({ MFA_REQUIRED_FOR_ADMINS: 'true' });
    try {
      const only = await seedAdmin(fresh.db, { superAdmin: true });
      // The seeded super admin has no two-factor; the staff calls need it, so turn it on.
      const first = await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: only.email, password: TEST_PASSWORD },
      });
      const token = dataOf<{ token: string }>(first).token;
      const setup = dataOf<{ secret: string }>(
        await fresh.app.inject({ method: 'POST', url: '/api/auth/mfa/setup', headers: bearer(token) }),
      );
      await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/mfa/enable',
        headers: bearer(token),
        payload: { code: appCode(setup.secret) },
      });
      await reauthenticate(fresh.app, token);
      const invited = await fresh.app.inject({
        method: 'POST',
        url: '/api/admin/staff',
        headers: bearer(token),
        payload: body(),
      });
      expect(invited.statusCode, invited.body).toBe(201);
      const email = dataOf<{ email: string }>(invited).email;
      const link = await invitationToken(fresh.db, email);
      const read = dataOf<{ mfaRequired: boolean; mfaSetup: { secret: string; qrDataUrl: string } }>(
        await fresh.app.inject({ method: 'POST', url: '/api/auth/staff-invitation', payload: { token: link } }),
      );
      expect(read.mfaRequired).toBe(true);
      expect(read.mfaSetup.qrDataUrl).toMatch(/^data:image\/png/);
      const post = (payload: object) =>
        fresh.app.inject({ method: 'POST', url: '/api/auth/staff-invitation/accept', payload });
      const noCode = await post({ token: link, password: 'my own staff passphrase' });
      expect(noCode.statusCode).toBe(400);
      expect(noCode.json().details.code).toBe('Enter the 6-digit code from your authenticator app');
      const wrong = await post({ token: link, password: 'my own staff passphrase', code: '000000' });
      expect(wrong.statusCode).toBe(400);
      const right = await post({
        token: link,
        password: 'my own staff passphrase',
        code: appCode(read.mfaSetup.secret),
      });
      expect(right.statusCode, right.body).toBe(200);
      expect(dataOf<{ recoveryCodes: string[] }>(right).recoveryCodes).toHaveLength(10);
      const [row] = await selectAccount(fresh.db).where(eq(users.email, email));
      expect(row!.mfaEnabledAt).not.toBeNull();
      const signIn = dataOf<{ mfaRequired?: boolean }>(
        await fresh.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'my own staff passphrase' },
        }),
      );
      expect(signIn.mfaRequired).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
