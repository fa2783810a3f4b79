import { describe, expect, it } from 'vitest';
import { requestWithdrawalBody } from './exits/schemas.js';

const body = {
  poolId: '0b6f4f5e-5f0c-4c2a-9b7a-1d2e3f4a5b6c',
  amount: '12,50',
  accountHolder: 'Lerato Dlamini',
  bankName: 'Capitec',
  accountNumber: '1234 567 890',
  branchCode: '470-010',
};

describe('bank details as members copy them', () => {
  it('reads an account number and branch code with spaces or dashes, and an amount with a decimal comma', () => {
    expect(requestWithdrawalBody.parse(body)).toMatchObject({
      amount: 1250,
      accountNumber: '1234567890',
      branchCode: '470010',
    });
  });

  it('still refuses letters and short numbers', () => {
    const parsed = requestWithdrawalBody.safeParse({ ...body, accountNumber: '1234 56A', branchCode: '4700' });
    expect(parsed.error?.issues.map((issue) => issue.path[0])).toEqual(['accountNumber', 'branchCode']);
  });
});
