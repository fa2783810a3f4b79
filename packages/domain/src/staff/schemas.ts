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
} as const;

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

/** `POST /api/admin/staff`. */
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
  password: z
    .string({ error: staffMessages.password })
    .min(1, { error: staffMessages.password })
    .min(PASSWORD_MIN, { error: staffMessages.passwordShort })
    .max(PASSWORD_MAX, { error: authMessages.passwordTooLong }),
  roles,
});
export type CreateStaffBody = z.output<typeof createStaffBody>;

/** `PUT /api/admin/staff/{id}`: a blank password keeps the current one; the e-mail cannot change. */
export const updateStaffBody = z.object({
  fullName,
  phoneNumber,
  roles,
  password: z
    .string()
    .max(PASSWORD_MAX, { error: authMessages.passwordTooLong })
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= PASSWORD_MIN, { error: staffMessages.passwordShort }),
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
