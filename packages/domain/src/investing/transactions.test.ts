import { describe, expect, it } from 'vitest';
import { classifyLedgerMovement, type LedgerMovement } from './transactions.js';

describe('classifyLedgerMovement', () => {
  it.each<[string, LedgerMovement, ReturnType<typeof classifyLedgerMovement>]>([
    [
      'a contribution',
      { side: 'holding', sourceType: 'payment', kind: 'payment', cents: -100_000 },
      { type: 'contribution', label: 'Contribution', amountCents: 100_000 },
    ],
    [
      'a profit share',
      { side: 'holding', sourceType: 'allocation', kind: 'allocation', cents: -74_714 },
      { type: 'return_payment', label: 'Profit allocation', amountCents: 74_714 },
    ],
    [
      'a loss share',
      { side: 'holding', sourceType: 'allocation', kind: 'allocation', cents: 1_250 },
      { type: 'return_payment', label: 'Loss allocation', amountCents: -1_250 },
    ],
    [
      'a withdrawal paid',
      { side: 'holding', sourceType: 'withdrawal', kind: 'payout', cents: 200_000 },
      { type: 'withdrawal', label: 'Withdrawal paid', amountCents: 200_000 },
    ],
    [
      'an exit payout',
      { side: 'holding', sourceType: 'exit', kind: 'payout', cents: 110_000 },
      { type: 'exit_payout', label: 'Exit payout', amountCents: 110_000 },
    ],
    [
      'a reversed contribution',
      { side: 'holding', sourceType: 'reversal', kind: 'reversal', cents: 100_000 },
      { type: 'correction', label: 'Correction', amountCents: -100_000 },
    ],
    [
      'a loan paid out',
      { side: 'loan', sourceType: 'loan_disbursement', kind: 'payout', cents: 300_000 },
      { type: 'loan_disbursement', label: 'Loan paid out', amountCents: 300_000 },
    ],
    [
      'a loan repayment',
      { side: 'loan', sourceType: 'loan_repayment', kind: 'payment', cents: -50_000 },
      { type: 'loan_repayment', label: 'Loan repayment', amountCents: 50_000 },
    ],
    [
      'a loan settled from an exit',
      { side: 'loan', sourceType: 'exit', kind: 'payout', cents: -20_000 },
      { type: 'loan_repayment', label: 'Loan settled from exit payout', amountCents: 20_000 },
    ],
    [
      'a late penalty',
      { side: 'loan', sourceType: 'loan_penalty', kind: 'penalty', cents: 5_000 },
      { type: 'loan_penalty', label: 'Late penalty', amountCents: 5_000 },
    ],
    [
      'a penalty waived',
      { side: 'loan', sourceType: 'loan_penalty_waiver', kind: 'reversal', cents: -5_000 },
      { type: 'loan_penalty', label: 'Penalty waived', amountCents: -5_000 },
    ],
    [
      'a reversed loan payout',
      { side: 'loan', sourceType: 'reversal', kind: 'reversal', cents: -300_000 },
      { type: 'correction', label: 'Correction', amountCents: -300_000 },
    ],
  ])('reads %s', (_name, movement, expected) => {
    expect(classifyLedgerMovement(movement)).toEqual(expected);
  });
});
