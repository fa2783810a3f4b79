import { describe, expect, it } from 'vitest';
import { findUnbalancedReason } from './ledger.js';
import {
  allocationLines,
  readMonthEndCalculation,
  reserveCentsOf,
  splitMonthResult,
  type PoolCalculation,
} from './month-end-calculation.js';

describe('reserveCentsOf', () => {
  it.each([
    [10_000_00, 10, 1_000_00],
    [999, 10, 99],
    [1, 10, 0],
    [12_345, 2.5, 308],
    [0, 10, 0],
    [-5_000_00, 10, 0],
  ])('a result of %i at %d%% puts %i into the reserve', (result, percent, reserve) => {
    expect(reserveCentsOf(result, percent)).toBe(reserve);
  });
});

describe('splitMonthResult', () => {
  const members = [
    { key: 'a', weight: 300 },
    { key: 'b', weight: 100 },
  ];
  it.each([
    {
      name: 'a profit: reserve first, the rest by share-days',
      result: 1_000_00,
      reserve: 100_00,
      shares: [675_00, 225_00],
    },
    {
      name: 'a loss: no reserve, the members carry all of it',
      result: -400_00,
      reserve: 0,
      shares: [-300_00, -100_00],
    },
    { name: 'a cent left over goes to the largest remainder', result: 11, reserve: 1, shares: [8, 2] },
    { name: 'nothing to split', result: 0, reserve: 0, shares: [0, 0] },
  ])('$name', ({ result, reserve, shares }) => {
    const split = splitMonthResult(result, 10, members);
    expect(split.reserveCents).toBe(reserve);
    expect(split.members.map((member) => member.cents)).toEqual(shares);
    expect(split.reserveCents + split.members.reduce((sum, member) => sum + member.cents, 0)).toBe(result);
  });

  it.each([500_00, -500_00])('with nobody holding capital, %i stays in the reserve', (result) => {
    expect(splitMonthResult(result, 10, [])).toEqual({ reserveCents: result, members: [] });
  });
});

const pool: PoolCalculation = {
  poolId: 'p1',
  poolName: 'Pool',
  incomeCents: 1_000_00,
  expenseCents: 200_00,
  profitCents: 800_00,
  closing: [
    { account: 'income:interest', cents: 1_000_00 },
    { account: 'expense:banking_fees', cents: -200_00 },
  ],
  reserveCents: 80_00,
  allocatedBeforeCents: 0,
  toAllocateCents: 800_00,
  members: [
    { userId: 'u1', fullName: 'A', shareDays: 100, capitalCents: 100, cents: 720_00 },
    { userId: 'u2', fullName: 'B', shareDays: 0, capitalCents: 0, cents: 0 },
  ],
};

describe('allocationLines', () => {
  it('closes income and expenses into the reserve and the members, balanced, without zero lines', () => {
    const lines = allocationLines(pool);
    expect(lines.map((line) => line.account)).toEqual([
      'income:interest',
      'expense:banking_fees',
      'reserve',
      'member_returns',
    ]);
    expect(findUnbalancedReason(lines)).toBeNull();
  });
});

describe('readMonthEndCalculation', () => {
  it('reads back what was stored, and nothing when none is kept', () => {
    const stored = JSON.parse(JSON.stringify({ calculatedBy: 'x', reservePercent: 10, pools: [pool] }));
    expect(readMonthEndCalculation(stored)?.pools[0]).toEqual(pool);
    expect(readMonthEndCalculation(null)).toBeNull();
  });

  it.each([
    { calculatedBy: 'x', reservePercent: 10, pools: [{ ...pool, reserveCents: 1.5 }] },
    { calculatedBy: 'x', reservePercent: 10, pools: [{ ...pool, closing: [{ account: 'cash', cents: 1 }] }] },
    { reservePercent: 10, pools: [] },
  ])('refuses a calculation that is not one: %j', (stored) => {
    expect(() => readMonthEndCalculation(stored)).toThrow();
  });
});
