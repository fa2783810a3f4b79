import { z } from 'zod';
import { emailVerificationMessages, messages, PASSWORD_MAX, PASSWORD_MIN } from './limits.js';

export * from './limits.js';

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
  /** The short name of the cooperative whose invitation link the person followed; else the installation's first. */
  cooperative: z.string().trim().max(60).optional(),
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

/** `POST /api/auth/change-password`: ends every other session of the account. */
export const changePasswordBody = z.object({
  currentPassword: z.string().max(PASSWORD_MAX, { error: messages.passwordTooLong }).optional().default(''),
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The change-password form: the body plus the confirmation the browser checks. */
export const changePasswordForm = changePasswordBody
  .extend({ confirmPassword: z.string({ error: messages.passwordsDontMatch }) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: messages.passwordsDontMatch,
    path: ['confirmPassword'],
  });

/** Which notification categories also come by e-mail. */
export const emailPreferencesBody = z.object({
  registration: z.boolean(),
  pool: z.boolean(),
  payment: z.boolean(),
  profit: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesBody>;
export const defaultEmailPreferences: EmailPreferences = {
  registration: true,
  pool: true,
  payment: true,
  profit: true,
};

/** `POST /api/auth/google`: the code from the provider and the PKCE verifier and nonce the browser kept. */
export const googleSignInBody = z.object({
  code: z.string({ error: 'The sign-in code is missing' }).min(1).max(4096),
  codeVerifier: z.string({ error: 'The sign-in verifier is missing' }).regex(/^[A-Za-z0-9._~-]{43,128}$/, {
    error: 'The sign-in verifier is not valid',
  }),
  nonce: z.string({ error: 'The sign-in nonce is missing' }).min(16).max(256),
  state: z.string().max(256).optional(),
  /** The issuer named in the redirect, when the provider sends one (RFC 9207). */
  iss: z.string().max(500).optional(),
});
export type GoogleSignInBody = z.infer<typeof googleSignInBody>;

/** `POST /api/auth/verify-email`: the token from the link in the e-mail. */
export const verifyEmailBody = z.object({
  token: z
    .string({ error: emailVerificationMessages.invalid })
    .min(1, { error: emailVerificationMessages.invalid })
    .max(2048, { error: emailVerificationMessages.invalid }),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

export const cooperativeSwitchMessages = {
  notYours: 'You are not a member of that cooperative, or it is closed.',
} as const;

/** `POST /api/auth/switch`: the cooperative to work in next, one of `GET /api/auth/cooperatives`. */
export const switchCooperativeBody = z.object({
  cooperativeId: z.uuid({ error: cooperativeSwitchMessages.notYours }),
});
export type SwitchCooperativeBody = z.infer<typeof switchCooperativeBody>;
