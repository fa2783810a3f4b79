import { describe, expect, it } from 'vitest';
import { paymentDetailsBody } from './investing/payment-details.js';

const body = {
  accountHolder: 'Letsema Cooperative',
  bankName: 'Capitec',
  accountNumber: '1234 567 890',
  branchCode: '470-010',
};

describe('bank details as people copy them', () => {
  it('reads an account number and branch code with spaces or dashes', () => {
    expect(paymentDetailsBody.parse(body)).toMatchObject({ accountNumber: '1234567890', branchCode: '470010' });
  });

  it('still refuses letters and short numbers', () => {
    const parsed = paymentDetailsBody.safeParse({ ...body, accountNumber: '1234 56A', branchCode: '4700' });
    expect(parsed.error?.issues.map((issue) => issue.path[0])).toEqual(['accountNumber', 'branchCode']);
  });
});
