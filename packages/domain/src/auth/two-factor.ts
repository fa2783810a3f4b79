import { z } from 'zod';
import { PASSWORD_MAX } from './limits.js';
import { isSecondFactorCode, twoFactorMessages } from './two-factor-rules.js';

export * from './two-factor-rules.js';

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
