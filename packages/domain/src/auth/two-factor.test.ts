import { describe, expect, it } from 'vitest';
import { isSecondFactorCode, loginMfaBody, twoFactorMessages } from './two-factor.js';

describe('isSecondFactorCode', () => {
  it.each([
    ['123456', true],
    [' 123 456 ', true],
    ['abcd-efgh-jkmn', true],
    ['ABCD EFGH JKMN', true],
    ['abcdefgh', true],
    ['12345', false],
    ['1234567', false],
    ['abc-def', false],
    ['abcd;efgh', false],
    ['a'.repeat(41), false],
    ['', false],
  ])('%j → %s', (code, expected) => {
    expect(isSecondFactorCode(code)).toBe(expected);
  });

  it('is the rule of the sign-in body, with the same message', () => {
    const result = loginMfaBody.safeParse({ challenge: '6f1f8a0e-8f5d-4a57-9d1c-1f6f5b6f2b11', code: '12345' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(twoFactorMessages.codeFormat);
  });
});
