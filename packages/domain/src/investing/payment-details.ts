// The cooperative's bank account as the super admin sets it: the rules the form and the server share.
import { z } from 'zod';
import { bankAccountNumber, bankBranchCode } from '../bank-account.js';
import { paymentDetailsMessages } from './payment-reference.js';

const text = (message: string, max: number) =>
  z.string({ error: message }).trim().min(2, { error: message }).max(max, { error: message });

export const paymentDetailsBody = z.object({
  bankName: text(paymentDetailsMessages.bankName, 60),
  accountHolder: text(paymentDetailsMessages.accountHolder, 100),
  accountNumber: bankAccountNumber(paymentDetailsMessages.accountNumber),
  branchCode: bankBranchCode(paymentDetailsMessages.branchCode),
  // The cooperative's registration number is one of its own details (cooperativeDetailsBody), not
  // the bank account's: a registrationNumber sent here is dropped like any other unknown field.
});
export type PaymentDetailsBody = z.output<typeof paymentDetailsBody>;
export type PaymentDetailsInput = z.input<typeof paymentDetailsBody>;
