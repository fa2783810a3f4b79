import { z } from 'zod';
import { messages as authMessages, PASSWORD_MAX, PASSWORD_MIN } from '../auth/schemas.js';
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
  tooLong: 'This is too long',
} as const;

const fullName = z
  .string({ error: staffMessages.fullName })
  .trim()
  .min(1, { error: staffMessages.fullName })
  .max(120, { error: staffMessages.tooLong });
const phoneNumber = z
  .string({ error: staffMessages.phone })
  .trim()
  .min(1, { error: staffMessages.phone })
  .max(20, { error: staffMessages.tooLong });
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
