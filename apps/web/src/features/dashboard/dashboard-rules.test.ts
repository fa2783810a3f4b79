import { describe, expect, it } from 'vitest';
import {
  describeGuaranteeHold,
  getDashboardBanners,
  getNextLoanInstalment,
  getWelcomeName,
  isEmptyPosition,
} from './dashboard-rules';

const texts = (status: string, membership: Parameters<typeof getDashboardBanners>[1]) =>
  getDashboardBanners(status, membership).map((banner) => banner.text);

describe('getDashboardBanners', () => {
  it.each([
    ['pending_kyc', null, ['Complete your KYC verification to start investing']],
    ['verified', null, ['Ready to start investing']],
    ['active', null, ['Ready to start investing']],
    [
      'active',
      { contributionStatus: 'pending', rejectionReason: null },
      ['Your pool membership request is pending admin approval'],
    ],
    ['verified', { contributionStatus: 'approved', rejectionReason: null }, []],
    [
      'active',
      { contributionStatus: 'rejected', rejectionReason: 'Too many shares' },
      ['Your pool membership request was not approved. Reason: Too many shares', 'Ready to start investing'],
    ],
    ['rejected', null, []],
  ] as const)('%s with %j shows %j', (status, membership, expected) => {
    expect(texts(status, membership)).toEqual(expected);
  });
});

describe('getWelcomeName', () => {
  it.each([
    [{ fullName: 'Lerato Dlamini', email: 'l@example.com' }, 'Lerato'],
    [{ fullName: '  Thandi  ', email: 't@example.com' }, 'Thandi'],
    [{ fullName: null, email: 'x@example.com' }, 'x@example.com'],
  ])('%j -> %s', (user, name) => {
    expect(getWelcomeName(user)).toBe(name);
  });
});

describe('getNextLoanInstalment', () => {
  const loan = (number: string, status: string, dueOn: string | null, amount = 500) => ({
    number,
    status,
    nextInstalment: dueOn ? { number: 1, dueOn, amount } : null,
  });
  it.each([
    ['no loans', [], null],
    ['a loan waiting for approval', [loan('LN-000001', 'pending', null)], null],
    [
      'one active loan',
      [loan('LN-000001', 'active', '2026-04-01')],
      { loanNumber: 'LN-000001', dueOn: '2026-04-01', amount: 500 },
    ],
    [
      'the soonest of two',
      [loan('LN-000001', 'active', '2026-04-15', 300), loan('LN-000002', 'active', '2026-04-01', 200)],
      { loanNumber: 'LN-000002', dueOn: '2026-04-01', amount: 200 },
    ],
    ['a repaid loan', [loan('LN-000001', 'repaid', '2026-04-01')], null],
  ])('%s', (_name, loans, expected) => {
    expect(getNextLoanInstalment(loans)).toEqual(expected);
  });
});

describe('isEmptyPosition', () => {
  const nothing = { capital: 0, returns: 0, loansOwed: 0, heldForGuarantees: 0 };
  it.each([
    ['a new member with nothing', nothing, true],
    ['capital only', { ...nothing, capital: 100 }, false],
    ['a loss allocated before any capital', { ...nothing, returns: -0.01 }, false],
    ['a loan owed', { ...nothing, loansOwed: 700 }, false],
    ['a guarantee held', { ...nothing, heldForGuarantees: 1000 }, false],
  ])('%s: %s', (_name, position, expected) => {
    expect(isEmptyPosition(position)).toBe(expected);
  });
});

describe('describeGuaranteeHold', () => {
  it.each([
    [0, 'You guarantee no loan'],
    [1, 'Pledged for the loan you guarantee: it cannot be taken out until repaid'],
    [2, 'Pledged for the 2 loans you guarantee: it cannot be taken out until repaid'],
  ])('%i loans: %s', (count, text) => {
    expect(describeGuaranteeHold(count)).toBe(text);
  });
});
