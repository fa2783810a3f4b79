import { adminRoleInfo, adminRoles, isAdminRole, singleChecker, staffMessages, type AdminRole } from '@letsema/domain';
import { getAdminDateTimeParts } from '../../../lib/formatters';
import { getDecisionRight } from '../../../lib/maker-checker';
import type { StaffMember } from './api';

/** What an admin's roles field holds: a list of role ids, or something that cannot be read as one. */
export type StaffRoles = { isValid: true; roles: string[] } | { isValid: false };

/**
 * Reads the roles field, which arrives as a list; a JSON string is accepted too. Missing or empty
 * values are an empty list; a string that is not a JSON list is invalid.
 */
export function readStaffRoles(value: unknown): StaffRoles {
  if (value === null || value === undefined) return { isValid: true, roles: [] };
  if (Array.isArray(value)) {
    return value.every((item) => typeof item === 'string')
      ? { isValid: true, roles: value as string[] }
      : { isValid: false };
  }
  if (typeof value !== 'string') return { isValid: false };
  if (!value.trim()) return { isValid: true, roles: [] };
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? readStaffRoles(parsed) : { isValid: false };
  } catch {
    return { isValid: false };
  }
}

/** The label a role is shown with; an id the app does not know is shown as it is. */
export function getRoleLabel(role: string): string {
  return isAdminRole(role) ? adminRoleInfo[role].label : role;
}

/** The known roles of an admin, in the order of the role list, for the edit form. */
export function getEditableRoles(value: unknown): AdminRole[] {
  const read = readStaffRoles(value);
  if (!read.isValid) return [];
  return adminRoles.filter((role) => read.roles.includes(role));
}

/** The last sign-in as the list shows it: 'MMM d, yyyy at HH:mm' in Johannesburg, or 'Never'. */
export function formatLastLogin(value: string | null | undefined): string {
  const moment = getAdminDateTimeParts(value);
  return moment ? `${moment.date} at ${moment.time}` : 'Never';
}

/** Whether the signed-in admin is offered Suspend for this row: never themselves, the super admin or a suspended admin. */
export function canSuspendStaff(staff: Pick<StaffMember, 'id' | 'isSuperAdmin' | 'status'>, currentUserId: string) {
  return staff.status === 'active' && !staff.isSuperAdmin && staff.id !== currentUserId;
}

/** Who is looking at the staff list, as the rules of what they may do need it. */
export interface StaffActor {
  id: string;
  isSuperAdmin: boolean;
}

/** Only the super admin edits the super admin (the server refuses anyone else). */
export function canEditStaff(staff: Pick<StaffMember, 'isSuperAdmin'>, actor: StaffActor): boolean {
  return !staff.isSuperAdmin || actor.isSuperAdmin;
}

/** Only the super admin lets a suspended admin back in. */
export function canReactivateStaff(staff: Pick<StaffMember, 'status'>, actor: StaffActor): boolean {
  return actor.isSuperAdmin && staff.status === 'suspended';
}

/**
 * Whether the signed-in admin may approve or refuse the roles waiting for `staff`, and if not, the
 * server's own reason: never who asked for them, never the admin they are for (maker-checker).
 */
export function getGrantDecisionRight(
  staff: Pick<StaffMember, 'id' | 'pendingGrant'>,
  actor: StaffActor,
): { mayDecide: true } | { mayDecide: false; reason: string } {
  const grant = staff.pendingGrant;
  if (!grant) return { mayDecide: false, reason: '' };
  const record = (makerId: string) => ({ makerId, amountCents: 0, approverIds: [] });
  for (const [makerId, message] of [
    [grant.maker?.id ?? '', staffMessages.makerDecides],
    [staff.id, staffMessages.inviteeDecides],
  ] as const) {
    const right = getDecisionRight(actor, record(makerId), singleChecker(message));
    if (!right.mayDecide) return right;
  }
  return { mayDecide: true };
}
