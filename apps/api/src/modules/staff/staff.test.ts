import { adminRoles, ANY_ADMIN, type AdminRole } from '@letsema/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  seedActiveMember,
  seedAdmin,
  TEST_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { uploadFile } from '../../../test/seed.js';
import { inviteAdmin } from '../../../test/staff.js';
import { buildApp } from '../../app.js';
import { auditLog, emailOutbox, sessions, users } from '../../db/schema.js';

const PASSWORD_BY_OWNER =
  "Nobody sets another admin's password. Send them a password-reset link instead: only they see it and the password they choose.";

let t: TestContext;
let boss: { id: string; token: string };
/** A second staff manager, who approves what the super admin asks (maker-checker). */
let checker: string;
beforeAll(async () => {
  t = await createTestApp();
  const superAdmin = await seedAdmin(t.db, { superAdmin: true });
  boss = { id: superAdmin.id, token: await login(t.app, superAdmin.email) };
  checker = await login(t.app, (await seedAdmin(t.db, { roles: ['staff_management'] })).email);
});
/** An admin invited by `maker` (the super admin by default), accepted, and approved by the checker. */
const invite = (roles: string[] = ['payment_management'], maker = boss.token) =>
  inviteAdmin(t.app, t.db, maker, { roles, checker });
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const ZERO = '00000000-0000-4000-8000-000000000000';

/** Types the acting admin's password again, as the confirmation dialog does. */
async function confirmPassword(token: string, password = TEST_PASSWORD) {
  const answer = await call('POST', '/api/auth/reauthenticate', token, { password });
  expect(answer.statusCode, answer.body).toBe(200);
}
const concrete = (url: string) => url.replace(':userId', ZERO).replace(':id', ZERO).replace(':n', '1');

describe(`the permissions routes declare (${testEngine})`, () => {
  it('are declared by every admin call the server has', () => {
    const adminRoutes = t.app.routeTable.filter((route) => route.url.startsWith('/api/admin'));
    expect(adminRoutes.length).toBeGreaterThan(90);
    const declared = new Set(t.app.adminCalls.map((c) => `${c.method} ${c.url}`));
    expect(adminRoutes.filter((route) => !declared.has(`${route.method} ${route.url}`))).toEqual([]);
  });

  it('answers 403 to every role the route does not allow, and to members, on every admin call', async () => {
    const tokens: Record<string, string> = {};
    for (const role of adminRoles) tokens[role] = await login(t.app, (await seedAdmin(t.db, { roles: [role] })).email);
    tokens.member = await login(t.app, (await seedActiveMember(t.db)).email);

    const failures: string[] = [];
    for (const { method, url, permission } of t.app.adminCalls) {
      for (const [who, token] of Object.entries(tokens)) {
        const allowed = who !== 'member' && (permission === ANY_ADMIN || permission === (who as AdminRole));
        const response = await call(
          method as 'GET',
          concrete(url),
          token,
          method === 'GET' || method === 'DELETE' ? undefined : {},
        );
        const refused = response.statusCode === 403;
        if (allowed === refused) failures.push(`${who} ${method} ${url} -> ${response.statusCode}`);
      }
      const anonymous = await t.app.inject({ method: method as 'GET', url: concrete(url) });
      if (anonymous.statusCode !== 401) failures.push(`anonymous ${method} ${url} -> ${anonymous.statusCode}`);
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('refuses to start with an admin call the map does not name', async () => {
    const app = await buildApp({ config: t.config, db: t.db }, { webDist: false });
    expect(() => app.get('/api/admin/secret-report', async () => 'no')).toThrow(/declares no permission/);
    await app.close();
  });

  it('guards HEAD requests like the GET they mirror', async () => {
    const member = await login(t.app, (await seedActiveMember(t.db)).email);
    const response = await t.app.inject({ method: 'HEAD', url: '/api/admin/staff', headers: bearer(member) });
    expect(response.statusCode).toBe(403);
  });
});

describe(`staff management (${testEngine})`, () => {
  const newStaff = (change: Record<string, unknown> = {}) => ({
    fullName: 'Naledi Khumalo',
    email: uniqueEmail('staff'),
    phoneNumber: '0821112233',
    roles: ['payment_management'],
    ...change,
  });

  it('invites a staff admin who chooses their own password and signs in with the approved roles', async () => {
    const made = await invite();
    const me = dataOf<{ isAdmin: boolean; adminRoles: string[] }>(await call('GET', '/api/auth/me', made.token));
    expect(me).toMatchObject({ isAdmin: true, adminRoles: ['payment_management'] });
    expect(await login(t.app, made.email, made.password)).toBeTruthy();
    const listed = dataOf<{ id: string; lastLoginAt: string | null; status: string }[]>(
      await call('GET', '/api/admin/staff', boss.token),
    );
    expect(listed.find((s) => s.id === made.id)).toMatchObject({ status: 'active' });
    expect(listed.find((s) => s.id === made.id)!.lastLoginAt).not.toBeNull();

    await confirmPassword(boss.token);
    const duplicate = await call('POST', '/api/admin/staff', boss.token, newStaff({ email: made.email.toUpperCase() }));
    expect(duplicate.statusCode).toBe(409);
  });

  it.each([
    [{ fullName: '' }, 'fullName', 'Full name is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'nope' }, 'email', 'Invalid email address'],
    [{ phoneNumber: '' }, 'phoneNumber', 'Phone number is required'],
    [{ phoneNumber: 'abc' }, 'phoneNumber', 'Phone number must be 10 digits starting with 0'],
    [
      { password: 'staff-password-1' },
      'password',
      'The new admin chooses their own password from the invitation e-mail; nobody else can set it.',
    ],
    [{ roles: [] }, 'roles', 'Please select at least one role'],
    [{ roles: ['king'] }, 'roles.0', 'Please select at least one role'],
  ])('answers %j with %s: %s', async (change, field, message) => {
    const response = await call('POST', '/api/admin/staff', boss.token, newStaff(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().details[field]).toBe(message);
  });

  it('edits name, phone and roles, never the password nor the e-mail', async () => {
    const body = await invite();
    const { id } = body;
    await confirmPassword(boss.token);
    const edited = await call('PUT', `/api/admin/staff/${id}`, boss.token, {
      fullName: 'Naledi K.',
      phoneNumber: '0829998877',
      roles: ['payment_management', 'member_management'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(dataOf<{ adminRoles: string[] }>(edited).adminRoles).toEqual(['member_management', 'payment_management']);
    expect(await login(t.app, body.email, body.password)).toBeTruthy();

    const email = await call('PUT', `/api/admin/staff/${id}`, boss.token, {
      fullName: 'Naledi K.',
      phoneNumber: '0829998877',
      roles: ['payment_management'],
      email: 'someone.else@example.com',
    });
    expect(email.statusCode).toBe(400);
    expect(email.json().error).toBe('Email cannot be changed');

    // Whoever set an admin's password could sign in as them: the call takes none, even from the super admin.
    const oldToken = await login(t.app, body.email, body.password);
    for (const password of ['a-brand-new-password', '']) {
      const withPassword = await call('PUT', `/api/admin/staff/${id}`, boss.token, {
        fullName: 'Naledi K.',
        phoneNumber: '0829998877',
        roles: ['payment_management'],
        password,
      });
      expect(withPassword.statusCode).toBe(400);
      expect(withPassword.json().details.password).toBe(PASSWORD_BY_OWNER);
    }
    expect((await call('GET', '/api/auth/me', oldToken)).statusCode).toBe(200);
    expect(await login(t.app, body.email, body.password)).toBeTruthy();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: body.email, password: 'a-brand-new-password' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('suspends at once: old tokens refused on every admin call and on files, sign-in refused', async () => {
    const body = await invite([...adminRoles].filter((r) => r !== 'staff_management'));
    const { id } = body;
    const token = await login(t.app, body.email, body.password);
    const member = await seedActiveMember(t.db);
    const proof = await uploadFile(t.app, await login(t.app, member.email), 'proof-of-payment');
    expect((await call('GET', proof, token)).statusCode).toBe(200);

    const suspended = await call('DELETE', `/api/admin/staff/${id}`, boss.token);
    expect(suspended.statusCode).toBe(200);
    expect(dataOf<{ status: string }>(suspended).status).toBe('suspended');

    for (const { method, url } of t.app.adminCalls) {
      const response = await call(
        method as 'GET',
        concrete(url),
        token,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call('GET', proof, token)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(401);
    expect((await call('GET', '/api/notifications/unread-count', token)).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toMatch(/suspended/);
    expect((await call('DELETE', `/api/admin/staff/${id}`, boss.token)).statusCode).toBe(409);

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.id);
    expect(audit.map((a) => a.action).filter((action) => action.startsWith('staff.'))).toEqual([
      'staff.invite',
      'staff.activate',
      'staff.grant_approve',
      'staff.suspend',
    ]);
    // The refused sign-in after the suspension is recorded too.
    expect(audit.some((a) => a.action === 'auth.sign_in' && a.outcome === 'refused')).toBe(true);
  });

  it('refuses self-suspension, suspending the super admin, and leaving nobody with staff management', async () => {
    const self = await call('DELETE', `/api/admin/staff/${boss.id}`, boss.token);
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toBe('You cannot suspend your own account');

    const manager = (await invite(['staff_management'])).token;
    const superAdmin = await call('DELETE', `/api/admin/staff/${boss.id}`, manager);
    expect(superAdmin.statusCode).toBe(409);
    expect(superAdmin.json().error).toBe('The super admin cannot be suspended');

    // Only the super admin gives or takes Staff Management, so another manager cannot demote a peer.
    const fresh = await createTestApp();
    try {
      const only = await seedAdmin(fresh.db, { roles: ['staff_management', 'payment_management'] });
      const other = await seedAdmin(fresh.db, { roles: ['staff_management'] });
      const onlyToken = await login(fresh.app, only.email);
      await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/reauthenticate',
        headers: bearer(onlyToken),
        payload: { password: TEST_PASSWORD },
      });
      const demoted = await fresh.app.inject({
        method: 'PUT',
        url: `/api/admin/staff/${other.id}`,
        headers: bearer(onlyToken),
        payload: { fullName: 'X Y', phoneNumber: '0820000000', roles: ['payment_management'] },
      });
      expect(demoted.statusCode).toBe(403);
      expect(demoted.json().error).toBe('Only the super admin can give or take away the Staff Management role.');
      const [row] = await fresh.db.select().from(users).where(eq(users.id, other.id));
      expect(row!.adminRoles).toContain('staff_management');
    } finally {
      await fresh.close();
    }
  });

  it('lists admins only, never members, and never a password hash', async () => {
    await seedActiveMember(t.db, { email: uniqueEmail('not-staff') });
    const list = await call('GET', '/api/admin/staff', boss.token);
    const rows = dataOf<{ email: string }[]>(list);
    expect(rows.every((r) => !r.email.startsWith('not-staff'))).toBe(true);
    expect(list.body).not.toContain('argon2');
  });
});

describe(`staff powers stop where they should (${testEngine})`, () => {
  const staffBody = (roles: string[] = ['payment_management']) => ({
    fullName: 'Sipho Ndlovu',
    email: uniqueEmail('powers'),
    phoneNumber: '0821112233',
    roles,
  });
  const edit = (token: string, id: string, change: Record<string, unknown>) =>
    call('PUT', `/api/admin/staff/${id}`, token, {
      fullName: 'Sipho Ndlovu',
      phoneNumber: '0821112233',
      roles: ['payment_management'],
      ...change,
    });
  /** A staff manager who is not the super admin, signed in. */
  async function manager() {
    const row = await seedAdmin(t.db, { roles: ['staff_management', 'payment_management'] });
    return { id: row.id, token: await login(t.app, row.email) };
  }

  it('e-mails an admin a reset link that only they see, with which they choose their own password', async () => {
    const body = await invite(['payment_management']);
    const oldToken = await login(t.app, body.email, body.password);
    const me = await manager();
    const sent = await call('POST', `/api/admin/staff/${body.id}/password-reset`, me.token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ sent: true });

    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, body.email), eq(emailOutbox.subject, 'Letsema: choose a new password')));
    expect(mail!.text).toContain('An admin of the cooperative asked for a password-reset link to be sent to you.');
    const token = decodeURIComponent(/\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail!.text)![1]!);
    // The manager's answer and the audit row carry no link.
    expect(sent.body).not.toContain(token);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, body.id), eq(auditLog.action, 'staff.send_password_reset')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(me.id);
    expect(JSON.stringify(audit[0])).not.toContain(token);
    // Sending it changes nothing yet: the admin's password and sessions stand.
    expect((await call('GET', '/api/auth/me', oldToken)).statusCode).toBe(200);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/complete',
      payload: { token, password: 'the admin chose this one' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call('GET', '/api/auth/me', oldToken)).statusCode).toBe(401);
    expect(await login(t.app, body.email, 'the admin chose this one')).toBeTruthy();
    const [done] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, body.id), eq(auditLog.action, 'account.password_reset')));
    expect(done!.after).toMatchObject({ requestedBy: me.id });
  });

  it('sends no reset link to oneself, to an admin still invited, or to the super admin but by themselves', async () => {
    const me = await manager();
    const own = await call('POST', `/api/admin/staff/${me.id}/password-reset`, me.token);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('Change your own password in Settings.');
    const toBoss = await call('POST', `/api/admin/staff/${boss.id}/password-reset`, me.token);
    expect(toBoss.statusCode).toBe(403);
    expect(toBoss.json().error).toBe('Only the super admin can change the super admin.');

    await confirmPassword(me.token);
    const pending = await call('POST', '/api/admin/staff', me.token, staffBody(['payment_management']));
    expect(pending.statusCode, pending.body).toBe(201);
    const invited = dataOf<{ id: string }>(pending);
    const early = await call('POST', `/api/admin/staff/${invited.id}/password-reset`, me.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(
      'This admin has not accepted their invitation yet; they choose their own password with it.',
    );
    const member = await seedActiveMember(t.db);
    expect((await call('POST', `/api/admin/staff/${member.id}/password-reset`, me.token)).statusCode).toBe(404);
  });

  it('never lets an admin change their own roles or password through the staff calls', async () => {
    const me = await manager();
    await confirmPassword(me.token);
    const roles = await edit(me.token, me.id, {
      roles: ['staff_management', 'payment_management', 'member_management'],
    });
    expect(roles.statusCode).toBe(403);
    expect(roles.json().error).toBe(
      'You cannot change your own roles. Ask another admin with Staff Management to do it.',
    );
    const password = await edit(me.token, me.id, {
      roles: ['staff_management', 'payment_management'],
      password: 'a quite new passphrase',
    });
    expect(password.statusCode).toBe(400);
    expect(password.json().details.password).toBe(PASSWORD_BY_OWNER);
    // Their own name and phone they may fix.
    const name = await edit(me.token, me.id, { roles: ['staff_management', 'payment_management'], fullName: 'S. N.' });
    expect(name.statusCode, name.body).toBe(200);
  });

  it('never lets another admin edit or suspend the super admin', async () => {
    const me = await manager();
    await confirmPassword(me.token);
    const edited = await call('PUT', `/api/admin/staff/${boss.id}`, me.token, {
      fullName: 'Taken Over',
      phoneNumber: '0820000000',
      roles: [...adminRoles],
    });
    expect(edited.statusCode).toBe(403);
    expect(edited.json().error).toBe('Only the super admin can change the super admin.');
    const suspended = await call('DELETE', `/api/admin/staff/${boss.id}`, me.token);
    expect([403, 409]).toContain(suspended.statusCode);
    const [row] = await t.db.select().from(users).where(eq(users.id, boss.id));
    expect(row!.fullName).not.toBe('Taken Over');
    expect(row!.accountStatus).toBe('active');
  });

  it('lets only the super admin give the Staff Management role', async () => {
    const me = await manager();
    await confirmPassword(me.token);
    const created = await call('POST', '/api/admin/staff', me.token, staffBody(['staff_management']));
    expect(created.statusCode).toBe(403);
    expect(created.json().error).toBe('Only the super admin can give or take away the Staff Management role.');

    const plain = await invite(['payment_management'], me.token);
    const promoted = await edit(me.token, plain.id, { roles: ['payment_management', 'staff_management'] });
    expect(promoted.statusCode).toBe(403);

    await confirmPassword(boss.token);
    const given = await edit(boss.token, plain.id, { roles: ['payment_management', 'staff_management'] });
    expect(given.statusCode, given.body).toBe(200);
    // Staff Management, like a money role, waits for a second staff manager.
    expect(dataOf<{ adminRoles: string[]; pendingGrant: { roles: string[] } }>(given)).toMatchObject({
      adminRoles: ['payment_management'],
      pendingGrant: { roles: ['staff_management'] },
    });
  });

  it("asks for the acting admin's password, at most five minutes old, before changing another admin's roles", async () => {
    const me = await manager();
    const target = await invite(['payment_management'], me.token);
    // The confirmation typed for the invitation has lapsed.
    await t.db.update(sessions).set({ reauthenticatedAt: null }).where(eq(sessions.userId, me.id));

    const unconfirmed = await edit(me.token, target.id, { roles: ['payment_management', 'member_management'] });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toMatchObject({
      code: 'REAUTH_REQUIRED',
      error: 'Please enter your password again to confirm this change.',
    });
    // A name alone needs no confirmation.
    expect((await edit(me.token, target.id, { fullName: 'Sipho N.' })).statusCode).toBe(200);

    const wrong = await call('POST', '/api/auth/reauthenticate', me.token, { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.password).toBe('That password is not right');

    await confirmPassword(me.token);
    const confirmed = await edit(me.token, target.id, { roles: ['payment_management', 'member_management'] });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // Six minutes later the confirmation has lapsed.
    await t.db
      .update(sessions)
      .set({ reauthenticatedAt: new Date(Date.now() - 6 * 60 * 1000) })
      .where(eq(sessions.userId, me.id));
    expect((await edit(me.token, target.id, { roles: ['payment_management'] })).json().code).toBe('REAUTH_REQUIRED');

    // The confirmation belongs to the session it was typed in.
    await confirmPassword(me.token);
    const elsewhere = await login(t.app, (await t.db.select().from(users).where(eq(users.id, me.id)))[0]!.email);
    expect((await edit(elsewhere, target.id, { roles: ['payment_management'] })).json().code).toBe('REAUTH_REQUIRED');
  });

  it('lets the super admin reactivate a suspended admin, and no one else', async () => {
    const body = await invite();
    const created = { id: body.id };
    expect((await call('DELETE', `/api/admin/staff/${created.id}`, boss.token)).statusCode).toBe(200);

    const me = await manager();
    const refused = await call('POST', `/api/admin/staff/${created.id}/reactivate`, me.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Only the super admin can reactivate a suspended admin.');

    const reactivated = await call('POST', `/api/admin/staff/${created.id}/reactivate`, boss.token);
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(dataOf<{ status: string }>(reactivated).status).toBe('active');
    expect(await login(t.app, body.email, body.password)).toBeTruthy();
    expect((await call('POST', `/api/admin/staff/${created.id}/reactivate`, boss.token)).statusCode).toBe(409);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audit.map((a) => a.action)).toContain('staff.reactivate');
  });
});
