import type { LoanInstalment } from '@letsema/domain';
import { loanMessages } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import { loanApplicationResolver, loanRepaymentResolver } from './form-rules';
import {
  canCancelLoan,
  describeInstalments,
  describePenalty,
  formatPercent,
  getBooksDay,
  getGuarantorProblem,
  getQuoteRequest,
  getRepaymentCeilingCents,
  getRepaymentProblem,
  isAwaitingGuarantorAnswer,
  isQuoteFor,
  sumInstalments,
  type LoanApplicationValues,
} from './loan-rules';

describe('getQuoteRequest', () => {
  const base = { type: 'personal', amount: '5000', termMonths: '12', poolId: '' };
  it.each([
    ['a full request', base, { type: 'personal', amount: 5000, termMonths: 12 }],
    [
      'cents and a pool',
      { ...base, amount: '1234.5', poolId: 'p1' },
      { type: 'personal', amount: 1234.5, termMonths: 12, poolId: 'p1' },
    ],
    ['no type chosen', { ...base, type: '' }, null],
    ['an unknown type', { ...base, type: 'holiday' }, null],
    ['no amount', { ...base, amount: '' }, null],
    ['a zero amount', { ...base, amount: '0' }, null],
    ['three decimals', { ...base, amount: '10.005' }, null],
    ['above the largest loan', { ...base, amount: '1000000.01' }, null],
    ['no term', { ...base, termMonths: '' }, null],
    ['a term in parts of months', { ...base, termMonths: '1.5' }, null],
    ['a zero term', { ...base, termMonths: '0' }, null],
    ['a term above 120 months', { ...base, termMonths: '121' }, null],
  ])('%s', (_name, values, expected) => {
    expect(getQuoteRequest(values)).toEqual(expected);
  });
});

describe('isQuoteFor', () => {
  const quote = { type: 'personal' as const, amount: 5000, termMonths: 12 };
  it('matches the same type, amount and term', () => {
    expect(isQuoteFor(quote, { type: 'personal', amount: 5000, termMonths: 12 })).toBe(true);
  });
  it.each([
    ['another amount', { type: 'personal' as const, amount: 5000.01, termMonths: 12 }],
    ['another term', { type: 'personal' as const, amount: 5000, termMonths: 24 }],
    ['another type', { type: 'business' as const, amount: 5000, termMonths: 12 }],
  ])('does not match %s', (_name, request) => {
    expect(isQuoteFor(quote, request)).toBe(false);
  });
});

describe('getGuarantorProblem', () => {
  it.each([
    ['needed and blank', true, 2500, '  ', loanMessages.guarantorNeeded('R 2 500.00')],
    ['needed and given', true, 2500, 'thandi@example.com', null],
    ['not needed and blank', false, 0, '', null],
    ['not needed and given (left out when sent)', false, 0, 'thandi@example.com', null],
  ])('%s', (_name, isGuarantorNeeded, guaranteedAmount, text, expected) => {
    expect(getGuarantorProblem({ isGuarantorNeeded, guaranteedAmount }, text)).toBe(expected);
  });
});

describe('getRepaymentCeilingCents and getRepaymentProblem', () => {
  it('is the settlement amount less the repayments still being checked', () => {
    const repayments = [
      { amount: 500, status: 'pending' as const },
      { amount: 250.5, status: 'approved' as const },
      { amount: 100, status: 'rejected' as const },
      { amount: 99.99, status: 'pending' as const },
    ];
    expect(getRepaymentCeilingCents({ amount: 4321.09 }, repayments)).toBe(432_109 - 59_999);
  });
  it('is nothing without a settlement figure, and never below nothing', () => {
    expect(getRepaymentCeilingCents(null, [])).toBe(0);
    expect(getRepaymentCeilingCents({ amount: 100 }, [{ amount: 150, status: 'pending' }])).toBe(0);
  });
  it('refuses more than the ceiling with the server’s message', () => {
    expect(getRepaymentProblem({ ceilingCents: 10_000 }, 10_000)).toBeNull();
    expect(getRepaymentProblem({ ceilingCents: 10_000 }, 10_001)).toBe(loanMessages.tooMuch('R 100.00'));
  });
});

function instalment(number: number, overrides: Partial<LoanInstalment> = {}): LoanInstalment {
  return {
    id: `i${number}`,
    number,
    dueOn: `2025-0${number}-15`,
    principal: 800,
    interest: 50,
    penalty: 0,
    amount: 850,
    paid: 0,
    interestNotCharged: 0,
    penaltyWaived: 0,
    unpaid: 850,
    status: 'due',
    statusLabel: 'Due',
    paidOn: null,
    penaltyId: null,
    penaltyAppliedOn: null,
    ...overrides,
  };
}

describe('describeInstalments', () => {
  it('marks paid, overdue, partly paid, the next one and the upcoming ones', () => {
    const rows = describeInstalments(
      [
        instalment(5),
        instalment(1, { status: 'paid', paid: 850, unpaid: 0 }),
        instalment(2, { status: 'overdue', penalty: 85, amount: 935, unpaid: 935 }),
        instalment(3, { dueOn: '2025-03-01' }),
        instalment(4, { paid: 100, unpaid: 750 }),
      ],
      '2025-03-10',
    );
    expect(rows.map((row) => [row.number, row.state, row.stateLabel])).toEqual([
      [1, 'paid', 'Paid'],
      [2, 'overdue', 'Overdue'],
      // Its day has passed unpaid, though the nightly run has not marked it yet.
      [3, 'overdue', 'Overdue'],
      [4, 'partly_paid', 'Partly paid'],
      [5, 'upcoming', 'Upcoming'],
    ]);
  });
  it('makes the first unpaid instalment the next one when nothing is late', () => {
    const rows = describeInstalments(
      [instalment(1, { status: 'paid', paid: 850, unpaid: 0 }), instalment(2), instalment(3)],
      '2025-01-20',
    );
    expect(rows.map((row) => row.state)).toEqual(['paid', 'next', 'upcoming']);
  });
  it('counts an instalment with nothing left as paid', () => {
    expect(describeInstalments([instalment(1, { unpaid: 0, paid: 850 })], '2025-06-01')[0]!.state).toBe('paid');
  });
});

describe('getBooksDay', () => {
  it.each([
    ['a loan being repaid: the day of its settlement figure', { asOf: '2025-03-04' }, '2025-03-04'],
    ['a loan not being repaid: the device’s day', null, '2025-02-01'],
  ])('%s', (_, settlement, day) => {
    expect(getBooksDay({ settlement }, '2025-02-01')).toBe(day);
  });
  it('judges an instalment overdue on the books’ day even when the device is behind it', () => {
    const loan = { settlement: { asOf: '2025-01-18' } };
    const rows = describeInstalments(
      [instalment(1, { paid: 200, unpaid: 650 }), instalment(2)],
      getBooksDay(loan, '2025-01-10'),
    );
    expect(rows.map((row) => row.state)).toEqual(['overdue', 'upcoming']);
  });
});

describe('sumInstalments', () => {
  it('adds the schedule up in cents', () => {
    expect(
      sumInstalments([
        instalment(1, { principal: 833.33, interest: 0.1, paid: 833.43, unpaid: 0, amount: 833.43 }),
        instalment(2, { principal: 0.2, interest: 0.1, penalty: 0.05, amount: 0.35, unpaid: 0.35 }),
      ]),
    ).toEqual({
      principalCents: 83_353,
      interestCents: 20,
      penaltyCents: 5,
      amountCents: 83_378,
      paidCents: 83_343,
      unpaidCents: 35,
    });
  });
});

describe('describePenalty and formatPercent', () => {
  it.each([
    [
      { penaltyType: 'none' as const, penaltyFixed: 0, penaltyPercent: 0, graceDays: 5 },
      'No penalty for late payment.',
    ],
    [
      { penaltyType: 'fixed' as const, penaltyFixed: 150, penaltyPercent: 0, graceDays: 7 },
      'A penalty of R 150.00 is charged on an instalment more than 7 days late.',
    ],
    [
      { penaltyType: 'percent' as const, penaltyFixed: 0, penaltyPercent: 2.5, graceDays: 1 },
      'A penalty of 2.5% of the overdue instalment is charged on an instalment more than 1 day late.',
    ],
    [
      { penaltyType: 'fixed' as const, penaltyFixed: 50, penaltyPercent: 0, graceDays: 0 },
      'A penalty of R 50.00 is charged on an instalment paid late.',
    ],
  ])('%o', (rule, expected) => {
    expect(describePenalty(rule)).toBe(expected);
  });
  it('shows percentages without trailing zeros', () => {
    expect([formatPercent(12), formatPercent(12.5), formatPercent(27.75)]).toEqual(['12%', '12.5%', '27.75%']);
  });
});

describe('loan states', () => {
  it.each([
    ['awaiting_guarantor', true],
    ['pending', true],
    ['approved', true],
    ['active', false],
    ['repaid', false],
    ['rejected', false],
    ['guarantor_declined', false],
    ['cancelled', false],
  ] as const)('%s can be cancelled: %s', (status, expected) => {
    expect(canCancelLoan(status)).toBe(expected);
  });
  it('offers Accept and Decline only while the guarantor is asked and the loan waits for them', () => {
    const guarantor = { id: 'g', fullName: 'G', statusLabel: '', guaranteedAmount: 1, decidedAt: null };
    expect(
      isAwaitingGuarantorAnswer({ status: 'awaiting_guarantor', guarantor: { ...guarantor, status: 'requested' } }),
    ).toBe(true);
    expect(isAwaitingGuarantorAnswer({ status: 'pending', guarantor: { ...guarantor, status: 'accepted' } })).toBe(
      false,
    );
    expect(isAwaitingGuarantorAnswer({ status: 'cancelled', guarantor: { ...guarantor, status: 'requested' } })).toBe(
      false,
    );
    expect(isAwaitingGuarantorAnswer({ status: 'pending', guarantor: null })).toBe(false);
  });
});

describe('the application form’s rules', () => {
  const values: LoanApplicationValues = {
    type: 'personal',
    amount: '5000',
    termMonths: '12',
    poolId: '',
    purpose: 'School fees for next year',
    guarantor: '',
  };
  const options = { fields: {}, shouldUseNativeValidation: false };
  const check = (input: LoanApplicationValues, context?: { isGuarantorNeeded: boolean; guaranteedAmount: number }) =>
    loanApplicationResolver(input, context, options);

  it('gives the server’s body, in cents, without a blank pool or guarantor', async () => {
    const result = await check(values, { isGuarantorNeeded: false, guaranteedAmount: 0 });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      type: 'personal',
      amount: 500_000,
      termMonths: 12,
      purpose: 'School fees for next year',
    });
  });
  it('uses the server’s messages', async () => {
    const result = await check({ ...values, type: '', amount: '12.345', termMonths: '1.5', purpose: 'short' });
    expect(result.errors.type?.message).toBe(loanMessages.type);
    expect(result.errors.amount?.message).toBe(loanMessages.amount);
    expect(result.errors.termMonths?.message).toBe(loanMessages.termWhole);
    expect(result.errors.purpose?.message).toBe(loanMessages.purpose);
  });
  it('asks for the guarantor the quote needs, and sends it in lower case', async () => {
    const context = { isGuarantorNeeded: true, guaranteedAmount: 2000 };
    const missing = await check(values, context);
    expect(missing.errors.guarantor?.message).toBe(loanMessages.guarantorNeeded('R 2 000.00'));
    const given = await check({ ...values, guarantor: ' Thandi@Example.com ' }, context);
    expect(given.errors).toEqual({});
    expect(given.values).toMatchObject({ guarantor: 'thandi@example.com' });
  });
  it('leaves out a guarantor the quote no longer needs', async () => {
    const result = await check({ ...values, guarantor: 'x' }, { isGuarantorNeeded: false, guaranteedAmount: 0 });
    expect(result.errors).toEqual({});
    expect(result.values).not.toHaveProperty('guarantor');
  });
});

describe('the repayment form’s rules', () => {
  const options = { fields: {}, shouldUseNativeValidation: false };
  const values = { amount: '850', paymentMethod: 'EFT', proofUrl: '/api/files/proof-of-payment/abc-123.pdf' };

  it('gives the server’s body in cents', async () => {
    const result = await loanRepaymentResolver(values, { ceilingCents: 100_000 }, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ ...values, amount: 85_000 });
  });
  it('uses the server’s messages, and refuses more than may be paid now', async () => {
    const empty = await loanRepaymentResolver({ amount: '', paymentMethod: '', proofUrl: '' }, undefined, options);
    expect(empty.errors.amount?.message).toBe(loanMessages.amount);
    expect(empty.errors.paymentMethod?.message).toBe(loanMessages.method);
    expect(empty.errors.proofUrl?.message).toBe(loanMessages.proof);
    const tooMuch = await loanRepaymentResolver(values, { ceilingCents: 84_999 }, options);
    expect(tooMuch.errors.amount?.message).toBe(loanMessages.tooMuch('R 849.99'));
  });
});
