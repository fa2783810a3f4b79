import { describe, expect, it } from 'vitest';
import { cooperativeDetailsBody, cooperativeMessages, cooperativeSettingsBody } from './schemas.js';

const valid = {
  expenseDualApprovalAbove: 2000,
  reservePercent: 0,
  exitFeePercent: 0,
  allowReturnWithdrawals: true,
  uploadQuotaMb: 100,
};

describe("the cooperative's settings", () => {
  it.each([
    ['a rand amount in cents', { expenseDualApprovalAbove: 1500.5 }, { expenseDualApprovalAbove: 150_050 }],
    [
      'an amount as typed, with a decimal comma',
      { expenseDualApprovalAbove: '1 500,50' },
      { expenseDualApprovalAbove: 150_050 },
    ],
    ['no dual approval threshold below any amount', { expenseDualApprovalAbove: 0 }, { expenseDualApprovalAbove: 0 }],
    ['a reserve with two decimals', { reservePercent: '2.55' }, { reservePercent: 2.55 }],
    ['the highest reserve', { reservePercent: 5 }, { reservePercent: 5 }],
    ['the highest exit fee', { exitFeePercent: '10%' }, { exitFeePercent: 10 }],
    ['a quota typed as text', { uploadQuotaMb: ' 250 ' }, { uploadQuotaMb: 250 }],
  ])('reads %s', (_, change, expected) => {
    expect(cooperativeSettingsBody.parse({ ...valid, ...change })).toMatchObject(expected);
  });

  it.each([
    ['expenseDualApprovalAbove', -1],
    ['expenseDualApprovalAbove', '12.345'],
    ['expenseDualApprovalAbove', 1_000_000_000],
    ['reservePercent', 5.01],
    ['reservePercent', '-1'],
    ['exitFeePercent', 10.5],
    ['exitFeePercent', '1.234'],
    ['allowReturnWithdrawals', 'true'],
    ['uploadQuotaMb', 0],
    ['uploadQuotaMb', 1.5],
    ['uploadQuotaMb', 100_001],
  ] as const)('refuses %s of %s with its message', (field, value) => {
    const result = cooperativeSettingsBody.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [field, cooperativeMessages[field]],
    ]);
  });
});

describe("the cooperative's details", () => {
  it('trims the name and the registration number, and a blank registration number is none', () => {
    expect(
      cooperativeDetailsBody.parse({ name: ' Kgotso ', registrationNumber: ' 2019/123456/24 ', province: 'Gauteng' }),
    ).toEqual({ name: 'Kgotso', registrationNumber: '2019/123456/24', province: 'Gauteng' });
    expect(cooperativeDetailsBody.parse({ name: 'Kgotso', registrationNumber: '  ', province: 'Gauteng' })).toEqual({
      name: 'Kgotso',
      registrationNumber: null,
      province: 'Gauteng',
    });
  });

  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    ['   ', null],
    [' 2019/123456/24 ', '2019/123456/24'],
    ['CFI 123-45 ab', 'CFI 123-45 ab'],
    ['A'.repeat(40), 'A'.repeat(40)],
  ])('takes the registration number %j as %j', (registrationNumber, kept) => {
    expect(
      cooperativeDetailsBody.parse({ name: 'Kgotso', registrationNumber, province: 'Gauteng' }).registrationNumber,
    ).toBe(kept);
  });

  it.each(['A'.repeat(41), '2019/123456/24.', 'Reg#123', 12345])(
    'refuses the registration number %j with its message',
    (registrationNumber) => {
      const result = cooperativeDetailsBody.safeParse({ name: 'Kgotso', registrationNumber, province: 'Gauteng' });
      expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['registrationNumber', cooperativeMessages.registrationNumber],
      ]);
    },
  );

  it('takes back the none it answers', () => {
    const body = { name: 'Kgotso', registrationNumber: null, province: 'Gauteng' };
    expect(cooperativeDetailsBody.parse(body)).toEqual(body);
    expect(cooperativeDetailsBody.parse(cooperativeDetailsBody.parse(body))).toEqual(body);
  });

  it('refuses a province not of South Africa and a name too short', () => {
    const result = cooperativeDetailsBody.safeParse({ name: 'K', province: 'Gauteng Province' });
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([
      cooperativeMessages.name,
      cooperativeMessages.province,
    ]);
  });
});
