import { describe, expect, it } from 'vitest';
import { capitalHeldForGuaranteesCents, isHoldingGuarantee, type GuaranteePledge } from './guarantees.js';

const pledge = (loanStatus: string, guarantorStatus: string | null, guaranteedCents = 150_000): GuaranteePledge => ({
  loanStatus,
  guarantorStatus,
  guaranteedCents,
});

describe('isHoldingGuarantee', () => {
  it.each([
    ['accepted, waiting for approval', pledge('pending', 'accepted'), true],
    ['accepted, approved and not yet paid out', pledge('approved', 'accepted'), true],
    ['accepted, being repaid', pledge('active', 'accepted'), true],
    ['asked and not yet answered', pledge('awaiting_guarantor', 'requested'), false],
    ['declined', pledge('guarantor_declined', 'declined'), false],
    ['accepted, loan repaid', pledge('repaid', 'accepted'), false],
    ['accepted, loan rejected', pledge('rejected', 'accepted'), false],
    ['accepted, loan cancelled', pledge('cancelled', 'accepted'), false],
    ['no guarantor', pledge('active', null, 0), false],
  ])('%s: %s', (_name, input, expected) => {
    expect(isHoldingGuarantee(input)).toBe(expected);
  });
});

describe('capitalHeldForGuaranteesCents', () => {
  it.each([
    ['nothing guaranteed', [], 0],
    ['one accepted guarantee of a loan being repaid', [pledge('active', 'accepted', 150_000)], 150_000],
    [
      'two holding, one repaid, one still asked',
      [
        pledge('active', 'accepted', 150_000),
        pledge('pending', 'accepted', 20_001),
        pledge('repaid', 'accepted', 99_999),
        pledge('awaiting_guarantor', 'requested', 50_000),
      ],
      170_001,
    ],
  ])('%s: %i cents', (_name, pledges, expected) => {
    expect(capitalHeldForGuaranteesCents(pledges)).toBe(expected);
  });
});
