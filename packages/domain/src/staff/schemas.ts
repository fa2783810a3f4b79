import { z } from 'zod';
import { messages as authMessages, PASSWORD_MAX, PASSWORD_MIN } from '../auth/schemas.js';
import { kycMessages } from '../kyc/messages.js';
import { adminRoles } from '../roles.js';

export const staffMessages = {
  fullName: 'Full name is required',
  email: 'Email is required',
  invalidEmail: 'Invalid email address',
  phone: 'Phone number is required',
  password: 'Password is required',
  passwordShort: 'Password must be at least 8 characters',
  roles: 'Please select at least one role',
  emailReadOnly: 'Email cannot be changed',
  ownRoles: 'You cannot change your own roles. Ask another admin with Staff Management to do it.',
  ownPassword: 'Change your own password in Settings.',
  superAdminOnly: 'Only the super admin can change the super admin.',
  grantStaffManagement: 'Only the super admin can give or take away the Staff Management role.',
  reactivateSuperAdminOnly: 'Only the super admin can reactivate a suspended admin.',
  notSuspended: 'This admin user is not suspended',
  reauthRequired: 'Please enter your password again to confirm this change.',
  tooLong: 'This is too long',
  passwordByInvitee: 'The new admin chooses their own password from the invitation e-mail; nobody else can set it.',
  invitationInvalid:
    'This invitation link cannot be used. It may have been used already or be more than 72 hours old. Ask an admin with Staff Management to invite you again.',
  makerDecides: 'You asked for these roles, so another admin with Staff Management must approve them.',
  inviteeDecides: 'These roles are for your own account, so another admin with Staff Management must approve them.',
  grantPending: 'A role change for this admin is already waiting for approval. Approve or reject it first.',
  grantDecided: 'This role change has been decided already.',
  grantNotFound: 'Role change not found',
  notInvited: 'This admin has accepted their invitation already.',
  invitedPassword: 'This admin has not accepted their invitation yet; they choose their own password with it.',
  passwordByOwner:
    "Nobody sets another admin's password. Send them a password-reset link instead: only they see it and the password they choose.",
  resetSuspended: 'This admin is suspended. Reactivate them first.',
  resetSent: 'We e-mailed them a link to choose a new password. It works for 30 minutes, once; only they see it.',
} as const;

/**
 * Roles that move money or decide who may: giving one to an admin (at an invitation or later) takes
 * effect only after a second admin with Staff Management approves (maker-checker).
 */
export const checkedAdminRoles = [
  'payment_management',
  'expense_management',
  'investment_management',
  'month_end',
  'exit_requests',
  'loan_management',
  'staff_management',
] as const satisfies readonly (typeof adminRoles)[number][];

/** An invitation link is good for 72 hours, once. */
export const STAFF_INVITATION_HOURS = 72;

/** Whether going from `before` to `after` gives a role that needs a second admin's approval. */
export function addsCheckedRole(before: readonly string[], after: readonly string[]): boolean {
  return after.some((role) => !before.includes(role) && (checkedAdminRoles as readonly string[]).includes(role));
}

const fullName = z
  .string({ error: staffMessages.fullName })
  .trim()
  .min(1, { error: staffMessages.fullName })
  .max(120, { error: staffMessages.tooLong });
/** Required (the spec's message when blank), and a South African number like a member's. */
const phoneNumber = z
  .string({ error: staffMessages.phone })
  .trim()
  .min(1, { error: staffMessages.phone })
  .regex(/^0\d{9}$/, { error: kycMessages.phone });
const roles = z
  .array(z.enum(adminRoles, { error: staffMessages.roles }), { error: staffMessages.roles })
  .min(1, { error: staffMessages.roles })
  .transform((list) => adminRoles.filter((r) => list.includes(r)));

/** `POST /api/admin/staff`: an invitation, e-mailed; the roles wait for a second admin's approval. */
export const createStaffBody = z.object({
  fullName,
  email: z
    .string({ error: staffMessages.email })
    .trim()
    .toLowerCase()
    .min(1, { error: staffMessages.email })
    .max(254, { error: staffMessages.invalidEmail })
    .pipe(z.email({ pattern: z.regexes.html5Email, error: staffMessages.invalidEmail })),
  phoneNumber,
  /** Never taken: the invitee sets it from the invitation link. */
  password: z.undefined({ error: staffMessages.passwordByInvitee }).optional(),
  roles,
});
export type CreateStaffBody = z.output<typeof createStaffBody>;

/**
 * `PUT /api/admin/staff/{id}`: name, phone and roles; the e-mail cannot change. No password is taken:
 * whoever set it could sign in as that admin (a staff manager sends a reset link instead).
 */
export const updateStaffBody = z.object({
  fullName,
  phoneNumber,
  roles,
  password: z.undefined({ error: staffMessages.passwordByOwner }).optional(),
});
export type UpdateStaffBody = z.output<typeof updateStaffBody>;

/** What re-authentication answers; the browser's dialog uses the same words. */
export const reauthMessages = {
  passwordRequired: 'Enter your password to confirm',
  passwordWrong: 'That password is not right',
  noPassword: 'Set a password in Settings first, then confirm with it.',
} as const;

/** `POST /api/auth/reauthenticate`: the acting admin's own password (or, without one, a two-factor code). */
export const reauthenticateBody = z.object({
  password: z.string().max(PASSWORD_MAX).optional().default(''),
  code: z.string().max(40).optional().default(''),
});
export type ReauthenticateBody = z.infer<typeof reauthenticateBody>;

/** The invitation link's token, as typed into the accept page's calls. */
const invitationToken = z
  .string({ error: staffMessages.invitationInvalid })
  .trim()
  .min(1, { error: staffMessages.invitationInvalid })
  .max(200, { error: staffMessages.invitationInvalid });

/** `POST /api/auth/staff-invitation`: reads the invitation (and starts two-factor set-up when required). */
export const staffInvitationBody = z.object({ token: invitationToken });
export type StaffInvitationBody = z.infer<typeof staffInvitationBody>;

/** `POST /api/auth/staff-invitation/accept`: the invitee's own password and, when required, the app's first code. */
export const acceptStaffInvitationBody = z.object({
  token: invitationToken,
  password: z
    .string({ error: staffMessages.password })
    .min(1, { error: staffMessages.password })
    .min(PASSWORD_MIN, { error: staffMessages.passwordShort })
    .max(PASSWORD_MAX, { error: authMessages.passwordTooLong }),
  code: z
    .string()
    .trim()
    .max(20)
    .optional()
    .transform((v) => (v ? v.replace(/\s+/g, '') : undefined)),
});
export type AcceptStaffInvitationBody = z.output<typeof acceptStaffInvitationBody>;
