import { describe, expect, it } from 'vitest';
import { groupDigits } from './pay-to-card';

describe('groupDigits', () => {
  it.each([
    ['62123456789', '6212 3456 789'],
    ['1234567890123456', '1234 5678 9012 3456'],
    ['123456', '1234 56'],
    ['1234', '1234'],
  ])('%s -> %s', (digits, grouped) => {
    expect(groupDigits(digits)).toBe(grouped);
  });
});
