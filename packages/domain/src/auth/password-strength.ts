import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * How hard a new password is to guess, estimated by zxcvbn-ts with its dictionaries of common and
 * breached passwords, names and English words. The browser loads this module only on pages with a
 * new-password field (its dictionaries are large); the server checks every new password with it.
 */

/** zxcvbn's scale: 0 too guessable … 4 very unguessable. 3 is "safely unguessable" for online attacks. */
export const MIN_PASSWORD_SCORE = 3;

export const passwordStrengthLabels = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

export const WEAK_PASSWORD_MESSAGE =
  'This password is too easy to guess. Use a longer phrase of three or four uncommon words.';

export interface PasswordStrength {
  /** 0 to 4. */
  score: number;
  label: (typeof passwordStrengthLabels)[number];
  isStrongEnough: boolean;
  /** zxcvbn's reason the password is weak, when it has one. */
  warning: string | null;
  /** The message to show (and the server's refusal) when the password is too weak; null when it is fine. */
  message: string | null;
}

/**
 * The product's own words: the first an attacker tries against a cooperative's accounts
 * (`letsema2024`), so a password built on them is as guessable as one built on the member's name.
 */
export const PRODUCT_WORDS = ['letsema', 'stokvel', 'stokvels', 'cooperative', 'coop', 'savings'] as const;

let estimator: ZxcvbnFactory | undefined;
function getEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return estimator;
}

/**
 * Estimates a new password. `userInputs` are words of the account itself (its e-mail address, a
 * name), which make a password built from them easy to guess; the product's own words always count
 * among them.
 */
export function checkPasswordStrength(password: string, userInputs: readonly string[] = []): PasswordStrength {
  const words = userInputs.flatMap((input) => input.toLowerCase().split(/[^a-z0-9]+/)).filter((w) => w.length >= 3);
  const result = getEstimator().check(password, [...new Set([...PRODUCT_WORDS, ...words])]);
  const score = result.score;
  const warning = result.feedback.warning || null;
  const isStrongEnough = score >= MIN_PASSWORD_SCORE;
  return {
    score,
    label: passwordStrengthLabels[score] ?? 'Very weak',
    isStrongEnough,
    warning,
    message: isStrongEnough ? null : warning ? `${WEAK_PASSWORD_MESSAGE} ${warning}` : WEAK_PASSWORD_MESSAGE,
  };
}
