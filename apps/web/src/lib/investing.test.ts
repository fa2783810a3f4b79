import { describe, expect, it } from 'vitest';
import { formatPercent, getPaymentProgress, toCents } from './investing';

describe('getPaymentProgress', () => {
  it.each([
    [
      { totalCommitment: 10000, totalPaid: 0 },
      { paidCents: 0, remainingCents: 1_000_000, isFullyPaid: false },
    ],
    [
      { totalCommitment: 10000, totalPaid: 833.33 },
      { paidCents: 83_333, remainingCents: 916_667, isFullyPaid: false },
    ],
    [
      { totalCommitment: 10000, totalPaid: 10000 },
      { paidCents: 1_000_000, remainingCents: 0, isFullyPaid: true },
    ],
    [
      { totalCommitment: 0, totalPaid: 0 },
      { paidCents: 0, remainingCents: 0, isFullyPaid: false },
    ],
  ])('%j', (membership, expected) => {
    expect(getPaymentProgress(membership)).toMatchObject(expected);
  });

  it('works in cents, so 0.1 + 0.2 style sums do not drift', () => {
    expect(getPaymentProgress({ totalCommitment: 0.3, totalPaid: 0.3 }).isFullyPaid).toBe(true);
  });
});

describe('formatPercent', () => {
  it.each([
    [0, '0.0%'],
    [8.33333, '8.3%'],
    [99.99, '99.9%'],
    [100, '100.0%'],
    [140, '100.0%'],
  ])('%d -> %s', (percent, text) => {
    expect(formatPercent(percent)).toBe(text);
  });
});

describe('toCents', () => {
  it.each([
    [833.33, 83_333],
    [null, 0],
    [undefined, 0],
    [0.1, 10],
  ])('%s -> %i', (rand, cents) => {
    expect(toCents(rand)).toBe(cents);
  });
});
