import { describe, expect, it } from 'vitest';
import { paymentDetailsBody } from './payment-details.js';
import { paymentDetailsMessages, paymentReferenceFor } from './payment-reference.js';

const valid = {
  bankName: 'First National Bank',
  accountHolder: 'Letsema Savings Cooperative',
  accountNumber: '62 1234 5678 9',
  branchCode: '250-655',
};

describe('paymentDetailsBody', () => {
  it('keeps the digits of numbers copied with spaces or dashes', () => {
    expect(paymentDetailsBody.parse(valid)).toEqual({
      ...valid,
      accountNumber: '62123456789',
      branchCode: '250655',
    });
  });

  it('drops a registration number sent with the account: it is kept with the cooperative only', () => {
    const parsed = paymentDetailsBody.parse({ ...valid, registrationNumber: '2019/123456/24' });
    expect(parsed).not.toHaveProperty('registrationNumber');
  });

  it.each([
    [{ bankName: 'F' }, 'bankName', paymentDetailsMessages.bankName],
    [{ accountHolder: ' ' }, 'accountHolder', paymentDetailsMessages.accountHolder],
    [{ accountNumber: '12345' }, 'accountNumber', paymentDetailsMessages.accountNumber],
    [{ accountNumber: '62123456789A' }, 'accountNumber', paymentDetailsMessages.accountNumber],
    [{ branchCode: '25065' }, 'branchCode', paymentDetailsMessages.branchCode],
    [{ branchCode: undefined }, 'branchCode', paymentDetailsMessages.branchCode],
  ])('refuses %j with the message on %s', (change, field, message) => {
    const result = paymentDetailsBody.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([[field, message]]);
  });
});

describe('paymentReferenceFor', () => {
  it.each([
    [{ fullName: 'Thandi Mokoena', phoneNumber: '0821234567' }, 'MOKOENA 0821234567'],
    [{ fullName: 'Anna-Marie  Du Plessis', phoneNumber: '083 111 2222' }, 'PLESSIS 0831112222'],
    [{ fullName: 'Zoë Müller', phoneNumber: '0831112222' }, 'MULLER 0831112222'],
    [{ fullName: 'Sipho Vilakazi-Nkosinathi', phoneNumber: '0831112222' }, 'VILAKAZIN 0831112222'],
    [{ fullName: null, phoneNumber: '0831112222' }, null],
    [{ fullName: 'Sipho', phoneNumber: null }, null],
  ])('%j -> %j', (member, reference) => {
    expect(paymentReferenceFor(member)).toBe(reference);
    if (reference) expect(reference.length).toBeLessThanOrEqual(20);
  });
});
