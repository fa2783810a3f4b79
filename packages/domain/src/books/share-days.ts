import { daysBetween, daysInPeriod, lastDayOf, periodBounds, dayOf } from './periods.js';

/** A change of a member's capital in a pool: cents in (positive) or paid back (negative), by the day it was posted. */
export interface CapitalMovement {
  day: string;
  cents: number;
}

/**
 * A member's share-days in a month: the sum over its days of the capital they held at each day's
 * end. Capital posted on a day counts from that day, so capital paid in on day d counts from d to the
 * month's last day, and capital paid back on day d counts only for the days before d; capital from
 * before the month counts for every day of it, and movements after it for none.
 */
export function shareDaysInPeriod(
  period: string,
  movements: readonly CapitalMovement[],
): { shareDays: number; capitalCents: number } {
  const first = dayOf(periodBounds(period).start);
  const last = lastDayOf(period);
  const days = daysInPeriod(period);
  let shareDays = 0;
  let capitalCents = 0;
  for (const movement of movements) {
    if (movement.day > last) continue;
    const counted = movement.day < first ? days : daysBetween(movement.day, last) + 1;
    shareDays += movement.cents * counted;
    capitalCents += movement.cents;
  }
  return { shareDays, capitalCents };
}

/**
 * The weights a month's result is split by, in the order given: each holder's share-days, less the
 * holders paid out (exited) by the time the month is split, who take no share of it, and those with
 * no share-days. What a leaver would have had goes to the members who remain, so the split still
 * adds up to the whole result.
 */
export function monthSplitWeights<K>(
  period: string,
  holders: readonly { key: K; movements: readonly CapitalMovement[]; isPaidOut: boolean }[],
): { key: K; shareDays: number; capitalCents: number }[] {
  return holders
    .filter((holder) => !holder.isPaidOut)
    .map((holder) => ({ key: holder.key, ...shareDaysInPeriod(period, holder.movements) }))
    .filter((weight) => weight.shareDays > 0);
}

/**
 * Share-days (kept in cent-days) as a count to read beside rand amounts: whole rand-days with
 * thousands grouped by spaces, as amounts are, and no "R" or decimals, so it is not taken for money:
 * 3 000 000 cent-days reads '30 000'.
 */
export function formatShareDays(centDays: number): string {
  const whole = Math.round(centDays / 100);
  return `${whole < 0 ? '-' : ''}${Math.abs(whole)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}`;
}
