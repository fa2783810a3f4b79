import { z } from 'zod';

export const messages = {
  invalidEmail: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 256 characters',
  passwordsDontMatch: "Passwords don't match",
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/**
 * An e-mail address, trimmed and lower-cased before it is checked. The pattern is HTML's own
 * definition of a valid address, so the browser and the server agree (and `admin@localhost` passes).
 */
export const emailField = z
  .string({ error: messages.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, { error: messages.invalidEmail })
  .pipe(z.email({ pattern: z.regexes.html5Email, error: messages.invalidEmail }));

/** A new password: 8 to 256 characters. */
export const newPasswordField = z
  .string({ error: messages.passwordRequired })
  .min(1, { error: messages.passwordRequired })
  .min(PASSWORD_MIN, { error: messages.passwordTooShort })
  .max(PASSWORD_MAX, { error: messages.passwordTooLong });

export const loginBody = z.object({
  email: emailField,
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, { error: messages.passwordRequired })
    .max(PASSWORD_MAX, { error: messages.passwordTooLong }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({
  email: emailField,
  password: newPasswordField,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The registration form: the request body plus the confirmation the browser checks. */
export const registerForm = registerBody
  .extend({ confirmPassword: z.string({ error: messages.passwordsDontMatch }) })
  .refine((v) => v.password === v.confirmPassword, {
    error: messages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerForm>;
