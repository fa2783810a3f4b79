import { describe, expect, it } from 'vitest';
import { branchCodeProblem, findPayoutBank, holderNameMatches, maskAccountNumber, payoutBanks } from './banks.js';
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
    ['bidvest', '462005'],
  ])('%s has the universal branch code %s', (id, code) => {
    expect(findPayoutBank(id)?.branchCode).toBe(code);
  });

  it('lists each bank once', () => {
    expect(new Set(payoutBanks.map((bank) => bank.id)).size).toBe(payoutBanks.length);
  });
});

describe("whether a branch code is the chosen bank's", () => {
  it.each([
    ['absa', '632005', null],
    ['capitec', '470 010', null],
    ['standard-bank', '051-001', null],
    ['bidvest', '462005', null],
    ['fnb', '632005', 'This branch code is not FNB’s: use its universal branch code, 250655'],
    ['capitec', '470011', 'This branch code is not Capitec’s: use its universal branch code, 470010'],
    ['nedbank', '19876', 'Enter the branch code: 6 digits'],
    ['nedbank', '1987650', 'Enter the branch code: 6 digits'],
    ['nedbank', '19876A', 'Enter the branch code: 6 digits'],
    ['nedbank', '', 'Enter the branch code: 6 digits'],
  ])('%s with %j: %s', (bankId, code, problem) => {
    expect(branchCodeProblem(bankId, code)).toBe(problem);
  });
});

describe('the payout account form', () => {
  const body = {
    bankId: 'capitec',
    branchCode: '470010',
    accountHolder: ' Lerato Dlamini ',
    accountNumber: '1234 567-890',
  };

  it('keeps the digits of a number copied with spaces or dashes', () => {
    expect(savePayoutAccountBody.parse(body)).toEqual({
      bankId: 'capitec',
      branchCode: '470010',
      accountHolder: 'Lerato Dlamini',
      accountNumber: '1234567890',
    });
  });

  it.each([
    ["another bank's code", '250655', 'This branch code is not Capitec’s: use its universal branch code, 470010'],
    ['five digits', '47001', 'Enter the branch code: 6 digits'],
    ['letters', 'CAPITEC', 'Enter the branch code: 6 digits'],
    ['nothing', undefined, 'Enter the branch code: 6 digits'],
  ])('refuses the branch code: %s', (_name, branchCode, message) => {
    const parsed = savePayoutAccountBody.safeParse({ ...body, branchCode });
    expect(parsed.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([['branchCode', message]]);
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
