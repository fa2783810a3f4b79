import { describe, expect, it } from 'vitest';
import { exitSettlement, memberHolding } from './settlement.js';

describe('memberHolding', () => {
  it.each([
    [{ totalPaidCents: 1_000_00, actualReturnCents: 120_00, returnsPaidCents: 20_00 }, 1_000_00, 100_00],
    [{ totalPaidCents: 0, actualReturnCents: 0, returnsPaidCents: 0 }, 0, 0],
    [{ totalPaidCents: 500_00, actualReturnCents: -30_00, returnsPaidCents: 0 }, 500_00, -30_00],
  ])('%j holds capital %i and returns %i', (membership, capitalCents, returnsCents) => {
    expect(memberHolding(membership)).toEqual({ capitalCents, returnsCents, totalCents: capitalCents + returnsCents });
  });
});

describe('exitSettlement', () => {
  it.each([
    // total, fee %, loans -> fee, payout
    [10_000_00, 2, 0, 200_00, 9_800_00],
    [10_000_00, 2, 3_000_00, 200_00, 6_800_00],
    [333_33, 1.5, 0, 4_99, 328_34],
    [1_000_00, 2, 2_000_00, 20_00, -1_020_00],
    [0, 2, 0, 0, 0],
  ])('holding %i at %d%% with %i of loans: fee %i, payout %i', (total, percent, loans, fee, payout) => {
    const held = { capitalCents: total, returnsCents: 0, totalCents: total };
    expect(exitSettlement(held, percent, loans)).toEqual({ feeCents: fee, loanCents: loans, payoutCents: payout });
  });
});
