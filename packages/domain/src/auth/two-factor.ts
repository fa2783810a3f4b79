import { z } from 'zod';
import { PASSWORD_MAX } from './schemas.js';

export const twoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes',
  codeWrong: 'That code is not right. Check that the time on your phone is correct and try again.',
  challengeEnded: 'This sign-in has expired. Please sign in again.',
  tooManyCodes: 'Too many wrong codes. Please sign in again.',
  notSetUp: 'Start the set-up again: scan the new QR code, then enter the code it shows.',
  alreadyOn: 'Two-factor sign-in is already on for this account.',
  notOn: 'Two-factor sign-in is not on for this account.',
  requiredForAdmins: 'Two-factor sign-in is required for admin accounts, so it cannot be turned off.',
  passwordRequired: 'Enter your password to turn off two-factor sign-in',
} as const;

/**
 * Whether a typed code has the shape of six digits from the app (spaces ignored) or of a recovery
 * code (eight or more letters and digits; dashes, spaces and case ignored). The browser and the
 * server both check it.
 */
export function isSecondFactorCode(code: string): boolean {
  const typed = code.trim();
  if (/^\d{6}$/.test(typed.replace(/\s+/g, ''))) return true;
  return typed.length <= 40 && /^[0-9A-Za-z -]+$/.test(typed) && typed.replace(/[\s-]/g, '').length >= 8;
}

/** Six digits from the app, or a recovery code. */
const codeField = z
  .string({ error: twoFactorMessages.codeRequired })
  .trim()
  .min(1, { error: twoFactorMessages.codeRequired })
  .max(40, { error: twoFactorMessages.codeFormat })
  .refine(isSecondFactorCode, { error: twoFactorMessages.codeFormat });

/** Only the app's six digits (enrolment proves the app works, so no recovery code there). */
const appCodeField = z
  .string({ error: twoFactorMessages.codeRequired })
  .trim()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: twoFactorMessages.codeRequired }));

/** `POST /api/auth/login/mfa`: the challenge a password (or Google) sign-in answered, and a code. */
export const loginMfaBody = z.object({
  challenge: z.uuid({ error: twoFactorMessages.challengeEnded }),
  code: codeField,
});
export type LoginMfaBody = z.infer<typeof loginMfaBody>;

/** `POST /api/auth/mfa/enable`: the first code of the app just set up. */
export const enableMfaBody = z.object({ code: appCodeField });
export type EnableMfaBody = z.infer<typeof enableMfaBody>;

/** `POST /api/auth/mfa/disable`: the password (when the account has one) and a code. */
export const disableMfaBody = z.object({
  password: z.string().max(PASSWORD_MAX).optional().default(''),
  code: codeField,
});
export type DisableMfaBody = z.infer<typeof disableMfaBody>;

/** `POST /api/auth/mfa/recovery-codes`: a code, to replace the recovery codes. */
export const newRecoveryCodesBody = z.object({ code: codeField });
export type NewRecoveryCodesBody = z.infer<typeof newRecoveryCodesBody>;

/** What `POST /api/auth/login` (and the Google sign-in) answers when a second factor is needed. */
export interface MfaChallengeAnswer {
  mfaRequired: true;
  challenge: string;
}

/** What a finished sign-in answers. */
export interface SignInAnswer {
  token: string;
}

export type LoginAnswer = SignInAnswer | MfaChallengeAnswer;

export function isMfaChallenge(answer: LoginAnswer): answer is MfaChallengeAnswer {
  return 'mfaRequired' in answer && answer.mfaRequired === true;
}

/** `GET /api/auth/mfa` */
export interface MfaStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** `POST /api/auth/mfa/setup` */
export interface MfaSetup {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}
