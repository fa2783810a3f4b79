// Constants, labels and messages of investing, apart from the schemas so pages can use them without zod.

export const membershipStatuses = ['pending', 'approved', 'rejected', 'exited'] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];

/**
 * Every kind of money movement a member sees in Transactions: the payments they submit (a
 * contribution, and fees and refunds) and what the ledger posts for them (profit and loss shares,
 * withdrawals paid, exit payouts, loan movements and corrections), the same movements as their statement.
 */
export const transactionTypes = [
  'contribution',
  'return_payment',
  'fee',
  'withdrawal',
  'refund',
  'exit_payout',
  'loan_disbursement',
  'loan_repayment',
  'loan_penalty',
  'correction',
] as const;
export type TransactionType = (typeof transactionTypes)[number];

export const paymentStatuses = ['completed', 'pending', 'rejected', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Tabs of the transactions page and the types each shows. */
export const transactionTabs = [
  { key: 'all', label: 'All', types: transactionTypes },
  { key: 'contributions', label: 'Contributions', types: ['contribution'] },
  { key: 'profits', label: 'Profits', types: ['return_payment'] },
  { key: 'fees', label: 'Fees', types: ['fee'] },
  { key: 'withdrawals', label: 'Withdrawals', types: ['withdrawal', 'exit_payout'] },
  { key: 'refunds', label: 'Refunds', types: ['refund'] },
  { key: 'loans', label: 'Loans', types: ['loan_disbursement', 'loan_repayment', 'loan_penalty'] },
] as const;

export const investingMessages = {
  pool: 'Please choose a pool',
  /** An admin who is also a member never decides their own payment or loan repayment. */
  ownPayment: 'This is your own payment, so another admin must decide it.',
  shares: (available: number) => `Choose between 1 and ${available} shares`,
  sharesWhole: 'The number of shares must be a whole number',
  plan: 'Please choose a payment plan',
  amount: 'Enter an amount in rand, with at most two decimals',
  method: 'Please select a payment method',
  proof: 'Please upload your proof of payment',
} as const;
