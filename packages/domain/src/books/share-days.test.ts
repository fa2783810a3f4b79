import { describe, expect, it } from 'vitest';
import { allocateByWeights } from './allocation.js';
import { formatShareDays, monthSplitWeights, shareDaysInPeriod, type CapitalMovement } from './share-days.js';

describe('shareDaysInPeriod (capital held at each day’s end)', () => {
  it.each<[string, string, CapitalMovement[], number, number]>([
    ['in the pool every day of April', '2026-04', [{ day: '2026-03-01', cents: 100_000 }], 100_000 * 30, 100_000],
    [
      'joined mid month: paid on 16 April, 15 days',
      '2026-04',
      [{ day: '2026-04-16', cents: 100_000 }],
      100_000 * 15,
      100_000,
    ],
    ['paid on the last day: one day', '2026-04', [{ day: '2026-04-30', cents: 100_000 }], 100_000, 100_000],
    ['paid on the first day: every day', '2026-04', [{ day: '2026-04-01', cents: 100_000 }], 100_000 * 30, 100_000],
    [
      'paid out on 11 April: the ten days before',
      '2026-04',
      [
        { day: '2026-03-01', cents: 100_000 },
        { day: '2026-04-11', cents: -100_000 },
      ],
      100_000 * 10,
      0,
    ],
    [
      'joined on 5 May and paid out on 20 May: 15 days',
      '2026-05',
      [
        { day: '2026-05-05', cents: 50_000 },
        { day: '2026-05-20', cents: -50_000 },
      ],
      50_000 * 15,
      0,
    ],
    [
      'paid in more mid month',
      '2026-05',
      [
        { day: '2026-04-02', cents: 100_000 },
        { day: '2026-05-22', cents: 100_000 },
      ],
      100_000 * 31 + 100_000 * 10,
      200_000,
    ],
    [
      'paid out after the month: every day of it',
      '2026-05',
      [
        { day: '2026-04-02', cents: 100_000 },
        { day: '2026-06-03', cents: -100_000 },
      ],
      100_000 * 31,
      100_000,
    ],
    ['no capital', '2026-05', [], 0, 0],
  ])('%s', (_name, period, movements, shareDays, capitalCents) => {
    expect(shareDaysInPeriod(period, movements)).toEqual({ shareDays, capitalCents });
  });
});

describe('monthSplitWeights (who shares in a month)', () => {
  const stayed = { key: 'stayed', movements: [{ day: '2026-03-01', cents: 100_000 }], isPaidOut: false };
  const joined = { key: 'joined', movements: [{ day: '2026-04-16', cents: 100_000 }], isPaidOut: false };
  const leftMidMonth = {
    key: 'left mid month',
    movements: [
      { day: '2026-03-01', cents: 100_000 },
      { day: '2026-04-11', cents: -100_000 },
    ],
    isPaidOut: true,
  };
  // Paid out in May, before April was closed: April's capital was in all month, but they have gone.
  const leftAfterMonth = {
    key: 'left after the month',
    movements: [
      { day: '2026-03-01', cents: 100_000 },
      { day: '2026-05-03', cents: -100_000 },
    ],
    isPaidOut: true,
  };
  const notYetIn = { key: 'not yet in', movements: [{ day: '2026-05-02', cents: 100_000 }], isPaidOut: false };

  it('leaves out members paid out by the close, and members without capital in the month', () => {
    expect(monthSplitWeights('2026-04', [stayed, leftMidMonth, joined, leftAfterMonth, notYetIn])).toEqual([
      { key: 'stayed', shareDays: 3_000_000, capitalCents: 100_000 },
      { key: 'joined', shareDays: 1_500_000, capitalCents: 100_000 },
    ]);
  });

  it.each([
    ['a loss', -30_000, [-20_000, -10_000]],
    ['a profit', 30_001, [20_001, 10_000]],
  ])('splits all of %s among those who remain, to the cent', (_name, amount, expected) => {
    const weights = monthSplitWeights('2026-04', [stayed, leftMidMonth, joined, leftAfterMonth]);
    const split = allocateByWeights(
      amount,
      weights.map((weight) => ({ key: weight.key, weight: weight.shareDays })),
    );
    expect(split.map((part) => part.cents)).toEqual(expected);
    expect(split.reduce((sum, part) => sum + part.cents, 0)).toBe(amount);
  });

  it('splits nothing when everyone has left', () => {
    expect(monthSplitWeights('2026-04', [leftMidMonth, leftAfterMonth])).toEqual([]);
  });
});

describe('formatShareDays (a count beside rand amounts)', () => {
  it.each<[string, number, string]>([
    ['none', 0, '0'],
    ['under a thousand rand-days', 99_900, '999'],
    ['R 1 000 held for 30 days', 3_000_000, '30 000'],
    ['a million rand-days', 100_000_000, '1 000 000'],
    ['half a rand-day rounds up', 50, '1'],
    ['less than half rounds down', 149, '1'],
    ['negative (paid back before the month)', -3_000_000, '-30 000'],
  ])('%s: %i cent-days reads %s', (_name, centDays, shown) => {
    expect(formatShareDays(centDays)).toBe(shown);
  });
});
