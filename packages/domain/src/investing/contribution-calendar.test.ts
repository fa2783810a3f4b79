import { describe, expect, it } from 'vitest';
import {
  contributionCalendar,
  contributionSchedule,
  instalmentPosition,
  type ContributionStatus,
} from './contribution-calendar.js';

describe('contributionSchedule', () => {
  it.each([
    // frequency, months, commitment, first day, expected [day, cents]
    [
      'monthly',
      3,
      100_000,
      '2026-01-31',
      [
        ['2026-01-31', 33_333],
        ['2026-02-28', 33_333],
        ['2026-03-31', 33_334],
      ],
    ],
    [
      'quarterly',
      7,
      90_000,
      '2026-11-15',
      [
        ['2026-11-15', 30_000],
        ['2027-02-15', 30_000],
        ['2027-05-15', 30_000],
      ],
    ],
    [
      'yearly',
      24,
      50_001,
      '2024-02-29',
      [
        ['2024-02-29', 25_001],
        ['2025-02-28', 25_000],
      ],
    ],
    ['once', 12, 12_345, '2026-06-01', [['2026-06-01', 12_345]]],
  ] as const)('%s over %i months of %i cents from %s', (frequency, months, commitment, first, expected) => {
    const schedule = contributionSchedule({
      commitmentCents: commitment,
      frequency,
      durationMonths: months,
      firstDueOn: first,
    });
    expect(schedule.map((i) => [i.dueOn, i.amountCents])).toEqual(expected);
    expect(schedule.map((i) => i.number)).toEqual(expected.map((_, index) => index + 1));
    expect(schedule.at(-1)!.cumulativeCents).toBe(commitment);
  });

  it('keeps the date of the first day, not of the month before, after a short month', () => {
    const schedule = contributionSchedule({
      commitmentCents: 400,
      frequency: 'monthly',
      durationMonths: 4,
      firstDueOn: '2026-01-30',
    });
    expect(schedule.map((i) => i.dueOn)).toEqual(['2026-01-30', '2026-02-28', '2026-03-30', '2026-04-30']);
  });
});

describe('instalmentPosition', () => {
  // The second of three R 100 instalments (R 100 paid before it is due), due on 2026-02-10.
  const second = { dueOn: '2026-02-10', amountCents: 10_000, cumulativeCents: 20_000 };
  it.each<[number, string, ContributionStatus, number, number]>([
    // total paid, books' day, status, paid of it, days overdue
    [0, '2026-02-01', 'due', 0, 0],
    [10_000, '2026-02-10', 'due', 0, 0],
    [10_000, '2026-02-11', 'overdue', 0, 1],
    [15_000, '2026-02-09', 'part_paid', 5_000, 0],
    [15_000, '2026-02-10', 'part_paid', 5_000, 0],
    [15_000, '2026-03-12', 'overdue', 5_000, 30],
    [19_999, '2026-02-11', 'overdue', 9_999, 1],
    [20_000, '2026-02-09', 'in_advance', 10_000, 0],
    [20_000, '2026-02-10', 'paid', 10_000, 0],
    [30_000, '2026-02-11', 'paid', 10_000, 0],
    [0, '2027-02-10', 'overdue', 0, 365],
  ])('with %i paid on %s it is %s', (totalPaid, today, status, paid, days) => {
    expect(instalmentPosition(second, totalPaid, today)).toEqual({
      paidCents: paid,
      outstandingCents: second.amountCents - paid,
      status,
      daysOverdue: days,
    });
  });
});

describe('contributionCalendar', () => {
  const schedule = contributionSchedule({
    commitmentCents: 30_000,
    frequency: 'monthly',
    durationMonths: 3,
    firstDueOn: '2026-01-15',
  });

  it.each([
    // total paid, books' day, next [day, cents] or null, overdue [cents, since, days, count] or null, fully paid
    [0, '2026-01-15', ['2026-01-15', 10_000], null, false],
    [0, '2026-01-16', ['2026-02-15', 10_000], [10_000, '2026-01-15', 1, 1], false],
    [10_000, '2026-02-16', ['2026-03-15', 10_000], [10_000, '2026-02-15', 1, 1], false],
    [5_000, '2026-03-16', null, [25_000, '2026-01-15', 60, 3], false],
    [15_000, '2026-02-01', ['2026-02-15', 5_000], null, false],
    [20_000, '2026-01-20', ['2026-03-15', 10_000], null, false],
    [30_000, '2026-01-15', null, null, true],
  ] as const)('with %i paid on %s', (totalPaid, today, next, overdue, fullyPaid) => {
    const calendar = contributionCalendar(schedule, totalPaid, today);
    expect(calendar.next && [calendar.next.dueOn, calendar.next.amountCents]).toEqual(next);
    expect(
      calendar.overdue && [
        calendar.overdue.amountCents,
        calendar.overdue.since,
        calendar.overdue.days,
        calendar.overdue.instalments,
      ],
    ).toEqual(overdue);
    expect(calendar.isFullyPaid).toBe(fullyPaid);
    expect(calendar.instalments.reduce((sum, i) => sum + i.paidCents, 0)).toBe(totalPaid);
  });

  it('marks what is paid before its day as paid in advance', () => {
    const calendar = contributionCalendar(schedule, 20_000, '2026-01-20');
    expect(calendar.instalments.map((i) => i.status)).toEqual(['paid', 'in_advance', 'due']);
  });
});
