// The second factor's messages and its code check: no zod, so the sign-in page can use them without
// the schemas (the answers' types come from `answers.ts` as types only).
import type { LoginAnswer, MfaChallengeAnswer } from './answers.js';

export const twoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes',
  codeWrong: 'That code is not right. Check that the time on your phone is correct and try again.',
  challengeEnded: 'This sign-in has expired. Please sign in again.',
  tooManyCodes: 'Too many wrong codes. Please sign in again.',
  accountPaused:
    'Too many wrong codes for this account. Two-factor sign-in is paused for 15 minutes; please try again later.',
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

export function isMfaChallenge(answer: LoginAnswer): answer is MfaChallengeAnswer {
  return 'mfaRequired' in answer && answer.mfaRequired === true;
}
