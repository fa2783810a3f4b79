import {
  addsCheckedRole,
  adminRoles,
  checkedAdminRoles,
  recoveryMessages,
  staffMessages,
  type CreateStaffBody,
  type UpdateStaffBody,
} from '@letsema/domain';
import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { sessions, staffGrants, staffInvitations, users } from '../../db/schema.js';
import { insertAccount, selectAccount, type Account } from '../../db/accounts.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, conflict, invalidState, notFound } from '../../lib/errors.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { issueAccountLink, LINKS_PER_ACCOUNT, linkRequestKey } from '../auth/recovery.js';
import { announceWaiting } from '../queues/announce.js';
import {
  assertCanDecideGrant,
  grantsOf,
  isBootstrap,
  orderedRoles,
  roleNames,
  tellStaffManagers,
  type GrantWithNames,
} from './grants.js';
import { issueInvitation } from './invitations.js';

type UserRow = typeof users.$inferSelect;

export const staffErrors = {
  notFound: 'Admin user not found',
  emailTaken: 'An account with this email already exists',
  self: 'You cannot suspend your own account',
  superAdmin: 'The super admin cannot be suspended',
  superAdminRoles: 'The super admin holds every role; its roles cannot be changed',
  lastStaffManager: 'At least one active admin must keep the Staff Management role',
  alreadySuspended: 'This admin user is already suspended',
} as const;

/** A staff account with its history: who invited it, who approved, what waits for approval. */
export interface StaffRecord {
  user: UserRow;
  grants: GrantWithNames[];
  invitationExpiresAt: Date | null;
}

export function toStaffView({ user, grants, invitationExpiresAt }: StaffRecord) {
  const invitation = grants.find((g) => g.kind === 'invitation');
  const pending = grants.find((g) => g.status === 'pending');
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    adminRoles: user.adminRoles,
    isSuperAdmin: user.isSuperAdmin,
    status: user.accountStatus,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    invitationExpiresAt: user.accountStatus === 'invited' ? (invitationExpiresAt?.toISOString() ?? null) : null,
    invitedBy: invitation?.maker ?? null,
    approval:
      invitation && invitation.status === 'approved'
        ? { by: invitation.decider, bootstrap: invitation.bootstrap, at: invitation.decidedAt?.toISOString() ?? null }
        : null,
    pendingGrant: pending
      ? {
          id: pending.id,
          kind: pending.kind as 'invitation' | 'roles',
          roles: orderedRoles(pending.roles),
          maker: pending.maker,
          createdAt: pending.createdAt.toISOString(),
        }
      : null,
  };
}

const snapshot = (u: UserRow) => ({
  fullName: u.fullName,
  phoneNumber: u.phoneNumber,
  adminRoles: u.adminRoles,
  accountStatus: u.accountStatus,
});

/** Who is acting, as the staff rules need it: their account and the session they act from. */
export interface StaffActor {
  id: string;
  isSuperAdmin: boolean;
  sessionId: string;
}

/** A typed password confirms changes to other admins' roles and passwords for five minutes. */
export const REAUTH_WINDOW_MS = 5 * 60 * 1000;

const refuse = (message: string) => new AppError('FORBIDDEN', message);

/**
 * Staff admins: invite, edit, suspend, reactivate, and decide role grants. Suspension ends their
 * sessions at once. Nobody sets another admin's first password: an invitation link lets the invitee
 * choose it. Giving a checked role (money, or Staff Management) is a maker-checker decision: the
 * roles take effect when a second admin with Staff Management (neither the maker nor the invitee)
 * approves, except under the bootstrap rule (`isBootstrap`). No admin changes their own roles or
 * password here, only the super admin touches the super admin or the Staff Management role, and
 * inviting or changing another admin's roles or password needs a fresh password.
 */
export function createStaffService(deps: { db: Db; config: Pick<Config, 'publicUrl'>; now?: () => Date }) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  const limiter = createRateLimiter(db);

  async function requireFreshPassword(tx: Executor, actor: StaffActor): Promise<void> {
    const [session] = await tx
      .select({ reauthenticatedAt: sessions.reauthenticatedAt })
      .from(sessions)
      .where(eq(sessions.id, actor.sessionId));
    const at = session?.reauthenticatedAt?.getTime();
    if (!at || Date.now() - at > REAUTH_WINDOW_MS) {
      throw new AppError('REAUTH_REQUIRED', staffMessages.reauthRequired);
    }
  }

  /** Other active admins still holding staff_management, with their rows locked so two changes take turns. */
  async function otherStaffManagers(tx: Executor, exceptId: string): Promise<number> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.isAdmin, true),
          eq(users.accountStatus, 'active'),
          ne(users.id, exceptId),
          sql`${users.adminRoles} @> '["staff_management"]'::jsonb`,
        ),
      )
      .for('update');
    return rows.length;
  }

  async function lockStaff(tx: Executor, id: string): Promise<Account> {
    const [user] = await selectAccount(tx).where(eq(users.id, id)).for('update');
    if (!user || !user.isAdmin) throw notFound(staffErrors.notFound);
    return user;
  }

  async function endSessions(tx: Executor, userId: string) {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /** The admins as the staff list shows them, with their grants and open invitations. */
  async function records(tx: Executor, rows: UserRow[]): Promise<StaffRecord[]> {
    const ids = rows.map((u) => u.id);
    const grants = await grantsOf(tx, ids);
    const invited = rows.filter((u) => u.accountStatus === 'invited').map((u) => u.id);
    const invitations = invited.length
      ? await tx
          .select({ userId: staffInvitations.userId, expiresAt: staffInvitations.expiresAt })
          .from(staffInvitations)
          .where(
            and(
              inArray(staffInvitations.userId, invited),
              isNull(staffInvitations.usedAt),
              gt(staffInvitations.expiresAt, now()),
            ),
          )
      : [];
    return rows.map((user) => ({
      user,
      grants: grants.filter((g) => g.userId === user.id),
      invitationExpiresAt:
        invitations
          .filter((i) => i.userId === user.id)
          .map((i) => i.expiresAt)
          .sort((a, b) => b.getTime() - a.getTime())[0] ?? null,
    }));
  }

  async function recordOf(tx: Executor, user: UserRow): Promise<StaffRecord> {
    return (await records(tx, [user]))[0]!;
  }

  const nameOf = (user: Pick<UserRow, 'fullName' | 'email'>) => user.fullName ?? user.email;

  return {
    async list(): Promise<StaffRecord[]> {
      const rows = await db
        .select()
        .from(users)
        .where(eq(users.isAdmin, true))
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(500);
      return records(db, rows);
    },

    /**
     * Invites an admin: the account waits, without a password, for the invitee to open the e-mailed
     * link; its roles wait for a second staff manager's approval (or, under the bootstrap rule, are
     * given at once).
     */
    async create(actor: StaffActor, input: CreateStaffBody): Promise<StaffRecord> {
      const actorId = actor.id;
      if (input.roles.includes('staff_management') && !actor.isSuperAdmin)
        throw refuse(staffMessages.grantStaffManagement);
      return db.transaction(async (tx) => {
        await requireFreshPassword(tx, actor);
        const [maker] = await tx.select().from(users).where(eq(users.id, actorId));
        const bootstrap = await isBootstrap(tx, actor);
        const roles = orderedRoles(input.roles);
        const created = await insertAccount(
          tx,
          { email: input.email },
          {
            fullName: input.fullName,
            phoneNumber: input.phoneNumber,
            isAdmin: true,
            adminRoles: bootstrap ? roles : [],
            registrationStatus: 'active',
            accountStatus: 'invited',
          },
        );
        if (!created) throw conflict(staffErrors.emailTaken);
        await tx.insert(staffGrants).values({
          userId: created.id,
          kind: 'invitation',
          roles,
          makerId: actorId,
          status: bootstrap ? 'approved' : 'pending',
          bootstrap,
          decidedAt: bootstrap ? now() : null,
        });
        await issueInvitation(tx, { publicUrl: config.publicUrl, now }, created, maker!);
        await writeAudit(tx, {
          actorId,
          action: 'staff.invite',
          targetType: 'user',
          targetId: created.id,
          after: { ...snapshot(created), requestedRoles: roles, bootstrap },
        });
        if (bootstrap) {
          await writeAudit(tx, {
            actorId,
            action: 'staff.grant_bootstrap',
            targetType: 'user',
            targetId: created.id,
            after: { adminRoles: roles, rule: 'no second staff manager yet' },
          });
        }
        const invited = `${nameOf(maker!)} invited ${nameOf(created)} (${created.email}) to be an admin with: ${roleNames(roles)}.`;
        if (bootstrap) {
          await tellStaffManagers(tx, config.publicUrl, {
            title: 'An admin was invited',
            paragraphs: [invited, 'The roles were given at once: the cooperative has no second staff manager yet.'],
          });
        } else {
          await announceWaiting(tx, 'staffGrants', {
            by: actorId,
            what: `${invited} The roles take effect only when another admin with Staff Management approves them.`,
            publicUrl: config.publicUrl,
          });
        }
        return recordOf(tx, created);
      });
    },

    /**
     * Edits name, phone and roles (never the password: see sendPasswordReset); an e-mail sent along
     * must be the current one. Roles taken away, and roles that are not checked, change at once;
     * checked roles added wait for a second staff manager (a pending grant).
     */
    async update(actor: StaffActor, id: string, input: UpdateStaffBody, email?: string): Promise<StaffRecord> {
      const actorId = actor.id;
      const isSelf = actorId === id;
      return db.transaction(async (tx) => {
        const before = await lockStaff(tx, id);
        if (before.isSuperAdmin && !actor.isSuperAdmin) throw refuse(staffMessages.superAdminOnly);
        const requested = new Set<string>(input.roles);
        const rolesChange =
          !before.isSuperAdmin &&
          (requested.size !== before.adminRoles.length || before.adminRoles.some((role) => !requested.has(role)));
        if (isSelf && rolesChange) throw refuse(staffMessages.ownRoles);
        const staffRoleChanges = requested.has('staff_management') !== before.adminRoles.includes('staff_management');
        if (!before.isSuperAdmin && staffRoleChanges && !actor.isSuperAdmin) {
          throw refuse(staffMessages.grantStaffManagement);
        }
        if (!isSelf && rolesChange) await requireFreshPassword(tx, actor);
        if (email !== undefined && email.trim().toLowerCase() !== before.email) {
          throw new AppError('VALIDATION', staffMessages.emailReadOnly, {
            details: { email: staffMessages.emailReadOnly },
          });
        }
        let roles = orderedRoles(input.roles) as string[];
        if (before.isSuperAdmin) {
          if (roles.length !== adminRoles.length) throw invalidState(staffErrors.superAdminRoles);
          roles = [...adminRoles];
        }
        // Checked roles added wait for approval, unless the bootstrap rule gives them at once.
        let waiting: string[] = [];
        let bootstrap = false;
        if (!before.isSuperAdmin && addsCheckedRole(before.adminRoles, roles)) {
          bootstrap = await isBootstrap(tx, actor);
          if (!bootstrap) {
            const [pending] = await tx
              .select({ id: staffGrants.id })
              .from(staffGrants)
              .where(and(eq(staffGrants.userId, id), eq(staffGrants.status, 'pending')));
            if (pending) throw conflict(staffMessages.grantPending);
            waiting = roles.filter(
              (role) => !before.adminRoles.includes(role) && (checkedAdminRoles as readonly string[]).includes(role),
            );
            roles = roles.filter((role) => !waiting.includes(role));
          }
        }
        const losesStaffRole = before.adminRoles.includes('staff_management') && !roles.includes('staff_management');
        if (losesStaffRole && before.accountStatus === 'active' && (await otherStaffManagers(tx, id)) === 0) {
          throw invalidState(staffErrors.lastStaffManager);
        }
        const [after] = await tx
          .update(users)
          .set({
            fullName: input.fullName,
            phoneNumber: input.phoneNumber,
            adminRoles: roles,
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning();
        await writeAudit(tx, {
          actorId,
          action: 'staff.update',
          targetType: 'user',
          targetId: id,
          before: snapshot(before),
          after: snapshot(after!),
        });
        const [maker] = await tx.select().from(users).where(eq(users.id, actorId));
        if (waiting.length) {
          await tx.insert(staffGrants).values({ userId: id, kind: 'roles', roles: waiting, makerId: actorId });
          await writeAudit(tx, {
            actorId,
            action: 'staff.grant_request',
            targetType: 'user',
            targetId: id,
            after: { roles: waiting },
          });
          await announceWaiting(tx, 'staffGrants', {
            by: actorId,
            what: `${nameOf(maker!)} asked to give ${nameOf(after!)} these roles: ${roleNames(waiting)}. They take effect only when another admin with Staff Management approves them.`,
            publicUrl: config.publicUrl,
          });
        }
        const gained = after!.adminRoles.filter((role) => !before.adminRoles.includes(role));
        if (gained.length) {
          if (bootstrap) {
            await tx.insert(staffGrants).values({
              userId: id,
              kind: 'roles',
              roles: gained,
              makerId: actorId,
              status: 'approved',
              bootstrap: true,
              decidedAt: now(),
            });
            await writeAudit(tx, {
              actorId,
              action: 'staff.grant_bootstrap',
              targetType: 'user',
              targetId: id,
              after: { adminRoles: gained, rule: 'no second staff manager yet' },
            });
          }
          await tellStaffManagers(tx, config.publicUrl, {
            title: 'An admin gained roles',
            paragraphs: [`${nameOf(after!)} now holds: ${roleNames(gained)} (given by ${nameOf(maker!)}).`],
          });
        }
        return recordOf(tx, after!);
      });
    },

    /**
     * Approves or rejects a pending role grant, exactly once: the grant's row is locked, so of two
     * decisions at the same moment the second finds it decided. Approving adds its roles.
     */
    async decideGrant(actor: StaffActor, grantId: string, decision: 'approve' | 'reject'): Promise<StaffRecord> {
      return db.transaction(async (tx) => {
        const [grant] = await tx.select().from(staffGrants).where(eq(staffGrants.id, grantId)).for('update');
        if (!grant) throw notFound(staffMessages.grantNotFound);
        if (grant.status !== 'pending') throw invalidState(staffMessages.grantDecided);
        assertCanDecideGrant(actor.id, grant);
        if (decision === 'approve') await requireFreshPassword(tx, actor);
        const target = await lockStaff(tx, grant.userId);
        const [decider] = await tx.select().from(users).where(eq(users.id, actor.id));
        await tx
          .update(staffGrants)
          .set({ status: decision === 'approve' ? 'approved' : 'rejected', decidedBy: actor.id, decidedAt: now() })
          .where(eq(staffGrants.id, grant.id));
        let after: UserRow = target;
        if (decision === 'approve') {
          const roles = orderedRoles([...target.adminRoles, ...grant.roles]);
          const [updated] = await tx
            .update(users)
            .set({ adminRoles: roles, updatedAt: new Date() })
            .where(eq(users.id, target.id))
            .returning();
          after = updated!;
        }
        await writeAudit(tx, {
          actorId: actor.id,
          action: decision === 'approve' ? 'staff.grant_approve' : 'staff.grant_reject',
          targetType: 'user',
          targetId: target.id,
          before: { adminRoles: target.adminRoles },
          after: { adminRoles: after.adminRoles, roles: grant.roles, kind: grant.kind, makerId: grant.makerId },
        });
        const [maker] = grant.makerId ? await tx.select().from(users).where(eq(users.id, grant.makerId)) : [];
        await tellStaffManagers(tx, config.publicUrl, {
          title: decision === 'approve' ? 'An admin gained roles' : 'Admin roles refused',
          paragraphs: [
            decision === 'approve'
              ? `${nameOf(target)} now holds: ${roleNames(grant.roles)}. Asked by ${maker ? nameOf(maker) : 'a former admin'}, approved by ${nameOf(decider!)}.`
              : `${nameOf(decider!)} refused to give ${nameOf(target)} these roles: ${roleNames(grant.roles)}.`,
          ],
        });
        return recordOf(tx, after!);
      });
    },
    /** Sends an invited admin a new link (the old ones stop working), e.g. when theirs expired. */
    async reinvite(actor: StaffActor, id: string): Promise<StaffRecord> {
      return db.transaction(async (tx) => {
        const invitee = await lockStaff(tx, id);
        if (invitee.accountStatus !== 'invited') throw invalidState(staffMessages.notInvited);
        const [maker] = await tx.select().from(users).where(eq(users.id, actor.id));
        await issueInvitation(tx, { publicUrl: config.publicUrl, now }, invitee, maker!);
        await writeAudit(tx, { actorId: actor.id, action: 'staff.reinvite', targetType: 'user', targetId: id });
        return recordOf(tx, invitee);
      });
    },

    /**
     * E-mails an active admin a password-reset link (the owner's mechanism, 30 minutes, once): the
     * staff manager never sees the link nor the password chosen with it. Limited like the owner's
     * own requests for that address.
     */
    async sendPasswordReset(actor: StaffActor, id: string): Promise<{ sent: true }> {
      if (actor.id === id) throw refuse(staffMessages.ownPassword);
      const [target] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.isAdmin, true)));
      if (!target) throw notFound(staffErrors.notFound);
      await limiter.hit(
        linkRequestKey('password_reset', target.email),
        LINKS_PER_ACCOUNT,
        recoveryMessages.tooManyLinks,
      );
      await db.transaction(async (tx) => {
        const admin = await lockStaff(tx, id);
        if (admin.isSuperAdmin && !actor.isSuperAdmin) throw refuse(staffMessages.superAdminOnly);
        if (admin.accountStatus === 'invited') throw invalidState(staffMessages.invitedPassword);
        if (admin.accountStatus !== 'active') throw invalidState(staffMessages.resetSuspended);
        await issueAccountLink(tx, { publicUrl: config.publicUrl, now }, 'password_reset', admin, actor.id);
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'staff.send_password_reset',
          targetType: 'user',
          targetId: id,
        });
      });
      return { sent: true };
    },

    /** Suspends an admin: their tokens stop working on the next request and sign-in is refused. */
    async suspend(actor: StaffActor, id: string): Promise<StaffRecord> {
      const actorId = actor.id;
      if (actorId === id) throw invalidState(staffErrors.self);
      return db.transaction(async (tx) => {
        const before = await lockStaff(tx, id);
        if (before.isSuperAdmin) throw invalidState(staffErrors.superAdmin);
        if (before.accountStatus === 'suspended') throw invalidState(staffErrors.alreadySuspended);
        if (before.adminRoles.includes('staff_management') && (await otherStaffManagers(tx, id)) === 0) {
          throw invalidState(staffErrors.lastStaffManager);
        }
        const [after] = await tx
          .update(users)
          .set({ accountStatus: 'suspended', updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning();
        await endSessions(tx, id);
        await writeAudit(tx, {
          actorId,
          action: 'staff.suspend',
          targetType: 'user',
          targetId: id,
          before: snapshot(before),
          after: snapshot(after!),
        });
        return recordOf(tx, after!);
      });
    },

    /** The super admin lets a suspended admin sign in again (with the roles they had). */
    async reactivate(actor: StaffActor, id: string): Promise<StaffRecord> {
      return db.transaction(async (tx) => {
        const before = await lockStaff(tx, id);
        if (!actor.isSuperAdmin) throw refuse(staffMessages.reactivateSuperAdminOnly);
        if (before.accountStatus !== 'suspended') throw invalidState(staffMessages.notSuspended);
        const [after] = await tx
          .update(users)
          // An account whose invitation was never accepted goes back to waiting for it.
          .set({
            accountStatus: before.passwordHash || before.oidcSubject ? 'active' : 'invited',
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning();
        await writeAudit(tx, {
          actorId: actor.id,
          action: 'staff.reactivate',
          targetType: 'user',
          targetId: id,
          before: snapshot(before),
          after: snapshot(after!),
        });
        return recordOf(tx, after!);
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
