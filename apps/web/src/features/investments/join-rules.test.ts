import { describe, expect, it } from 'vitest';
import { createJoinFormSchema } from './form-rules';
import { getJoinFigures, readShares, toJoinRequest } from './join-rules';

const pool = {
  availableShares: 1000,
  pricePerShare: 1000,
  investmentDuration: 12,
  paymentInstallments: [
    { frequency: 'monthly' as const, amount: 83.33 },
    { frequency: 'quarterly' as const, amount: 250 },
    { frequency: 'once' as const, amount: 1000 },
  ],
};

describe('getJoinFigures', () => {
  it.each([
    [
      '10',
      'monthly',
      { shares: 10, commitmentCents: 1_000_000, instalmentCents: 83_333, instalments: 12, lastInstalmentCents: 83_337 },
    ],
    [
      '10',
      'quarterly',
      { shares: 10, commitmentCents: 1_000_000, instalmentCents: 250_000, instalments: 4, lastInstalmentCents: null },
    ],
    [
      '1',
      'once',
      { shares: 1, commitmentCents: 100_000, instalmentCents: 100_000, instalments: 1, lastInstalmentCents: null },
    ],
    ['0', 'monthly', null],
    ['1001', 'monthly', null],
    ['2.5', 'monthly', null],
    ['10', 'yearly', null],
  ])('%s shares, %s -> %j', (shares, plan, figures) => {
    expect(getJoinFigures(pool, shares, plan)).toEqual(figures);
  });
});

describe('readShares', () => {
  it.each([
    [' 7 ', 7],
    ['', null],
    ['abc', null],
    ['-1', null],
  ])('%j -> %s', (text, shares) => {
    expect(readShares(text, 1000)).toBe(shares);
  });
});

describe('createJoinFormSchema', () => {
  const schema = createJoinFormSchema(pool);
  it('accepts shares in range and a plan of the pool', () => {
    expect(schema.parse({ numberOfShares: '10', installmentPlan: 'monthly' })).toEqual({
      numberOfShares: 10,
      installmentPlan: 'monthly',
    });
  });
  it.each([
    [{ numberOfShares: '0', installmentPlan: 'monthly' }, 'Choose between 1 and 1000 shares'],
    [{ numberOfShares: '1001', installmentPlan: 'monthly' }, 'Choose between 1 and 1000 shares'],
    [{ numberOfShares: '1.5', installmentPlan: 'monthly' }, 'The number of shares must be a whole number'],
    [{ numberOfShares: '1', installmentPlan: 'yearly' }, 'Please choose a payment plan'],
  ])('refuses %j with %s', (values, message) => {
    const result = schema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('toJoinRequest', () => {
  it('sends the figures in rand', () => {
    const figures = getJoinFigures(pool, '10', 'monthly')!;
    expect(toJoinRequest('p1', 'monthly', figures)).toEqual({
      poolId: 'p1',
      numberOfShares: 10,
      totalCommitment: 10000,
      installmentPlan: 'monthly',
      contributionAmount: 833.33,
    });
  });
});
