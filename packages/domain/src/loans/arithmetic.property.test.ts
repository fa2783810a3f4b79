import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instalmentSchedule } from '../instalments.js';
import {
  allocateRepayment,
  amortisationSchedule,
  instalmentUnpaid,
  monthlyInstalmentCents,
  settlementQuote,
  type InstalmentBalance,
} from './arithmetic.js';
import { LOAN_LIMITS } from './constants.js';

const principal = fc.integer({ min: LOAN_LIMITS.minAmountCents, max: LOAN_LIMITS.maxAmountCents });
const rate = fc.integer({ min: 0, max: 6000 });
const term = fc.integer({ min: 1, max: LOAN_LIMITS.maxTermMonths });
const startDay = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('amortisationSchedule (properties)', () => {
  it('adds up to the principal plus the interest, none negative, the last taking the remainder', () => {
    fc.assert(
      fc.property(principal, rate, term, startDay, (cents, bps, months, start) => {
        const schedule = amortisationSchedule({
          principalCents: cents,
          annualRateBps: bps,
          termMonths: months,
          startDay: start,
        });
        expect(schedule).toHaveLength(months);
        const interest = schedule.reduce((sum, row) => sum + row.interestCents, 0);
        expect(schedule.reduce((sum, row) => sum + row.amountCents, 0)).toBe(cents + interest);
        expect(schedule.reduce((sum, row) => sum + row.principalCents, 0)).toBe(cents);
        // Checked row by row without an assertion each, so that hundreds of schedules stay quick.
        const regular = monthlyInstalmentCents(cents, bps, months);
        const broken = schedule.filter(
          (row, index) =>
            !Number.isSafeInteger(row.amountCents) ||
            row.principalCents < 0 ||
            row.interestCents < 0 ||
            row.amountCents !== row.principalCents + row.interestCents ||
            // Every instalment but the last is the regular amount while a balance is left (a tiny
            // loan at a very high rate can be paid off a month early by the rounding).
            (index < months - 1 && row.balanceAfterCents > 0 && row.amountCents !== regular) ||
            // From the smallest loan (R 500.00) at any rate up to 36% a year (above the legal cap), it never is.
            (index < months - 1 && bps <= 3600 && row.balanceAfterCents === 0) ||
            // Due dates run a month apart, in order.
            (index > 0 && row.dueOn <= schedule[index - 1]!.dueOn),
        );
        expect(broken).toEqual([]);
        expect(schedule[months - 1]!.balanceAfterCents).toBe(0);
        // The last takes what is left.
        const before = schedule.slice(0, -1).reduce((sum, row) => sum + row.principalCents, 0);
        expect(schedule[months - 1]!.principalCents).toBe(cents - before);
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  it('gives equal parts at rate 0, as the pools round instalments', () => {
    fc.assert(
      fc.property(principal, term, (cents, months) => {
        const schedule = amortisationSchedule({
          principalCents: cents,
          annualRateBps: 0,
          termMonths: months,
          startDay: '2026-01-15',
        });
        expect(schedule.map((row) => row.amountCents)).toEqual(instalmentSchedule(cents, 'monthly', months));
        expect(schedule.every((row) => row.interestCents === 0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  it('charges less interest at a lower rate, and none at rate 0', () => {
    fc.assert(
      fc.property(principal, rate, term, (cents, bps, months) => {
        fc.pre(bps > 0);
        const total = (r: number) =>
          amortisationSchedule({
            principalCents: cents,
            annualRateBps: r,
            termMonths: months,
            startDay: '2026-01-15',
          }).reduce((sum, row) => sum + row.interestCents, 0);
        expect(total(0)).toBe(0);
        expect(total(Math.floor(bps / 2))).toBeLessThanOrEqual(total(bps));
      }),
      { numRuns: 100 },
    );
  }, 30_000);
});

describe('allocateRepayment (properties)', () => {
  const toBalances = (cents: number, bps: number, months: number): InstalmentBalance[] =>
    amortisationSchedule({ principalCents: cents, annualRateBps: bps, termMonths: months, startDay: '2026-01-15' }).map(
      (row, index) => ({
        number: row.number,
        dueOn: row.dueOn,
        principalCents: row.principalCents,
        interestCents: row.interestCents,
        penaltyCents: index % 3 === 0 ? 1_000 : 0,
        principalPaidCents: 0,
        interestPaidCents: 0,
        penaltyPaidCents: 0,
        interestWaivedCents: 0,
        penaltyWaivedCents: 0,
      }),
    );

  it('splits exactly the amount, never more than owed on any part, and settles only with the settlement amount', () => {
    fc.assert(
      fc.property(
        principal,
        rate,
        fc.integer({ min: 1, max: 36 }),
        fc.integer({ min: 0, max: 400 }),
        fc.double({ min: 0.0001, max: 1, noNaN: true }),
        (cents, bps, months, daysIn, share) => {
          const rows = toBalances(cents, bps, months);
          const asOf = new Date(Date.parse('2026-01-15T00:00:00Z') + daysIn * 86_400_000).toISOString().slice(0, 10);
          const quote = settlementQuote(rows, asOf, '2026-01-15');
          const amount = Math.max(1, Math.floor(quote.totalCents * share));
          const result = allocateRepayment(rows, amount, asOf, '2026-01-15');
          expect(result.isAllowed).toBe(true);
          if (!result.isAllowed) return;
          expect(result.penaltyCents + result.interestCents + result.principalCents).toBe(amount);
          expect(result.isSettlement).toBe(amount === quote.totalCents);
          for (const part of result.parts) {
            const row = rows.find((r) => r.number === part.number)!;
            const unpaid = instalmentUnpaid(row);
            expect(part.penaltyCents).toBeLessThanOrEqual(unpaid.penaltyCents);
            expect(part.interestCents + part.interestWaivedCents).toBeLessThanOrEqual(unpaid.interestCents);
            expect(part.principalCents).toBeLessThanOrEqual(unpaid.principalCents);
            expect(
              Math.min(part.penaltyCents, part.interestCents, part.principalCents, part.interestWaivedCents),
            ).toBeGreaterThanOrEqual(0);
          }
          if (result.isSettlement) expect(result.principalCents).toBe(cents);
          expect(allocateRepayment(rows, quote.totalCents + 1, asOf, '2026-01-15').isAllowed).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  }, 30_000);
});
