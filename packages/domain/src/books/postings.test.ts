import { describe, expect, it } from 'vitest';
import { findUnbalancedReason, reversingLines } from './ledger.js';
import {
  exitPaidLines,
  loanDisbursedLines,
  loanRepaidLines,
  loanRepaymentCredits,
  penaltyChargedLines,
  penaltyWaivedLines,
  recordApprovedLines,
  withdrawalPaidLines,
} from './postings.js';

const member = { userId: 'u1', poolId: 'p1' };

describe('withdrawalPaidLines', () => {
  it.each([1, 50_00, 123_456_78])('moves %i cents of returns out through the bank, balanced', (amountCents) => {
    const lines = withdrawalPaidLines({ ...member, amountCents });
    expect(lines).toEqual([
      { account: 'member_returns', userId: 'u1', poolId: 'p1', amountCents },
      { account: 'bank', poolId: 'p1', amountCents: -amountCents },
    ]);
    expect(findUnbalancedReason(lines)).toBeNull();
  });
});

describe('exitPaidLines', () => {
  it.each([
    {
      name: 'capital and returns, less the fee',
      event: { capitalCents: 10_000_00, returnsCents: 500_00, feeCents: 210_00, payoutCents: 10_290_00 },
      accounts: ['member_capital', 'member_returns', 'bank', 'income:other'],
    },
    {
      name: 'no returns and no fee: those lines are left out',
      event: { capitalCents: 1_000_00, returnsCents: 0, feeCents: 0, payoutCents: 1_000_00 },
      accounts: ['member_capital', 'bank'],
    },
    {
      name: 'a member who held nothing posts no lines',
      event: { capitalCents: 0, returnsCents: 0, feeCents: 0, payoutCents: 0 },
      accounts: [],
    },
  ])('$name', ({ event, accounts }) => {
    const lines = exitPaidLines({ ...member, ...event });
    expect(lines.map((line) => line.account)).toEqual(accounts);
    if (lines.length >= 2) expect(findUnbalancedReason(lines)).toBeNull();
  });

  it('takes the loans settled from the payout into the same entry', () => {
    const loanLines = [
      { account: 'loans_receivable' as const, loanId: 'l1', userId: 'u1', poolId: 'p1', amountCents: -300_00 },
    ];
    const lines = exitPaidLines(
      { ...member, capitalCents: 1_000_00, returnsCents: 0, feeCents: 20_00, payoutCents: 680_00 },
      loanLines,
    );
    expect(lines.at(-1)).toEqual(loanLines[0]);
    expect(findUnbalancedReason(lines)).toBeNull();
  });
});

const loan = { id: 'l1', userId: 'u1', poolId: 'p1' };
const onLoan = { userId: 'u1', poolId: 'p1', loanId: 'l1' };

describe('loan postings', () => {
  it('pays a loan out of the bank into loans receivable', () => {
    expect(loanDisbursedLines({ ...loan, principalCents: 5_000_00 })).toEqual([
      { account: 'loans_receivable', ...onLoan, amountCents: 5_000_00 },
      { account: 'bank', poolId: 'p1', amountCents: -5_000_00 },
    ]);
  });

  it.each([
    {
      split: { principalCents: 400_00, interestCents: 50_00, penaltyCents: 0 },
      credits: ['loans_receivable', 'income:loan_interest'],
    },
    { split: { principalCents: 0, interestCents: 0, penaltyCents: 100_00 }, credits: ['loan_penalties_receivable'] },
    {
      split: { principalCents: 1, interestCents: 2, penaltyCents: 3 },
      credits: ['loans_receivable', 'income:loan_interest', 'loan_penalties_receivable'],
    },
  ])('credits $credits for a repayment split $split, against the bank', ({ split, credits }) => {
    const amountCents = split.principalCents + split.interestCents + split.penaltyCents;
    const lines = loanRepaidLines(loan, { amountCents, ...split });
    expect(lines[0]).toEqual({ account: 'bank', poolId: 'p1', amountCents });
    expect(lines.slice(1).map((line) => line.account)).toEqual(credits);
    expect(loanRepaymentCredits(loan, split)).toEqual(lines.slice(1));
    expect(findUnbalancedReason(lines)).toBeNull();
  });

  it.each([1, 150_00])('charges and waives a penalty of %i cents as mirror entries', (amountCents) => {
    const charged = penaltyChargedLines(loan, amountCents);
    const waived = penaltyWaivedLines(loan, amountCents);
    expect(charged[0]).toEqual({ account: 'loan_penalties_receivable', ...onLoan, amountCents });
    expect(waived).toEqual(reversingLines(charged).reverse());
    expect(findUnbalancedReason(charged)).toBeNull();
  });
});

describe('recordApprovedLines', () => {
  it.each([
    [{ kind: 'expense' as const, category: 'banking_fees' as const }, ['expense:banking_fees', 'bank'], [1, -1]],
    [{ kind: 'expense' as const, category: 'legal_fees' as const }, ['expense:legal_fees', 'bank'], [1, -1]],
    [{ kind: 'income' as const, category: 'interest' as const }, ['bank', 'income:interest'], [1, -1]],
    [{ kind: 'income' as const, category: 'dividends' as const }, ['bank', 'income:dividends'], [1, -1]],
  ])('%j posts to %j', (record, accounts, signs) => {
    const lines = recordApprovedLines({ ...record, poolId: 'p1', amountCents: 250_00 } as Parameters<
      typeof recordApprovedLines
    >[0]);
    expect(lines.map((line) => line.account)).toEqual(accounts);
    expect(lines.map((line) => Math.sign(line.amountCents))).toEqual(signs);
    expect(lines.every((line) => line.poolId === 'p1')).toBe(true);
    expect(findUnbalancedReason(lines)).toBeNull();
  });
});
