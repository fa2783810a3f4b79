import { describe, expect, it } from 'vitest';
import {
  addMonths,
  ageingBucketOf,
  allocateRepayment,
  amortisationSchedule,
  borrowingLimitCents,
  guaranteedPartCents,
  inDuplumRoomCents,
  isPastGrace,
  latePenaltyCents,
  maxAnnualRateBps,
  monthlyInstalmentCents,
  productCapProblem,
  scheduleTotals,
  settlementQuote,
  type InstalmentBalance,
} from './arithmetic.js';
import { DEFAULT_LOAN_SETTINGS, formatLoanNumber, percentToBps } from './constants.js';

describe('monthlyInstalmentCents', () => {
  it.each([
    // principal, yearly rate (bps), months, regular instalment: P·r / (1 − (1 + r)^−n), to the cent
    [1_000_000, 1200, 12, 88_849], // R 10 000 at 12% over a year: R 888.49 (888.4878…)
    [5_000_000, 2850, 24, 275_718], // R 50 000 at 28.5% over two years: R 2 757.18
    [100_000, 2800, 1, 102_333], // one month: principal plus a month's interest (R 23.33)
    [100_000, 0, 3, 33_333], // rate 0: equal parts
    [100, 0, 3, 33], // rate 0, a third of a rand: 33 cents, the last takes 34
    [0, 1500, 6, 0],
  ])('%i cents at %i bps over %i months is %i cents a month', (principal, bps, months, expected) => {
    expect(monthlyInstalmentCents(principal, bps, months)).toBe(expected);
  });

  it('refuses figures that are not whole', () => {
    expect(() => monthlyInstalmentCents(100.5, 1200, 12)).toThrow(RangeError);
    expect(() => monthlyInstalmentCents(100, 12.5, 12)).toThrow(RangeError);
    expect(() => monthlyInstalmentCents(100, 1200, 0)).toThrow(RangeError);
  });
});

describe('amortisationSchedule', () => {
  it('charges each month the interest on the reducing balance; the last instalment takes the remainder', () => {
    const schedule = amortisationSchedule({
      principalCents: 1_000_000,
      annualRateBps: 1200,
      termMonths: 12,
      startDay: '2026-01-31',
    });
    expect(schedule.slice(0, 3)).toEqual([
      {
        number: 1,
        dueOn: '2026-02-28',
        principalCents: 78_849,
        interestCents: 10_000,
        amountCents: 88_849,
        balanceAfterCents: 921_151,
      },
      {
        number: 2,
        dueOn: '2026-03-31',
        principalCents: 79_637,
        interestCents: 9_212,
        amountCents: 88_849,
        balanceAfterCents: 841_514,
      },
      {
        number: 3,
        dueOn: '2026-04-30',
        principalCents: 80_434,
        interestCents: 8_415,
        amountCents: 88_849,
        balanceAfterCents: 761_080,
      },
    ]);
    expect(schedule[11]).toEqual({
      number: 12,
      dueOn: '2027-01-31',
      principalCents: 87_967,
      interestCents: 880,
      amountCents: 88_847,
      balanceAfterCents: 0,
    });
    expect(scheduleTotals(schedule)).toEqual({
      instalmentCents: 88_849,
      interestCents: 66_186,
      principalCents: 1_000_000,
      totalCents: 1_066_186,
    });
  });

  it.each([
    [100_000, 3, [33_333, 33_333, 33_334]],
    [100, 3, [33, 33, 34]],
    [1_000_001, 2, [500_001, 500_000]],
    [700, 4, [175, 175, 175, 175]],
  ])('at rate 0 splits %i cents over %i months as %j', (principal, months, amounts) => {
    const schedule = amortisationSchedule({
      principalCents: principal,
      annualRateBps: 0,
      termMonths: months,
      startDay: '2026-03-15',
    });
    expect(schedule.map((row) => row.amountCents)).toEqual(amounts);
    expect(schedule.every((row) => row.interestCents === 0)).toBe(true);
  });
});

describe('addMonths', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-01-31', 2, '2026-03-31'],
    ['2026-11-15', 3, '2027-02-15'],
    ['2026-12-31', 12, '2027-12-31'],
  ])('%s plus %i months is %s', (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected);
  });
});

/** The books' view of a fresh schedule: nothing paid, no penalty. */
function balances(principal: number, bps: number, months: number, start: string): InstalmentBalance[] {
  return amortisationSchedule({
    principalCents: principal,
    annualRateBps: bps,
    termMonths: months,
    startDay: start,
  }).map((row) => ({
    number: row.number,
    dueOn: row.dueOn,
    principalCents: row.principalCents,
    interestCents: row.interestCents,
    penaltyCents: 0,
    principalPaidCents: 0,
    interestPaidCents: 0,
    penaltyPaidCents: 0,
    interestWaivedCents: 0,
    penaltyWaivedCents: 0,
  }));
}

describe('settlementQuote', () => {
  const rows = balances(1_000_000, 1200, 12, '2026-03-01');

  it('asks on the payout day for the principal alone', () => {
    expect(settlementQuote(rows, '2026-03-01', '2026-03-01')).toMatchObject({
      principalCents: 1_000_000,
      interestCents: 0,
      totalCents: 1_000_000,
    });
  });

  it('adds the interest earned so far this month, by days', () => {
    // 15 of March's 31 days: 15/31 of R 100.00 is R 48.39.
    expect(settlementQuote(rows, '2026-03-16', '2026-03-01')).toMatchObject({
      principalCents: 1_000_000,
      interestCents: 4_839,
      totalCents: 1_004_839,
    });
  });

  it('adds every unpaid instalment already due in full, and its penalty', () => {
    const late = rows.map((row) => (row.number === 1 ? { ...row, penaltyCents: 5_000 } : row));
    // April 1 has passed unpaid: its R 100.00 interest and the R 50.00 penalty are owed; then
    // 9 of April's 30 days of R 92.12 (R 27.64).
    expect(settlementQuote(late, '2026-04-10', '2026-03-01')).toMatchObject({
      principalCents: 1_000_000,
      interestCents: 10_000 + 2_764,
      penaltyCents: 5_000,
    });
  });
});

describe('allocateRepayment', () => {
  const rows = balances(1_000_000, 1200, 12, '2026-03-01');

  it('pays the penalty, then the interest, then the principal of the oldest open instalment first', () => {
    const late = rows.map((row) => (row.number === 1 ? { ...row, penaltyCents: 5_000 } : row));
    const result = allocateRepayment(late, 50_000, '2026-04-10', '2026-03-01');
    expect(result).toMatchObject({
      isAllowed: true,
      isSettlement: false,
      penaltyCents: 5_000,
      interestCents: 10_000,
      principalCents: 35_000,
      parts: [
        { number: 1, penaltyCents: 5_000, interestCents: 10_000, principalCents: 35_000, interestWaivedCents: 0 },
      ],
    });
  });

  it('goes on to the next instalments: a member may pay ahead', () => {
    const result = allocateRepayment(rows, 88_849 + 20_000, '2026-03-20', '2026-03-01');
    expect(result.isAllowed && result.parts).toEqual([
      { number: 1, penaltyCents: 0, interestCents: 10_000, principalCents: 78_849, interestWaivedCents: 0 },
      { number: 2, penaltyCents: 0, interestCents: 9_212, principalCents: 10_788, interestWaivedCents: 0 },
    ]);
  });

  it('settles the loan with exactly the settlement amount: later interest is not charged', () => {
    const quote = settlementQuote(rows, '2026-03-16', '2026-03-01');
    const result = allocateRepayment(rows, quote.totalCents, '2026-03-16', '2026-03-01');
    expect(result).toMatchObject({
      isAllowed: true,
      isSettlement: true,
      principalCents: 1_000_000,
      interestCents: 4_839,
      penaltyCents: 0,
      interestWaivedCents: 66_186 - 4_839,
    });
  });

  it('refuses more than the settlement amount, saying what settles', () => {
    expect(allocateRepayment(rows, 1_004_840, '2026-03-16', '2026-03-01')).toEqual({
      isAllowed: false,
      settlementCents: 1_004_839,
    });
  });

  it('settles after part payments, counting what was paid', () => {
    const paid = rows.map((row) =>
      row.number === 1 ? { ...row, interestPaidCents: 10_000, principalPaidCents: 78_849 } : row,
    );
    const quote = settlementQuote(paid, '2026-04-01', '2026-03-01');
    expect(quote).toMatchObject({ principalCents: 921_151, interestCents: 0 });
    const result = allocateRepayment(paid, quote.totalCents, '2026-04-01', '2026-03-01');
    expect(result).toMatchObject({ isSettlement: true, principalCents: 921_151, interestCents: 0 });
  });
});

describe('late penalties', () => {
  it.each([
    [{ penaltyType: 'fixed', penaltyFixedCents: 10_000, penaltyPercentBps: 0 }, 88_849, 10_000],
    [{ penaltyType: 'fixed', penaltyFixedCents: 10_000, penaltyPercentBps: 0 }, 4_000, 4_000], // never more than overdue
    [{ penaltyType: 'percent', penaltyFixedCents: 0, penaltyPercentBps: 500 }, 88_849, 4_442], // 5%: R 44.4245
    [{ penaltyType: 'percent', penaltyFixedCents: 0, penaltyPercentBps: 500 }, 88_850, 4_443], // halves up
    [{ penaltyType: 'none', penaltyFixedCents: 0, penaltyPercentBps: 0 }, 88_849, 0],
  ] as const)('%j on %i cents overdue is %i cents', (rule, overdue, expected) => {
    expect(latePenaltyCents(rule, overdue)).toBe(expected);
  });

  describe('in duplum', () => {
    // R 600.00 at 18% over 6 months, nothing paid.
    const schedule = amortisationSchedule({
      principalCents: 60_000,
      annualRateBps: 1800,
      termMonths: 6,
      startDay: '2026-01-10',
    });
    const balances = (penalties: number[] = [], waived: number[] = []): InstalmentBalance[] =>
      schedule.map((row, index) => ({
        number: row.number,
        dueOn: row.dueOn,
        principalCents: row.principalCents,
        interestCents: row.interestCents,
        penaltyCents: penalties[index] ?? 0,
        principalPaidCents: 0,
        interestPaidCents: 0,
        penaltyPaidCents: 0,
        interestWaivedCents: 0,
        penaltyWaivedCents: waived[index] ?? 0,
      }));
    const interestDue = (count: number) => schedule.slice(0, count).reduce((sum, row) => sum + row.interestCents, 0);

    it('leaves the whole principal before anything is due', () => {
      expect(inDuplumRoomCents(balances(), '2026-01-10')).toBe(60_000);
    });

    it('counts the unpaid interest of instalments already due and the penalties not waived', () => {
      // On the fourth due day, the first three instalments are past their day.
      const after = schedule[3]!.dueOn;
      expect(inDuplumRoomCents(balances([5_000, 5_000]), after)).toBe(60_000 - 10_000 - interestDue(3));
      expect(inDuplumRoomCents(balances([5_000, 5_000], [5_000]), after)).toBe(60_000 - 5_000 - interestDue(3));
    });

    it('is never negative, and falls as the principal is repaid', () => {
      expect(inDuplumRoomCents(balances([30_000, 30_000, 30_000]), '2027-01-01')).toBe(0);
      const repaid = balances().map((row) => ({ ...row, principalPaidCents: row.principalCents }));
      expect(inDuplumRoomCents(repaid, '2026-01-10')).toBe(0);
    });

    it('caps penalties: six overdue instalments at a penalty of all that is overdue stay within the principal', () => {
      const rule = { penaltyType: 'fixed', penaltyFixedCents: 25_000, penaltyPercentBps: 0 } as const;
      const penalties: number[] = [];
      for (const row of schedule) {
        const room = inDuplumRoomCents(balances(penalties), '2027-01-01');
        penalties.push(Math.min(latePenaltyCents(rule, row.amountCents), room));
      }
      const charged = penalties.reduce((sum, cents) => sum + cents, 0);
      expect(charged + interestDue(6)).toBe(60_000);
      // Without the rule the penalties alone would have been the whole R 600 plus the interest.
      expect(schedule.reduce((sum, row) => sum + latePenaltyCents(rule, row.amountCents), 0)).toBeGreaterThan(60_000);
    });
  });

  it('applies only after the grace days', () => {
    expect(isPastGrace('2026-04-01', 5, '2026-04-06')).toBe(false);
    expect(isPastGrace('2026-04-01', 5, '2026-04-07')).toBe(true);
    expect(isPastGrace('2026-04-01', 0, '2026-04-02')).toBe(true);
  });
});

describe('caps, limits and ageing', () => {
  const caps = {
    repoRateBps: 700,
    capMarginBps: 2100,
    maxPenaltyPercentBps: 1000,
    maxPenaltyFixedCents: 25_000,
  };

  it('caps the rate at the repo rate plus the margin (Regulation 42, unsecured credit)', () => {
    expect(maxAnnualRateBps(caps)).toBe(2800);
    const product = { annualRateBps: 2800, penaltyType: 'none', penaltyFixedCents: 0, penaltyPercentBps: 0 } as const;
    expect(productCapProblem(product, caps)).toBeNull();
    expect(productCapProblem({ ...product, annualRateBps: 2801 }, caps)).toEqual({
      field: 'annualRatePercent',
      message: 'The rate is above the legal maximum of 28.00% a year (the repo rate plus the margin of Regulation 42).',
    });
    expect(productCapProblem({ ...product, penaltyType: 'fixed', penaltyFixedCents: 25_001 }, caps)?.field).toBe(
      'penaltyFixed',
    );
    expect(productCapProblem({ ...product, penaltyType: 'percent', penaltyPercentBps: 1001 }, caps)?.message).toBe(
      'The penalty is above the maximum the settings allow (10.00% of the overdue instalment).',
    );
  });

  it('keeps the defaults within their own caps', () => {
    expect(maxAnnualRateBps(DEFAULT_LOAN_SETTINGS)).toBe(2800);
  });

  it.each([
    [100_000, 300, 0, 300_000],
    [100_000, 300, 250_000, 50_000],
    [100_000, 300, 400_000, 0],
    [33_333, 150, 0, 49_999],
  ])('limits capital %i times %i hundredths, owing %i, to %i', (capital, multiple, owed, expected) => {
    expect(borrowingLimitCents(capital, multiple, owed)).toBe(expected);
  });

  it('guarantees the part above the capital', () => {
    expect(guaranteedPartCents(250_000, 100_000)).toBe(150_000);
    expect(guaranteedPartCents(50_000, 100_000)).toBe(0);
  });

  it.each([
    [0, null],
    [1, '1-30'],
    [30, '1-30'],
    [31, '31-60'],
    [60, '31-60'],
    [61, '61-90'],
    [90, '61-90'],
    [91, '90+'],
  ])('ages %i days overdue as %s', (days, bucket) => {
    expect(ageingBucketOf(days)).toBe(bucket);
  });

  it('reads percentages and numbers loans', () => {
    expect(percentToBps(28.5)).toBe(2850);
    expect(percentToBps('7.25')).toBe(725);
    expect(percentToBps('7,25')).toBe(725);
    expect(percentToBps('12.5 %')).toBe(1250);
    expect(percentToBps('12%')).toBe(1200);
    expect(percentToBps('1,2,5')).toBeNull();
    expect(percentToBps('%')).toBeNull();
    expect(percentToBps(0)).toBe(0);
    expect(percentToBps(-1)).toBeNull();
    expect(percentToBps(1.234)).toBeNull();
    expect(formatLoanNumber(42)).toBe('LN-000042');
  });
});
