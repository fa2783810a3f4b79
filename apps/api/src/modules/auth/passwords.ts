import { checkPasswordStrength } from '@letsema/domain/password-strength';
import argon2 from 'argon2';
import { AppError } from '../../lib/errors.js';

// OWASP's minimum for argon2id: 19 MiB of memory, two passes, one lane.
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown account, or one without a
 * password) it still spends the same work, so timing does not tell which accounts exist.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password-for-timing-only');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * Refuses a new password that is easy to guess (common, breached, a keyboard walk, built from the
 * account's own e-mail or name), with the same rule and message as the browser's strength meter.
 */
export function assertStrongPassword(password: string, field: string, userInputs: (string | null | undefined)[]): void {
  const strength = checkPasswordStrength(
    password,
    userInputs.filter((input): input is string => Boolean(input)),
  );
  if (strength.message) throw new AppError('VALIDATION', strength.message, { details: { [field]: strength.message } });
}
