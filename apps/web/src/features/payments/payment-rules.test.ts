import { describe, expect, it } from 'vitest';
import { getCoveredCents, getNextInstalmentCents } from './payment-rules';
import { paymentFormSchema } from './form-rules';

describe('getNextInstalmentCents', () => {
  // R 10 000 over 12 months: eleven instalments of R 833.33 and a last one of R 833.37.
  it.each([
    ['nothing paid yet', 1_000_000, 'monthly', 12, 0, 83_333],
    ['one instalment paid', 1_000_000, 'monthly', 12, 83_333, 83_333],
    ['half an instalment paid', 1_000_000, 'monthly', 12, 40_000, 43_333],
    ['eleven paid: the last takes the remainder', 1_000_000, 'monthly', 12, 916_663, 83_337],
    ['more than the schedule point: up to the next boundary', 1_000_000, 'monthly', 12, 900_000, 16_663],
    ['everything covered', 1_000_000, 'monthly', 12, 1_000_000, 0],
    ['quarterly over 12 months', 1_000_000, 'quarterly', 12, 0, 250_000],
    ['one-time', 1_000_000, 'once', 12, 0, 1_000_000],
    ['yearly over 18 months: two instalments', 1_000_000, 'yearly', 18, 0, 500_000],
    ['unknown plan: whatever is owed', 1_000_000, 'weekly', 12, 250_000, 750_000],
  ])('%s', (_name, commitment, plan, duration, covered, expected) => {
    expect(getNextInstalmentCents(commitment, plan, duration, covered)).toBe(expected);
  });
});

describe('getCoveredCents', () => {
  const membership = { poolId: 'p1', totalPaid: 833.33 };
  it('adds pending contributions of the same pool to what was approved', () => {
    expect(
      getCoveredCents(membership, [
        { poolId: 'p1', type: 'contribution', status: 'pending', amount: 100.1 },
        { poolId: 'p1', type: 'contribution', status: 'completed', amount: 833.33 },
        { poolId: 'p1', type: 'contribution', status: 'rejected', amount: 500 },
        { poolId: 'p2', type: 'contribution', status: 'pending', amount: 700 },
        { poolId: 'p1', type: 'fee', status: 'pending', amount: 10 },
      ]),
    ).toBe(93_343);
  });
});

describe('paymentFormSchema', () => {
  const valid = { paymentMethod: 'EFT', amount: '833.33', proofOfPaymentUrl: '/api/files/ab12/cd-34.png' };
  it('turns the amount into cents', () => {
    expect(paymentFormSchema.parse(valid)).toEqual({ ...valid, amount: 83_333 });
  });
  it.each([
    [{ paymentMethod: '' }, 'paymentMethod', 'Please select a payment method'],
    [{ proofOfPaymentUrl: '' }, 'proofOfPaymentUrl', 'Please upload your proof of payment'],
    [{ amount: '12.345' }, 'amount', 'Enter an amount in rand, with at most two decimals'],
    [{ amount: '0' }, 'amount', 'Enter an amount in rand, with at most two decimals'],
  ])('refuses %j', (change, field, message) => {
    const result = paymentFormSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });
});
