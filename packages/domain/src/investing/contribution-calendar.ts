// The contribution calendar: when each instalment of a membership falls due, and where the member
// stands against it. No zod here, so member pages can use it without loading the schemas.
import { daysBetween } from '../books/periods.js';
import { instalmentSchedule, type PaymentFrequency } from '../instalments.js';
import { addMonths } from '../loans/arithmetic.js';

/** Months between two instalments of a plan (a one-time plan has a single instalment). */
export const contributionStepMonths: Record<PaymentFrequency, number> = {
  monthly: 1,
  quarterly: 3,
  yearly: 12,
  once: 0,
};

/** One instalment of a membership's schedule. */
export interface ContributionInstalment {
  /** 1 for the first. */
  number: number;
  /** The calendar day it falls due (`YYYY-MM-DD`). */
  dueOn: string;
  amountCents: number;
  /** This instalment and every one before it: what the member must have paid by its day. */
  cumulativeCents: number;
}

/**
 * A membership's instalments with their days: the first falls due on the day the membership is
 * approved, each next one a plan's step later (on the same date of the month, or the month's last
 * day when it is shorter), and the amounts are those of `instalmentSchedule`, adding up to the commitment.
 */
export function contributionSchedule(input: {
  commitmentCents: number;
  frequency: PaymentFrequency;
  durationMonths: number;
  firstDueOn: string;
}): ContributionInstalment[] {
  const amounts = instalmentSchedule(input.commitmentCents, input.frequency, input.durationMonths);
  const step = contributionStepMonths[input.frequency];
  let cumulative = 0;
  return amounts.map((amountCents, index) => {
    cumulative += amountCents;
    return {
      number: index + 1,
      dueOn: addMonths(input.firstDueOn, index * step),
      amountCents,
      cumulativeCents: cumulative,
    };
  });
}

/**
 * Where an instalment stands: `paid` (in full, its day has come), `in_advance` (in full before its
 * day), `part_paid` (some of it, its day not passed), `due` (none of it, its day not passed) and
 * `overdue` (not in full, and its day has passed: it is overdue from the day after).
 */
export const contributionStatuses = ['paid', 'in_advance', 'part_paid', 'due', 'overdue'] as const;
export type ContributionStatus = (typeof contributionStatuses)[number];

export const contributionStatusLabels: Record<ContributionStatus, string> = {
  paid: 'Paid',
  in_advance: 'Paid in advance',
  part_paid: 'Part-paid',
  due: 'Due',
  overdue: 'Overdue',
};

export interface InstalmentPosition {
  /** What of this instalment the member has paid: payments fill the instalments oldest first. */
  paidCents: number;
  outstandingCents: number;
  status: ContributionStatus;
  /** Days since it fell due, when it is overdue; else 0. */
  daysOverdue: number;
}

/**
 * The one rule of an instalment's standing, given everything the member has paid on the membership
 * (payments fill the instalments in order) and the books' day. The register's SQL filters by the
 * same definition; a test holds the two together.
 */
export function instalmentPosition(
  instalment: Pick<ContributionInstalment, 'dueOn' | 'amountCents' | 'cumulativeCents'>,
  totalPaidCents: number,
  today: string,
): InstalmentPosition {
  const before = instalment.cumulativeCents - instalment.amountCents;
  const paidCents = Math.max(0, Math.min(instalment.amountCents, totalPaidCents - before));
  const outstandingCents = instalment.amountCents - paidCents;
  let status: ContributionStatus;
  if (outstandingCents === 0) status = instalment.dueOn > today ? 'in_advance' : 'paid';
  else if (instalment.dueOn < today) status = 'overdue';
  else status = paidCents > 0 ? 'part_paid' : 'due';
  const daysOverdue = status === 'overdue' ? daysBetween(instalment.dueOn, today) : 0;
  return { paidCents, outstandingCents, status, daysOverdue };
}

/** A membership's calendar as the member sees it: each instalment's standing, the next to pay and what is overdue. */
export interface ContributionCalendar {
  instalments: (ContributionInstalment & InstalmentPosition)[];
  /** The next instalment not yet overdue with something left to pay (what of it is left), or null. */
  next: { number: number; dueOn: string; amountCents: number } | null;
  /** What is overdue, from the oldest unpaid day, or null when nothing is. */
  overdue: { amountCents: number; since: string; days: number; instalments: number } | null;
  isFullyPaid: boolean;
}

/** Reads a schedule against what the member has paid, on the books' day. */
export function contributionCalendar(
  schedule: readonly ContributionInstalment[],
  totalPaidCents: number,
  today: string,
): ContributionCalendar {
  const instalments = schedule.map((instalment) => ({
    ...instalment,
    ...instalmentPosition(instalment, totalPaidCents, today),
  }));
  const late = instalments.filter((i) => i.status === 'overdue');
  const upcoming = instalments.find((i) => i.status === 'due' || i.status === 'part_paid');
  return {
    instalments,
    next: upcoming ? { number: upcoming.number, dueOn: upcoming.dueOn, amountCents: upcoming.outstandingCents } : null,
    overdue:
      late.length > 0
        ? {
            amountCents: late.reduce((sum, i) => sum + i.outstandingCents, 0),
            since: late[0]!.dueOn,
            days: late[0]!.daysOverdue,
            instalments: late.length,
          }
        : null,
    isFullyPaid: instalments.every((i) => i.outstandingCents === 0),
  };
}
