import { describe, expect, it } from 'vitest';
import { checkPasswordStrength, MIN_PASSWORD_SCORE, WEAK_PASSWORD_MESSAGE } from './password-strength.js';

describe('checkPasswordStrength', () => {
  it.each(['12345678', 'password1', 'password', 'qwertyuiop', 'iloveyou1', 'Johannesburg1', 'aaaaaaaaaa', 'abcd1234'])(
    'refuses the guessable %j with the message',
    (password) => {
      const strength = checkPasswordStrength(password);
      expect(strength.isStrongEnough).toBe(false);
      expect(strength.score).toBeLessThan(MIN_PASSWORD_SCORE);
      expect(strength.message).toMatch(new RegExp(`^${WEAK_PASSWORD_MESSAGE.replace(/[.]/g, '\\.')}`));
    },
  );

  it.each(['correct horse battery', 'umbrella giraffe kettle', 'a new passphrase for the office', 'Tr0ub4dor&3x'])(
    'accepts %j',
    (password) => {
      const strength = checkPasswordStrength(password);
      expect(strength.isStrongEnough).toBe(true);
      expect(strength.message).toBeNull();
      expect(['Good', 'Strong']).toContain(strength.label);
    },
  );

  it("counts the account's own words as guessable", () => {
    const password = 'nomvuladlamini';
    expect(checkPasswordStrength(password).isStrongEnough).toBe(true);
    expect(checkPasswordStrength(password, ['nomvula.dlamini@example.com']).isStrongEnough).toBe(false);
  });

  it.each(['letsema2024', 'Letsema2024!', 'stokvel2026', 'letsemacoop1', 'Letsema@123'])(
    "refuses %j, built on the product's own words, with the message",
    (password) => {
      const strength = checkPasswordStrength(password);
      expect(strength.isStrongEnough).toBe(false);
      expect(strength.message).toMatch(new RegExp(`^${WEAK_PASSWORD_MESSAGE.replace(/[.]/g, '\\.')}`));
    },
  );
});
