/**
 * The arithmetic of loans, in integer cents and whole basis points, with no floating point: the
 * amortised schedule on the reducing balance, the amount that settles a loan early, how a
 * repayment is split, the late penalty, the legal caps and the ageing of arrears.
 */
import { daysBetween } from '../books/periods.js';
import { formatRand } from '../money.js';
import { LOAN_LIMITS, loanMessages, type AgeingBucket, type PenaltyType } from './constants.js';

/** A yearly rate in basis points is a monthly fraction of bps / 120 000 (10 000 bps, 12 months). */
const MONTHLY_DENOMINATOR = 120_000n;

/** round(numerator / denominator), halves up, for non-negative whole numbers. */
function divRound(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

function assertWhole(value: number, name: string, min: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}, not ${value}`);
  }
}

/** `value × numerator / denominator`, rounded to the nearest whole number (halves up); all non-negative. */
export function mulDivRound(value: number, numerator: number, denominator: number): number {
  return Number(divRound(BigInt(value) * BigInt(numerator), BigInt(denominator)));
}

/** The calendar day `months` months after `day` (`YYYY-MM-DD`), on the same date or the month's last. */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12;
  const lastDate = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${targetYear}-${pad(targetMonth + 1)}-${pad(Math.min(date, lastDate))}`;
}

/**
 * The regular monthly instalment of an amortised loan: principal × r / (1 − (1 + r)^−n) with
 * r = the yearly rate / 12, worked out exactly in whole numbers and rounded to the cent. At rate 0
 * it is the principal divided by the term, rounded to the cent.
 */
export function monthlyInstalmentCents(principalCents: number, annualRateBps: number, termMonths: number): number {
  assertWhole(principalCents, 'The principal', 0, Number.MAX_SAFE_INTEGER);
  assertWhole(annualRateBps, 'The rate', 0, LOAN_LIMITS.maxRateBps);
  assertWhole(termMonths, 'The term', 1, 600);
  const principal = BigInt(principalCents);
  const n = BigInt(termMonths);
  if (annualRateBps === 0) return Number(divRound(principal, n));
  const a = BigInt(annualRateBps);
  const growth = (MONTHLY_DENOMINATOR + a) ** n;
  const base = MONTHLY_DENOMINATOR ** n;
  return Number(divRound(principal * a * growth, MONTHLY_DENOMINATOR * (growth - base)));
}

export interface ScheduleInput {
  principalCents: number;
  annualRateBps: number;
  termMonths: number;
  /** The day the money is paid out; instalment k falls due k months later. */
  startDay: string;
}

export interface ScheduledInstalment {
  number: number;
  dueOn: string;
  principalCents: number;
  interestCents: number;
  amountCents: number;
  /** Principal still owed once this instalment is paid. */
  balanceAfterCents: number;
}

/**
 * The repayment schedule: monthly instalments on the reducing balance. Each month's interest is
 * the balance times the monthly rate, rounded to the cent; each instalment is the regular amount
 * (rounded to the cent) and the last one takes the remainder, so the principal parts add up to
 * the principal exactly. Rate 0 gives equal parts, the last taking the remainder.
 */
export function amortisationSchedule(input: ScheduleInput): ScheduledInstalment[] {
  const regular = BigInt(monthlyInstalmentCents(input.principalCents, input.annualRateBps, input.termMonths));
  const a = BigInt(input.annualRateBps);
  let balance = BigInt(input.principalCents);
  const schedule: ScheduledInstalment[] = [];
  for (let number = 1; number <= input.termMonths; number += 1) {
    const interest = divRound(balance * a, MONTHLY_DENOMINATOR);
    let principal: bigint;
    if (number === input.termMonths) {
      principal = balance;
    } else {
      principal = regular - interest;
      // Rounding can leave the regular amount a cent under the interest, or a tiny loan paid early.
      if (principal < 0n) principal = 0n;
      if (principal > balance) principal = balance;
    }
    balance -= principal;
    schedule.push({
      number,
      dueOn: addMonths(input.startDay, number),
      principalCents: Number(principal),
      interestCents: Number(interest),
      amountCents: Number(principal + interest),
      balanceAfterCents: Number(balance),
    });
  }
  return schedule;
}

/** The totals of a schedule, as a quote shows them. */
export function scheduleTotals(schedule: readonly ScheduledInstalment[]) {
  const interestCents = schedule.reduce((sum, row) => sum + row.interestCents, 0);
  const principalCents = schedule.reduce((sum, row) => sum + row.principalCents, 0);
  return {
    instalmentCents: schedule[0]?.amountCents ?? 0,
    interestCents,
    principalCents,
    totalCents: principalCents + interestCents,
  };
}

/** An instalment as the books hold it: what was scheduled, charged, paid and waived. */
export interface InstalmentBalance {
  number: number;
  dueOn: string;
  principalCents: number;
  interestCents: number;
  /** The late penalty charged on it (0 when none). */
  penaltyCents: number;
  principalPaidCents: number;
  interestPaidCents: number;
  penaltyPaidCents: number;
  /** Interest not charged because the loan was settled early. */
  interestWaivedCents: number;
  /** Penalty waived by two admins. */
  penaltyWaivedCents: number;
}

/** What is still owed on an instalment. */
export function instalmentUnpaid(row: InstalmentBalance) {
  const penaltyCents = row.penaltyCents - row.penaltyPaidCents - row.penaltyWaivedCents;
  const interestCents = row.interestCents - row.interestPaidCents - row.interestWaivedCents;
  const principalCents = row.principalCents - row.principalPaidCents;
  return { penaltyCents, interestCents, principalCents, totalCents: penaltyCents + interestCents + principalCents };
}

/**
 * The interest of an instalment earned by `asOf`: its scheduled interest in proportion to the days
 * passed of its month (from the previous due day, or the payout, to its own), rounded to the cent.
 */
export function accruedInterestCents(interestCents: number, periodStart: string, dueOn: string, asOf: string): number {
  const periodDays = Math.max(daysBetween(periodStart, dueOn), 1);
  const elapsed = Math.min(Math.max(daysBetween(periodStart, asOf), 0), periodDays);
  return mulDivRound(interestCents, elapsed, periodDays);
}

export interface SettlementQuote {
  asOf: string;
  principalCents: number;
  interestCents: number;
  penaltyCents: number;
  totalCents: number;
}

/**
 * What settles a loan early on `asOf`: every unpaid principal cent, the interest and penalties of
 * instalments already due, and the interest of the current month earned to that day. Interest of
 * later months is not charged.
 */
export function settlementQuote(
  instalments: readonly InstalmentBalance[],
  asOf: string,
  disbursedOn: string,
): SettlementQuote {
  let principalCents = 0;
  let interestCents = 0;
  let penaltyCents = 0;
  let hasCurrent = false;
  instalments.forEach((row, index) => {
    const unpaid = instalmentUnpaid(row);
    principalCents += unpaid.principalCents;
    penaltyCents += unpaid.penaltyCents;
    if (row.dueOn <= asOf) {
      interestCents += unpaid.interestCents;
    } else if (!hasCurrent) {
      hasCurrent = true;
      const start = index === 0 ? disbursedOn : instalments[index - 1]!.dueOn;
      const accrued = accruedInterestCents(row.interestCents, start, row.dueOn, asOf);
      interestCents += Math.max(0, accrued - row.interestPaidCents - row.interestWaivedCents);
    }
  });
  return {
    asOf,
    principalCents,
    interestCents,
    penaltyCents,
    totalCents: principalCents + interestCents + penaltyCents,
  };
}

export interface AllocatedPart {
  number: number;
  penaltyCents: number;
  interestCents: number;
  principalCents: number;
  /** Interest no longer charged (an early settlement). */
  interestWaivedCents: number;
}

export type RepaymentAllocation =
  | {
      isAllowed: true;
      /** The repayment settles the loan: later interest is not charged. */
      isSettlement: boolean;
      penaltyCents: number;
      interestCents: number;
      principalCents: number;
      interestWaivedCents: number;
      parts: AllocatedPart[];
    }
  | { isAllowed: false; settlementCents: number };

/**
 * Splits a repayment made on `asOf`. The amount that settles the loan (`settlementQuote`) closes
 * it: every instalment's principal, the interest and penalties due, and the interest earned so far
 * this month; the rest of the interest is not charged. Less than that goes, instalment by
 * instalment from the oldest open one, to the penalty, then the interest, then the principal, so
 * a member may also pay instalments ahead. More than that is refused.
 */
export function allocateRepayment(
  instalments: readonly InstalmentBalance[],
  amountCents: number,
  asOf: string,
  disbursedOn: string,
): RepaymentAllocation {
  assertWhole(amountCents, 'The amount', 1, Number.MAX_SAFE_INTEGER);
  const quote = settlementQuote(instalments, asOf, disbursedOn);
  if (amountCents > quote.totalCents) return { isAllowed: false, settlementCents: quote.totalCents };
  const ordered = [...instalments].sort((a, b) => a.number - b.number);
  const parts: AllocatedPart[] = [];

  if (amountCents === quote.totalCents) {
    let hasCurrent = false;
    ordered.forEach((row, index) => {
      const unpaid = instalmentUnpaid(row);
      let interest = unpaid.interestCents;
      if (row.dueOn > asOf) {
        if (!hasCurrent) {
          hasCurrent = true;
          const start = index === 0 ? disbursedOn : ordered[index - 1]!.dueOn;
          const accrued = accruedInterestCents(row.interestCents, start, row.dueOn, asOf);
          interest = Math.max(
            0,
            Math.min(unpaid.interestCents, accrued - row.interestPaidCents - row.interestWaivedCents),
          );
        } else {
          interest = 0;
        }
      }
      if (unpaid.totalCents === 0) return;
      parts.push({
        number: row.number,
        penaltyCents: unpaid.penaltyCents,
        interestCents: interest,
        principalCents: unpaid.principalCents,
        interestWaivedCents: unpaid.interestCents - interest,
      });
    });
    return { isAllowed: true, isSettlement: true, ...sumParts(parts) };
  }

  let left = amountCents;
  for (const row of ordered) {
    if (left === 0) break;
    const unpaid = instalmentUnpaid(row);
    if (unpaid.totalCents === 0) continue;
    const penalty = Math.min(left, unpaid.penaltyCents);
    left -= penalty;
    const interest = Math.min(left, unpaid.interestCents);
    left -= interest;
    const principal = Math.min(left, unpaid.principalCents);
    left -= principal;
    parts.push({
      number: row.number,
      penaltyCents: penalty,
      interestCents: interest,
      principalCents: principal,
      interestWaivedCents: 0,
    });
  }
  return { isAllowed: true, isSettlement: false, ...sumParts(parts) };
}

function sumParts(parts: AllocatedPart[]) {
  return {
    penaltyCents: parts.reduce((sum, part) => sum + part.penaltyCents, 0),
    interestCents: parts.reduce((sum, part) => sum + part.interestCents, 0),
    principalCents: parts.reduce((sum, part) => sum + part.principalCents, 0),
    interestWaivedCents: parts.reduce((sum, part) => sum + part.interestWaivedCents, 0),
    parts,
  };
}

export interface PenaltyRule {
  penaltyType: PenaltyType;
  penaltyFixedCents: number;
  penaltyPercentBps: number;
}

/**
 * The late penalty on an overdue instalment: a fixed amount, or a percentage of what is overdue
 * (rounded to the cent); never more than what is overdue.
 */
export function latePenaltyCents(rule: PenaltyRule, overdueCents: number): number {
  if (overdueCents <= 0) return 0;
  const charged =
    rule.penaltyType === 'fixed'
      ? rule.penaltyFixedCents
      : rule.penaltyType === 'percent'
        ? mulDivRound(overdueCents, rule.penaltyPercentBps, 10_000)
        : 0;
  return Math.min(charged, overdueCents);
}

/**
 * The in duplum rule (section 103(5) of the National Credit Act, and the common law before it): while
 * a loan is in default, the charges that run up on it (interest in arrears and late penalties) may
 * not together exceed the principal still owed. Answers how much more may be charged on `today`:
 * the principal unpaid, less the penalties charged and not waived, less the unpaid interest of the
 * instalments already due. The principal only falls as it is repaid, so measuring it today never
 * allows more than measuring it when the default began.
 */
export function inDuplumRoomCents(balances: readonly InstalmentBalance[], today: string): number {
  let principalCents = 0;
  let chargesCents = 0;
  for (const row of balances) {
    const unpaid = instalmentUnpaid(row);
    principalCents += unpaid.principalCents;
    chargesCents += row.penaltyCents - row.penaltyWaivedCents;
    if (row.dueOn < today) chargesCents += unpaid.interestCents;
  }
  return Math.max(principalCents - chargesCents, 0);
}

/** Whether the grace days after the due day have passed on `today`, so the penalty applies. */
export function isPastGrace(dueOn: string, graceDays: number, today: string): boolean {
  return daysBetween(dueOn, today) > graceDays;
}

/** The lending caps the super admin sets (Regulation 42 of the National Credit Act). */
export interface LendingCaps {
  repoRateBps: number;
  capMarginBps: number;
  maxPenaltyPercentBps: number;
  maxPenaltyFixedCents: number;
}

/** The highest yearly rate a product may charge: the repo rate plus the margin. */
export function maxAnnualRateBps(caps: Pick<LendingCaps, 'repoRateBps' | 'capMarginBps'>): number {
  return caps.repoRateBps + caps.capMarginBps;
}

/** A rate in basis points as people read it: `28.50`. */
export function formatPercent(bps: number): string {
  return `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
}

/** Why a product breaks the caps (its rate, then its penalty), or null when it keeps them. */
export function productCapProblem(
  product: { annualRateBps: number } & PenaltyRule,
  caps: LendingCaps,
): { field: 'annualRatePercent' | 'penaltyFixed' | 'penaltyPercent'; message: string } | null {
  const maxRate = maxAnnualRateBps(caps);
  if (product.annualRateBps > maxRate) {
    return { field: 'annualRatePercent', message: loanMessages.aboveCap(formatPercent(maxRate)) };
  }
  if (product.penaltyType === 'fixed' && product.penaltyFixedCents > caps.maxPenaltyFixedCents) {
    return { field: 'penaltyFixed', message: loanMessages.penaltyAboveCap(formatRand(caps.maxPenaltyFixedCents)) };
  }
  if (product.penaltyType === 'percent' && product.penaltyPercentBps > caps.maxPenaltyPercentBps) {
    return {
      field: 'penaltyPercent',
      message: loanMessages.penaltyAboveCap(`${formatPercent(caps.maxPenaltyPercentBps)}% of the overdue instalment`),
    };
  }
  return null;
}

/**
 * How much a member may borrow: their paid-up capital times the product's multiple (in hundredths,
 * 300 = three times), less what they owe or have asked for on other loans; never below zero.
 */
export function borrowingLimitCents(capitalCents: number, multipleHundredths: number, owedCents: number): number {
  const limit = Math.floor((capitalCents * multipleHundredths) / 100);
  return Math.max(0, limit - owedCents);
}

/** The part of a loan above the member's own capital: what a guarantor's capital is held for. */
export function guaranteedPartCents(amountCents: number, capitalCents: number): number {
  return Math.max(0, amountCents - capitalCents);
}

/** The ageing bucket of a loan whose oldest overdue instalment is `daysOverdue` days late. */
export function ageingBucketOf(daysOverdue: number): AgeingBucket | null {
  if (daysOverdue < 1) return null;
  if (daysOverdue <= 30) return '1-30';
  if (daysOverdue <= 60) return '31-60';
  if (daysOverdue <= 90) return '61-90';
  return '90+';
}

/** The lower and upper days overdue of a bucket (upper null for 90+). */
export function ageingBucketRange(bucket: AgeingBucket): { from: number; to: number | null } {
  switch (bucket) {
    case '1-30':
      return { from: 1, to: 30 };
    case '31-60':
      return { from: 31, to: 60 };
    case '61-90':
      return { from: 61, to: 90 };
    case '90+':
      return { from: 91, to: null };
  }
}
