// The payment details' messages and the member's payment reference, apart from the schema so pages
// can use them without zod.

/** The cooperative's bank account, where members pay by EFT or deposit. */
export const paymentDetailsMessages = {
  bankName: "Enter the bank's name (2 to 60 characters)",
  accountHolder: "Enter the account holder's name (2 to 100 characters)",
  accountNumber: 'Enter the account number: 6 to 16 digits',
  branchCode: 'Enter the branch code: 6 digits',
  superAdminOnly: 'Only the super admin can change where members pay.',
} as const;

/** The bank account as the API answers it, with when it last changed (members see it). */
export interface PaymentDetails {
  bankName: string;
  accountHolder: string;
  /** Digits only. */
  accountNumber: string;
  /** Six digits. */
  branchCode: string;
  /**
   * The cooperative's registration number, from its own details (not kept with the account), so
   * members see whom they pay; the same number heads its reports and statements.
   */
  registrationNumber: string | null;
  updatedAt: string;
}

/** South African banks take a reference of at most 20 characters on a payment. */
export const PAYMENT_REFERENCE_MAX = 20;

/**
 * The reference a member writes on a bank payment, so the admin checking it finds them: their surname
 * and phone number, in capitals, at most 20 characters. Without either, none is suggested.
 */
export function paymentReferenceFor(member: { fullName: string | null; phoneNumber: string | null }): string | null {
  // Letters only, without accents: a bank's reference field takes plain letters and digits.
  const surname = ((member.fullName ?? '').trim().split(/\s+/).at(-1) ?? '')
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  const phone = (member.phoneNumber ?? '').replace(/\D/g, '');
  if (!surname || !phone) return null;
  return `${surname.slice(0, PAYMENT_REFERENCE_MAX - phone.length - 1)} ${phone}`;
}

/**
 * The reference on a loan repayment: the loan's number (`LN-000042`), apart from the member's
 * contribution reference, so the desk books it against the loan and never as a contribution.
 */
export function loanPaymentReference(loanNumber: string): string {
  return loanNumber.slice(0, PAYMENT_REFERENCE_MAX);
}
