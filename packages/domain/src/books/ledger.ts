/**
 * The cooperative's chart of accounts and the rule every journal entry keeps. Amounts are signed
 * integer cents: a debit is positive and a credit negative, so an entry's lines add up to zero.
 * The bank is an asset (debit balance); member capital, member returns and the reserve are what
 * the cooperative owes its members (credit balances), and a payout debits them against the bank;
 * income has a credit balance and expenses a debit balance until the month-end allocation closes
 * them into returns and the reserve.
 */

export const expenseCategories = [
  'legal_fees',
  'accounting',
  'administrative',
  'banking_fees',
  'insurance',
  'other',
] as const;
export type ExpenseCategory = (typeof expenseCategories)[number];

export const expenseCategoryLabels: Record<ExpenseCategory, string> = {
  legal_fees: 'Legal Fees',
  accounting: 'Accounting',
  administrative: 'Administrative',
  banking_fees: 'Banking Fees',
  insurance: 'Insurance',
  other: 'Other',
};

export const incomeCategories = ['interest', 'dividends', 'capital_gains', 'other'] as const;
export type IncomeCategory = (typeof incomeCategories)[number];

export const incomeCategoryLabels: Record<IncomeCategory, string> = {
  interest: 'Interest',
  dividends: 'Dividends',
  capital_gains: 'Capital gains',
  other: 'Other income',
};

/**
 * What loans to members earn, posted by the loans only (never recorded by hand as income): the
 * interest in each approved repayment, and late penalties when they are charged.
 */
export const loanIncomeAccounts = ['income:loan_interest', 'income:loan_penalties'] as const;
export type LoanIncomeAccount = (typeof loanIncomeAccounts)[number];

export type LedgerAccount =
  | 'bank'
  | 'member_capital'
  | 'member_returns'
  | 'reserve'
  /** Principal lent to members and not yet repaid (an asset, per loan). */
  | 'loans_receivable'
  /** Late penalties charged and not yet paid or waived (an asset, per loan). */
  | 'loan_penalties_receivable'
  | `income:${IncomeCategory}`
  | LoanIncomeAccount
  | `expense:${ExpenseCategory}`;

/** Every account, in the order a trial balance lists them. */
export const ledgerAccounts: readonly LedgerAccount[] = [
  'bank',
  'loans_receivable',
  'loan_penalties_receivable',
  'member_capital',
  'member_returns',
  'reserve',
  ...incomeCategories.map((category) => `income:${category}` as const),
  ...loanIncomeAccounts,
  ...expenseCategories.map((category) => `expense:${category}` as const),
];

export function isLedgerAccount(value: string): value is LedgerAccount {
  return (ledgerAccounts as readonly string[]).includes(value);
}

/** The name of an account as the books show it. */
export function ledgerAccountLabel(account: LedgerAccount): string {
  if (account === 'income:loan_interest') return 'Income: Loan interest';
  if (account === 'income:loan_penalties') return 'Income: Loan penalties';
  if (account.startsWith('income:')) return `Income: ${incomeCategoryLabels[account.slice(7) as IncomeCategory]}`;
  if (account.startsWith('expense:')) return `Expense: ${expenseCategoryLabels[account.slice(8) as ExpenseCategory]}`;
  return {
    bank: 'Bank',
    member_capital: 'Member capital',
    member_returns: 'Member returns',
    reserve: 'Reserve',
    loans_receivable: 'Loans to members',
    loan_penalties_receivable: 'Loan penalties due',
  }[account as 'bank'];
}

export const journalKinds = ['payment', 'income', 'expense', 'allocation', 'reversal', 'payout', 'loan'] as const;
export type JournalKind = (typeof journalKinds)[number];

export interface JournalLineDraft {
  account: LedgerAccount;
  userId?: string | null;
  poolId?: string | null;
  /** The loan of a line on a loan account (the database refuses one without it). */
  loanId?: string | null;
  amountCents: number;
}

/**
 * Why a set of lines cannot be an entry, or null when it can: at least two lines, each a non-zero
 * whole number of cents, adding up to exactly zero.
 */
export function findUnbalancedReason(lines: readonly JournalLineDraft[]): string | null {
  if (lines.length < 2) return 'An entry needs at least two lines';
  let total = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountCents) || line.amountCents === 0) {
      return 'Every line must be a non-zero whole number of cents';
    }
    total += line.amountCents;
  }
  return total === 0 ? null : `The lines add up to ${total} cents, not zero`;
}

/** The lines that undo an entry: the same accounts with the signs turned. */
export function reversingLines(lines: readonly JournalLineDraft[]): JournalLineDraft[] {
  return lines.map((line) => ({ ...line, amountCents: -line.amountCents }));
}
