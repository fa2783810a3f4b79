import { describe, expect, it } from 'vitest';
import { formatPercent, getLastInstalmentNote, getPaymentProgress, getPlanHint } from './investing';

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

describe('getLastInstalmentNote', () => {
  const pool = { id: 'p', name: 'Pool', status: 'open' as const, investmentDuration: 12, paymentMethods: [] };
  it.each([
    // 4 shares of R 7 142.86, monthly: eleven of R 2 380.95 leave R 2 380.99 for the last.
    [{ totalCommitment: 28571.44, installmentPlan: 'monthly', pool }, 'The last R 2 380.99'],
    // 3 shares: eleven of R 1 785.72 leave R 1 785.66.
    [{ totalCommitment: 21428.58, installmentPlan: 'monthly', pool }, 'The last R 1 785.66'],
    [{ totalCommitment: 21428.58, installmentPlan: 'quarterly', pool }, 'The last R 5 357.13'],
    [{ totalCommitment: 12000, installmentPlan: 'monthly', pool }, null],
    [{ totalCommitment: 21428.58, installmentPlan: 'once', pool }, null],
    [{ totalCommitment: 21428.58, installmentPlan: 'monthly', pool: null }, null],
    [{ totalCommitment: 21428.58, installmentPlan: 'weekly', pool }, null],
  ])('%j -> %s', (membership, expected) => {
    // 'weekly' is no plan the API answers: the note leaves out what it does not know.
    expect(getLastInstalmentNote(membership as Parameters<typeof getLastInstalmentNote>[0])).toBe(expected);
  });
});

describe('getPlanHint', () => {
  const pool = { id: 'p', name: 'Pool', status: 'open' as const, investmentDuration: 12, paymentMethods: [] };
  it('adds the last instalment, keeping the rand sign as it is', () => {
    expect(getPlanHint('per month', { totalCommitment: 28571.44, installmentPlan: 'monthly' as const, pool })).toBe(
      'per month, the last R 2 380.99',
    );
    expect(getPlanHint('per month', { totalCommitment: 12000, installmentPlan: 'monthly' as const, pool })).toBe(
      'per month',
    );
  });
});
