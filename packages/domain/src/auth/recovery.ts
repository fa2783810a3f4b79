import { z } from 'zod';
import { messages } from './limits.js';
import { emailField, newPasswordField } from './schemas.js';

/** A password-reset link works this long, once. */
export const PASSWORD_RESET_MINUTES = 30;
/** An e-mailed sign-in link works this long, once. */
export const SIGN_IN_LINK_MINUTES = 15;

export const recoveryMessages = {
  resetSent: `If an account uses this address, we have e-mailed it a link to choose a new password. The link works for ${PASSWORD_RESET_MINUTES} minutes, once.`,
  signInLinkSent: `If an account uses this address, we have e-mailed it a sign-in link. The link works for ${SIGN_IN_LINK_MINUTES} minutes, once.`,
  resetInvalid:
    'This link cannot be used. It may have been used already or be more than 30 minutes old. Ask for a new one from the sign-in page.',
  signInLinkInvalid:
    'This sign-in link cannot be used. It may have been used already or be more than 15 minutes old. Ask for a new one.',
  tooManyLinks:
    'We have sent several links already. Please check your inbox (and spam folder), or try again in an hour.',
  codeRequired:
    'Your account has two-factor sign-in on: enter the code from your authenticator app (or a recovery code).',
  passwordReset: 'Your password has been changed. Sign in with your new password.',
  dailyCeiling:
    'Too many wrong passwords have been tried on this account today, so password sign-in is paused for it. Sign in with a link we e-mail you instead ("E-mail me a sign-in link").',
} as const;

/** `POST /api/auth/password-reset` and `POST /api/auth/login/link`: the address to send the link to. */
export const emailLinkBody = z.object({ email: emailField });
export type EmailLinkBody = z.infer<typeof emailLinkBody>;

const linkToken = (error: string) => z.string({ error }).min(1, { error }).max(256, { error });

/** `POST /api/auth/password-reset/complete`: the link's token, the new password, and the code when two-factor is on. */
export const passwordResetCompleteBody = z.object({
  token: linkToken(recoveryMessages.resetInvalid),
  password: newPasswordField,
  code: z.string().trim().max(64).optional(),
});
export type PasswordResetCompleteBody = z.infer<typeof passwordResetCompleteBody>;

/** The new-password form: the body plus the confirmation the browser checks. */
export const passwordResetForm = passwordResetCompleteBody
  .extend({ confirmPassword: z.string({ error: messages.passwordsDontMatch }) })
  .refine((v) => v.password === v.confirmPassword, {
    error: messages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type PasswordResetForm = z.infer<typeof passwordResetForm>;

/** `POST /api/auth/login/link/complete`: the token of an e-mailed sign-in link. */
export const signInLinkBody = z.object({ token: linkToken(recoveryMessages.signInLinkInvalid) });
export type SignInLinkBody = z.infer<typeof signInLinkBody>;

/** An approved assisted reset's one-time code works this long. */
export const ASSISTED_RESET_HOURS = 24;

export const assistedResetMessages = {
  codeWrong: 'This code is not right, or it has expired. Ask the cooperative for a new one.',
  notWaiting: 'This password reset is not waiting for approval.',
  makerDecides: 'You started this password reset, so another admin with Member Management must approve it.',
  ownAccount: 'This password reset is for your own account, so another admin must decide it.',
  memberOnly: 'Member not found',
  tooMany: 'Too many tries. Please wait a few minutes and try again.',
} as const;

/** The one-time code as an admin reads it out: twelve letters and digits, in groups of four. */
const resetCodeField = z
  .string({ error: assistedResetMessages.codeWrong })
  .trim()
  .toLowerCase()
  .min(1, { error: assistedResetMessages.codeWrong })
  .max(32, { error: assistedResetMessages.codeWrong });

/** `POST /api/auth/assisted-reset`: the member's address, the code an admin gave them, and a new password. */
export const assistedResetCompleteBody = z.object({
  email: emailField,
  resetCode: resetCodeField,
  password: newPasswordField,
  code: z.string().trim().max(64).optional(),
});
export type AssistedResetCompleteBody = z.infer<typeof assistedResetCompleteBody>;

export const assistedResetForm = assistedResetCompleteBody
  .extend({ confirmPassword: z.string({ error: messages.passwordsDontMatch }) })
  .refine((v) => v.password === v.confirmPassword, {
    error: messages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type AssistedResetForm = z.infer<typeof assistedResetForm>;
