import { describe, expect, it } from 'vitest';
import {
  describePlan,
  formatPercent,
  formatRandInput,
  getFundingBarValue,
  getFundingPercent,
  previewInstalment,
  previewPricePerShare,
  readContributionPlans,
  readPaymentMethods,
  truncateDescription,
} from './pool-display';

describe('getFundingPercent', () => {
  it.each([
    [0, 1_000_000, 0],
    [250_000, 1_000_000, 25],
    [1, 3, 33.3],
    [2, 3, 66.6],
    [49_999.98, 50_000, 99.9],
    [50_000, 50_000, 100],
    [50_000.02, 50_000, 100],
    [0.1, 1000, 0],
    [1500, 1000, 150],
    [100, 0, 0],
  ])('%d of %d is %d%%', (currentAmount, targetAmount, percent) => {
    expect(getFundingPercent({ currentAmount, targetAmount })).toBe(percent);
  });

  it('caps the bar at 100 and shows one decimal', () => {
    expect(getFundingBarValue(150)).toBe(100);
    expect(getFundingBarValue(33.3)).toBe(33.3);
    expect(formatPercent(25)).toBe('25.0%');
    expect(formatPercent(33.3)).toBe('33.3%');
  });
});

describe('truncateDescription', () => {
  it('keeps up to 120 characters and marks the cut', () => {
    expect(truncateDescription('a'.repeat(120))).toBe('a'.repeat(120));
    expect(truncateDescription('a'.repeat(121))).toBe(`${'a'.repeat(120)}…`);
    expect(truncateDescription('  short  ')).toBe('short');
  });
});

describe('readPaymentMethods', () => {
  it.each([
    [
      ['EFT', 'Capitec Pay'],
      ['EFT', 'Capitec Pay'],
    ],
    ['["EFT","SnapScan"]', ['EFT', 'SnapScan']],
    ['not json', []],
    [null, []],
    [['EFT', 3, ''], ['EFT']],
  ])('%j -> %j', (paymentMethods, expected) => {
    expect(readPaymentMethods({ paymentMethods })).toEqual(expected);
  });
});

describe('readContributionPlans', () => {
  const pool = { pricePerShare: 1000, investmentDuration: 12 };

  it('reads amount and frequency pairs in the usual order', () => {
    const plans = readContributionPlans({
      ...pool,
      paymentInstallments: [
        { frequency: 'once', amount: 1000 },
        { frequency: 'monthly', amount: 83.33 },
      ],
    });
    expect(plans.map(describePlan)).toEqual(['R 83.33 per month', 'R 1 000.00 one-time']);
  });

  it('derives the amount of a bare frequency from the price per share and duration', () => {
    const plans = readContributionPlans({ ...pool, paymentInstallments: '["quarterly","yearly","weekly"]' });
    expect(plans).toEqual([
      { frequency: 'quarterly', label: 'per quarter', amount: 250 },
      { frequency: 'yearly', label: 'per year', amount: 1000 },
    ]);
  });
});

describe('form previews', () => {
  it('works out the price per share from typed figures, exactly in cents', () => {
    expect(previewPricePerShare('1000000', '1000')).toBe(100_000);
    expect(previewPricePerShare('0.3', '3')).toBe(10);
    expect(previewPricePerShare('100', '3')).toBe(3333);
    expect(previewPricePerShare('', '10')).toBeNull();
    expect(previewPricePerShare('100', '1.5')).toBeNull();
    expect(previewPricePerShare('-5', '10')).toBeNull();
  });

  it('works out the instalment for one share', () => {
    expect(previewInstalment(100_000, 'monthly', '12')).toBe(8333);
    expect(previewInstalment(100_000, 'quarterly', '12')).toBe(25_000);
    expect(previewInstalment(100_000, 'yearly', '18')).toBe(50_000);
    expect(previewInstalment(100_000, 'once', '12')).toBe(100_000);
    expect(previewInstalment(100_000, 'monthly', '')).toBeNull();
    expect(previewInstalment(null, 'monthly', '12')).toBeNull();
  });

  it('writes cents as an amount to type', () => {
    expect(formatRandInput(123_450)).toBe('1234.50');
    expect(formatRandInput(5)).toBe('0.05');
    expect(formatRandInput(100_000_000)).toBe('1000000.00');
  });
});
