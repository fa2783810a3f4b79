import { describe, expect, it } from 'vitest';
import { netPositionCents } from './position.js';

describe('netPositionCents', () => {
  it.each([
    ['a new member with nothing', 0, 0, 0, 0],
    ['capital only', 100_000, 0, 0, 100_000],
    ['capital and returns', 100_000, 74_714, 0, 174_714],
    ['capital, returns and a loan partly repaid', 300_000, 10_000, 181_243, 128_757],
    ['a loss allocated', 100_000, -2_501, 0, 97_499],
    ['loans above the holding', 100_000, 0, 250_000, -150_000],
  ])('%s: %i + %i - %i = %i', (_name, capitalCents, returnsCents, loansOwedCents, expected) => {
    expect(netPositionCents({ capitalCents, returnsCents, loansOwedCents })).toBe(expected);
  });
});
