import { exitFeeCents } from './schemas.js';

/** What a member holds in a membership: capital paid in, and returns allocated but not yet paid out. */
export function memberHolding(membership: {
  totalPaidCents: number;
  actualReturnCents: number;
  returnsPaidCents: number;
}) {
  const capitalCents = membership.totalPaidCents;
  const returnsCents = membership.actualReturnCents - membership.returnsPaidCents;
  return { capitalCents, returnsCents, totalCents: capitalCents + returnsCents };
}

export type MemberHolding = ReturnType<typeof memberHolding>;

/**
 * An exit's settlement: what the member holds less the exit fee and the principal of their own loans
 * settled from it. A negative payout means the holding does not cover the loans.
 */
export function exitSettlement(held: MemberHolding, feePercent: number, loanCents: number) {
  const feeCents = exitFeeCents(held.totalCents, feePercent);
  return { feeCents, loanCents, payoutCents: held.totalCents - feeCents - loanCents };
}
