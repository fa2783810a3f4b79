import { describe, expect, it } from 'vitest';
import { findPayoutBank, holderNameMatches, maskAccountNumber, payoutBanks } from './banks.js';
import { savePayoutAccountBody } from './schemas.js';

describe('the banks a payout account may be at', () => {
  it.each([
    ['absa', '632005'],
    ['capitec', '470010'],
    ['fnb', '250655'],
    ['nedbank', '198765'],
    ['standard-bank', '051001'],
    ['tymebank', '678910'],
    ['african-bank', '430000'],
    ['investec', '580105'],
    ['discovery', '679000'],
    ['bank-zero', '888000'],
  ])('%s has the universal branch code %s', (id, code) => {
    expect(findPayoutBank(id)?.branchCode).toBe(code);
  });

  it('lists each bank once', () => {
    expect(new Set(payoutBanks.map((bank) => bank.id)).size).toBe(payoutBanks.length);
  });
});

describe('the payout account form', () => {
  const body = { bankId: 'capitec', accountHolder: ' Lerato Dlamini ', accountNumber: '1234 567-890' };

  it('keeps the digits of a number copied with spaces or dashes', () => {
    expect(savePayoutAccountBody.parse(body)).toEqual({
      bankId: 'capitec',
      accountHolder: 'Lerato Dlamini',
      accountNumber: '1234567890',
    });
  });

  it.each([['12345'], ['12345678901234567'], ['1234 56A 890'], ['']])('refuses the number %j', (accountNumber) => {
    const parsed = savePayoutAccountBody.safeParse({ ...body, accountNumber });
    expect(parsed.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['accountNumber', 'Enter the account number: 6 to 16 digits'],
    ]);
  });

  it('refuses a bank that is not on the list', () => {
    const parsed = savePayoutAccountBody.safeParse({ ...body, bankId: 'my-bank' });
    expect(parsed.error?.issues[0]?.message).toBe('Please choose your bank');
  });
});

describe('whether the holder is the member', () => {
  it.each([
    ['Lerato Dlamini', 'Lerato Dlamini', true],
    ['MRS L DLAMINI', 'Lerato Dlamini', true],
    ['Dlamini Lerato', 'Lerato Dlamini', true],
    ['Lerato Nomsa Dlamini', 'Lerato Dlamini', false],
    ['Lerato', 'Lerato Dlamini', false],
    ['Thabo Dlamini', 'Lerato Dlamini', false],
    ['T Dlamini', 'Lerato Dlamini', false],
    ['Zoë Müller', 'Zoe Muller', true],
    ['Lerato Dlamini', null, false],
  ])('%s for %s: %s', (holder, member, expected) => {
    expect(holderNameMatches(holder, member)).toBe(expected);
  });

  it('masks a number to its last four digits', () => {
    expect(maskAccountNumber('1234567890')).toBe('…7890');
  });
});
