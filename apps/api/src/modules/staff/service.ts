import { adminRoles, staffMessages, type CreateStaffBody, type UpdateStaffBody } from '@letsema/domain';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, conflict, invalidState, notFound } from '../../lib/errors.js';
import { assertStrongPassword, hashPassword } from '../auth/passwords.js';

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

export function toStaffView(user: UserRow) {
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
 * Staff admins: create, edit, suspend, reactivate. Suspension ends their sessions at once. No admin
 * changes their own roles or password here, only the super admin touches the super admin or the
 * Staff Management role, and changing another admin's roles or password needs a fresh password.
 */
export function createStaffService(deps: { db: Db }) {
  const { db } = deps;

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

  async function lockStaff(tx: Executor, id: string): Promise<UserRow> {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!user || !user.isAdmin) throw notFound(staffErrors.notFound);
    return user;
  }

  async function endSessions(tx: Executor, userId: string) {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  return {
    async list(): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(eq(users.isAdmin, true))
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(500);
    },

    async create(actor: StaffActor, input: CreateStaffBody): Promise<UserRow> {
      const actorId = actor.id;
      if (input.roles.includes('staff_management') && !actor.isSuperAdmin)
        throw refuse(staffMessages.grantStaffManagement);
      assertStrongPassword(input.password, 'password', [input.email, input.fullName]);
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            email: input.email,
            passwordHash,
            fullName: input.fullName,
            phoneNumber: input.phoneNumber,
            isAdmin: true,
            adminRoles: input.roles,
            registrationStatus: 'active',
          })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (!created) throw conflict(staffErrors.emailTaken);
        await writeAudit(tx, {
          actorId,
          action: 'staff.create',
          targetType: 'user',
          targetId: created.id,
          after: snapshot(created),
        });
        return created;
      });
    },

    /** Edits name, phone, roles and optionally the password; an e-mail sent along must be the current one. */
    async update(actor: StaffActor, id: string, input: UpdateStaffBody, email?: string): Promise<UserRow> {
      const actorId = actor.id;
      const isSelf = actorId === id;
      if (isSelf && input.password) throw refuse(staffMessages.ownPassword);
      if (input.password) assertStrongPassword(input.password, 'password', [email, input.fullName]);
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
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
        if (!isSelf && (rolesChange || passwordHash)) await requireFreshPassword(tx, actor);
        if (email !== undefined && email.trim().toLowerCase() !== before.email) {
          throw new AppError('VALIDATION', staffMessages.emailReadOnly, {
            details: { email: staffMessages.emailReadOnly },
          });
        }
        let roles = input.roles as string[];
        if (before.isSuperAdmin) {
          if (roles.length !== adminRoles.length) throw invalidState(staffErrors.superAdminRoles);
          roles = [...adminRoles];
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
            ...(passwordHash ? { passwordHash } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning();
        // A new password set by someone else ends the sessions opened with the old one.
        if (passwordHash && actorId !== id) await endSessions(tx, id);
        await writeAudit(tx, {
          actorId,
          action: passwordHash ? 'staff.update_with_password' : 'staff.update',
          targetType: 'user',
          targetId: id,
          before: snapshot(before),
          after: snapshot(after!),
        });
        return after!;
      });
    },

    /** Suspends an admin: their tokens stop working on the next request and sign-in is refused. */
    async suspend(actor: StaffActor, id: string): Promise<UserRow> {
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
        return after!;
      });
    },

    /** The super admin lets a suspended admin sign in again (with the roles they had). */
    async reactivate(actor: StaffActor, id: string): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const before = await lockStaff(tx, id);
        if (!actor.isSuperAdmin) throw refuse(staffMessages.reactivateSuperAdminOnly);
        if (before.accountStatus !== 'suspended') throw invalidState(staffMessages.notSuspended);
        const [after] = await tx
          .update(users)
          .set({ accountStatus: 'active', updatedAt: new Date() })
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
        return after!;
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
