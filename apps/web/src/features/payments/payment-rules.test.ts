import { describe, expect, it } from 'vitest';
import {
  centsToAmountText,
  checkProofFile,
  formatFileSize,
  getCoveredCents,
  getNextInstalmentCents,
} from './payment-rules';
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

describe('centsToAmountText', () => {
  it.each([
    [83_333, '833.33'],
    [5, '0.05'],
    [100_000, '1000.00'],
    [0, '0.00'],
  ])('%i -> %s', (cents, text) => {
    expect(centsToAmountText(cents)).toBe(text);
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

describe('checkProofFile', () => {
  it.each([
    [{ type: 'image/jpeg', size: 2048 }, null],
    [{ type: 'application/pdf', size: 2048 }, null],
    [{ type: 'image/gif', size: 2048 }, 'Please upload a JPEG, PNG or WebP image, or a PDF'],
    [{ type: 'image/png', size: 10 * 1024 * 1024 + 1 }, 'The file is too large. The limit is 10 MB.'],
  ])('%j -> %s', (file, message) => {
    expect(checkProofFile(file)).toBe(message);
  });
});

describe('formatFileSize', () => {
  it.each([
    [850, '850 B'],
    [12_700, '12.4 KB'],
    [2_202_010, '2.1 MB'],
  ])('%i -> %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
