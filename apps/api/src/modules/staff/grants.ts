import { adminRoleInfo, adminRoles, singleChecker, staffMessages, type AdminRole } from '@letsema/domain';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { staffGrants, users } from '../../db/schema.js';
import { buildMail } from '../../lib/mail.js';
import { assertCanDecide } from '../../lib/maker-checker.js';
import { notify, queueMail } from '../notifications/service.js';

export type GrantRow = typeof staffGrants.$inferSelect;

/** Roles in the catalogue's order, each once. */
export function orderedRoles(roles: Iterable<string>): AdminRole[] {
  const wanted = new Set(roles);
  return adminRoles.filter((role) => wanted.has(role));
}

export const roleNames = (roles: readonly string[]) =>
  roles.map((role) => adminRoleInfo[role as AdminRole]?.label ?? role).join(', ') || 'no roles yet';

/**
 * The bootstrap rule: a cooperative whose super admin is still its only staff manager can start.
 * While no admin other than a super admin holds Staff Management (in any state: invited, active or
 * suspended) and none was ever given it by an approved grant, the super admin's role grants take
 * effect at once and are audited as bootstrap. Once a second staff manager is invited the window
 * closes for good: taking the role away again does not reopen it.
 */
export async function isBootstrap(tx: Executor, maker: { isSuperAdmin: boolean }): Promise<boolean> {
  if (!maker.isSuperAdmin) return false;
  const holders = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.isAdmin, true),
        eq(users.isSuperAdmin, false),
        sql`${users.adminRoles} @> '["staff_management"]'::jsonb`,
      ),
    )
    .limit(1);
  if (holders.length) return false;
  const granted = await tx
    .select({ id: staffGrants.id })
    .from(staffGrants)
    .where(and(eq(staffGrants.status, 'approved'), sql`${staffGrants.roles} @> '["staff_management"]'::jsonb`))
    .limit(1);
  return granted.length === 0;
}

/**
 * Tells every active staff manager and the super admin, in the app and by e-mail (always, whatever
 * their e-mail choices: this is how a hijacked or invented admin is noticed), inside the caller's
 * transaction.
 */
export async function tellStaffManagers(
  tx: Executor,
  publicUrl: string,
  message: { title: string; paragraphs: string[] },
): Promise<void> {
  const managers = await tx
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(
      and(
        eq(users.isAdmin, true),
        eq(users.accountStatus, 'active'),
        or(eq(users.isSuperAdmin, true), sql`${users.adminRoles} @> '["staff_management"]'::jsonb`),
      ),
    );
  for (const manager of managers) {
    await notify(tx, {
      userId: manager.id,
      category: 'registration',
      title: message.title,
      message: message.paragraphs.join(' '),
    });
    await queueMail(tx, {
      to: manager.email,
      ...buildMail({
        publicUrl,
        subject: `Letsema: ${message.title.toLowerCase()}`,
        greetingName: manager.fullName,
        paragraphs: message.paragraphs,
        action: { label: 'Open Staff Management', path: '/admin/staff' },
      }),
    });
  }
}

/**
 * Who may decide a grant: never its maker, never the admin it is for (the one maker-checker rule,
 * asked once for each). The route has already required Staff Management.
 */
export function assertCanDecideGrant(actorId: string, grant: Pick<GrantRow, 'makerId' | 'userId'>): void {
  const record = (makerId: string) => ({ makerId, amountCents: 0, approverIds: [] });
  assertCanDecide(actorId, record(grant.makerId ?? ''), singleChecker(staffMessages.makerDecides));
  assertCanDecide(actorId, record(grant.userId), singleChecker(staffMessages.inviteeDecides));
}

export interface StaffPerson {
  id: string;
  fullName: string | null;
}

export interface GrantWithNames extends GrantRow {
  maker: StaffPerson | null;
  decider: StaffPerson | null;
}

/** The grants of these admins, oldest first, with the names of who made and decided them. */
export async function grantsOf(tx: Executor, userIds: string[]): Promise<GrantWithNames[]> {
  if (!userIds.length) return [];
  const maker = alias(users, 'maker');
  const decider = alias(users, 'decider');
  const rows = await tx
    .select({
      grant: staffGrants,
      makerName: maker.fullName,
      deciderName: decider.fullName,
    })
    .from(staffGrants)
    .leftJoin(maker, eq(maker.id, staffGrants.makerId))
    .leftJoin(decider, eq(decider.id, staffGrants.decidedBy))
    .where(and(inArray(staffGrants.userId, userIds), ne(staffGrants.status, 'rejected')))
    .orderBy(staffGrants.createdAt);
  return rows.map(({ grant, makerName, deciderName }) => ({
    ...grant,
    maker: grant.makerId ? { id: grant.makerId, fullName: makerName } : null,
    decider: grant.decidedBy ? { id: grant.decidedBy, fullName: deciderName } : null,
  }));
}
