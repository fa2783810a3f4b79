// Constants, labels and messages of loans to members, apart from the schemas so pages can use them without zod.

/** The kinds of loan the cooperative may offer (spec section 9); each has at most one product. */
export const loanTypes = ['emergency', 'personal', 'business', 'education'] as const;
export type LoanType = (typeof loanTypes)[number];

export const loanTypeLabels: Record<LoanType, string> = {
  emergency: 'Emergency',
  personal: 'Personal',
  business: 'Business',
  education: 'Education',
};

/**
 * A loan's life: asked (waiting for the guarantor, then for the loan admins), approved, disbursed
 * (`active`, repaying), and closed as repaid; or stopped before the money left (rejected, declined
 * by the guarantor, cancelled by the member).
 */
export const loanStatuses = [
  'awaiting_guarantor',
  'pending',
  'approved',
  'active',
  'repaid',
  'rejected',
  'guarantor_declined',
  'cancelled',
] as const;
export type LoanStatus = (typeof loanStatuses)[number];

export const loanStatusLabels: Record<LoanStatus, string> = {
  awaiting_guarantor: 'Waiting for the guarantor',
  pending: 'Waiting for approval',
  approved: 'Approved, to be paid out',
  active: 'Repaying',
  repaid: 'Repaid',
  rejected: 'Rejected',
  guarantor_declined: 'Declined by the guarantor',
  cancelled: 'Cancelled',
};

/** Loans still asked for or owed: they count against the member's limit and keep a guarantor's hold. */
export const openLoanStatuses = [
  'awaiting_guarantor',
  'pending',
  'approved',
  'active',
] as const satisfies readonly LoanStatus[];
/** Loans asked for and not yet paid out: the member may cancel them, an admin reject them. */
export const undecidedLoanStatuses = [
  'awaiting_guarantor',
  'pending',
  'approved',
] as const satisfies readonly LoanStatus[];

export const guarantorStatuses = ['requested', 'accepted', 'declined'] as const;
export type GuarantorStatus = (typeof guarantorStatuses)[number];

export const guarantorStatusLabels: Record<GuarantorStatus, string> = {
  requested: 'Asked',
  accepted: 'Accepted',
  declined: 'Declined',
};

/** An instalment is due until its date passes unpaid (overdue), or paid in full (paid). */
export const instalmentStatuses = ['due', 'overdue', 'paid'] as const;
export type InstalmentStatus = (typeof instalmentStatuses)[number];

export const instalmentStatusLabels: Record<InstalmentStatus, string> = {
  due: 'Due',
  overdue: 'Overdue',
  paid: 'Paid',
};

export const repaymentStatuses = ['pending', 'approved', 'rejected'] as const;
export type RepaymentStatus = (typeof repaymentStatuses)[number];

export const repaymentStatusLabels: Record<RepaymentStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const waiverStatuses = ['pending', 'approved', 'rejected'] as const;
export type WaiverStatus = (typeof waiverStatuses)[number];

/** A late penalty: none, a fixed amount, or a percentage of the overdue instalment. */
export const penaltyTypes = ['none', 'fixed', 'percent'] as const;
export type PenaltyType = (typeof penaltyTypes)[number];

export const penaltyTypeLabels: Record<PenaltyType, string> = {
  none: 'No penalty',
  fixed: 'Fixed amount',
  percent: 'Percentage of the overdue instalment',
};

/** Arrears are aged by the days the oldest overdue instalment is late. */
export const ageingBuckets = ['1-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof ageingBuckets)[number];

export const ageingBucketLabels: Record<AgeingBucket, string> = {
  '1-30': '1 to 30 days',
  '31-60': '31 to 60 days',
  '61-90': '61 to 90 days',
  '90+': 'More than 90 days',
};

/**
 * The lending settings until the super admin changes them: lending off; the cap of the National
 * Credit Act's Regulation 42 for unsecured credit (the repo rate plus 21% a year); penalties at
 * most 10% of the overdue instalment or R 250.00; two approvers above R 50 000.00.
 */
export const DEFAULT_LOAN_SETTINGS = {
  isEnabled: false,
  repoRateBps: 700,
  capMarginBps: 2100,
  maxPenaltyPercentBps: 1000,
  maxPenaltyFixedCents: 25_000,
  dualApprovalAboveCents: 5_000_000,
} as const;

/** A product's defaults (spec: at most three times the member's paid-up capital). */
export const DEFAULT_CAPITAL_MULTIPLE_HUNDREDTHS = 300;

/** Bounds every product keeps. */
export const LOAN_LIMITS = {
  minAmountCents: 50_000,
  maxAmountCents: 100_000_000,
  maxTermMonths: 120,
  maxGraceDays: 90,
  maxCapitalMultipleHundredths: 1000,
  maxRateBps: 10_000,
} as const;

/** What a loan is numbered as, for people to quote: LN-000042. */
export function formatLoanNumber(value: number): string {
  return `LN-${String(value).padStart(6, '0')}`;
}

/** Basis points (hundredths of a percent) as the percentage number the API answers. */
export function bpsToPercent(bps: number): number {
  return bps / 100;
}

/**
 * A percentage (number or text, at most two decimals, not negative) in basis points, or null if it is
 * not one. Text may use a decimal comma, as amounts may, and end in "%".
 */
export function percentToBps(value: number | string): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'NaN') : value.trim();
  const match = /^(\d{1,5})(?:[.,](\d{1,2}))? ?%?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export const loanMessages = {
  // Settings and products (super admin).
  superAdminOnly: 'Only the super admin can change the lending settings and the loan products.',
  confirmRules: "Please confirm that the cooperative's rules allow it to lend to members",
  percent: 'Enter a percentage with at most two decimals',
  rateTooHigh: 'Enter a rate of at most 100% a year',
  amount: 'Enter an amount in rand, with at most two decimals',
  zeroOrAmount: 'Enter an amount in rand (0 or more), with at most two decimals',
  type: 'Please choose a loan type',
  name: 'Name must be 3 to 80 characters',
  description: 'Description must be at most 500 characters',
  term: 'Terms are whole months from 1 to 120',
  termOrder: 'The shortest term cannot be longer than the longest',
  multiple: 'The multiple of capital must be more than 0 and at most 10, with at most two decimals',
  graceDays: 'Grace days are whole days from 0 to 90',
  penaltyType: 'Please choose how late payments are charged',
  penaltyFixed: 'Enter the fixed penalty in rand',
  penaltyPercent: 'Enter the penalty as a percentage of the overdue instalment',
  productExists: 'There is a product of this type already: change that one instead.',
  productNotFound: 'Loan product not found',
  aboveCap: (max: string) =>
    `The rate is above the legal maximum of ${max}% a year (the repo rate plus the margin of Regulation 42).`,
  penaltyAboveCap: (max: string) => `The penalty is above the maximum the settings allow (${max}).`,

  // Applications.
  lendingOff: 'The cooperative is not lending at the moment.',
  notActive: 'Your registration must be approved before you can apply for a loan.',
  adminsCannotBorrow: 'Admin accounts cannot apply for loans.',
  productNotOffered: 'This type of loan is not offered at the moment.',
  productAboveCap:
    'This loan product is above the legal maximum rate; the cooperative must change it before lending again.',
  noCapital: 'You need paid-up capital in a pool before you can borrow.',
  pool: 'Please choose a pool',
  termOutside: (min: number, max: number) => `Choose a term from ${min} to ${max} months for this loan.`,
  termWhole: 'The term must be a whole number of months',
  minAmount: 'The smallest loan is R 500.00',
  aboveLimit: (limit: string) =>
    `You can borrow at most ${limit} (your paid-up capital times the product's multiple, less what you owe).`,
  inArrears: 'You have a loan in arrears. Please bring it up to date before applying for another.',
  exitInNotice: 'You have given notice to leave, so you cannot apply for a loan.',
  purpose: 'Please tell us what the loan is for (10 to 500 characters)',
  guarantorText: 'Enter the guarantor’s phone number or e-mail address',
  guarantorNeeded: (above: string) => `A guarantor is needed for the part above your paid-up capital (${above}).`,
  guarantorNotNeeded: 'No guarantor is needed for this amount.',
  /**
   * The one answer to every guarantor the application cannot ask (unknown, not active, erased, the
   * applicant): which it was, or whether they have capital, is theirs to know, not the applicant's.
   */
  guarantorRefused: 'The guarantor must be another active member of the cooperative.',
  notFound: 'Loan not found',
  notCancellable: 'This loan can no longer be cancelled.',

  // The guarantor.
  guarantorDecided: 'You have answered this request already.',
  guarantorCapital: 'Your free capital is too small to guarantee this amount.',

  // Decisions.
  decided: 'This loan has been decided already.',
  notPending: 'Only a loan waiting for approval can be approved.',
  guarantorFirst: 'The guarantor has not accepted yet.',
  notApproved: 'Only an approved loan can be paid out.',
  ownLoan: 'You applied for this loan, so another admin must decide it.',
  guaranteedLoan: 'You guarantee this loan, so another admin must decide it.',
  approverPays: 'You approved this loan, so another admin must pay it out.',
  proofOfTransfer: 'Please upload the proof of transfer',
  transferProofUsed: 'This proof of transfer has been used for another loan already.',
  bankShort: (balance: string) => `The pool's bank balance in the books (${balance}) does not cover this loan.`,

  // Repayments.
  notRepaying: 'This loan is not being repaid: there is nothing to pay.',
  method: "Please choose one of the pool's payment methods",
  proof: 'Please upload your proof of payment',
  proofUsed: 'This proof of payment has already been submitted',
  tooMuch: (owed: string) => `The amount is more than what you owe (${owed} settles the loan today).`,
  repaymentNotFound: 'Repayment not found',
  repaymentDecided: 'This repayment has already been decided',
  ownRepayment: 'This is your own repayment, so another admin must decide it.',
  repaymentExitSettled:
    'This repayment cannot be approved: the member’s exit from this pool is settled and waiting for its payout, which settles the loan from what they hold. Paying the exit rejects it and tells the member why.',
  changedSince: (owed: string) =>
    `The loan has changed since this repayment was made: at most ${owed} can be taken now. Reject it and ask the member to pay again.`,

  // Penalties and waivers.
  penaltyNotFound: 'Penalty not found',
  nothingToWaive: 'Nothing of this penalty is left to waive.',
  waiverPending: 'A waiver of this penalty is waiting for a decision already.',
  waiverReason: 'Please give the reason for the waiver (at least 5 characters)',
  waiverNotFound: 'Waiver not found',
  waiverDecided: 'This waiver has been decided already',
  ownWaiver: 'You asked for this waiver, so another admin must decide it.',

  // Exits and holds.
  holdActive: (amount: string) =>
    `This member guarantees loans of other members (${amount} of capital is held): the exit can be settled once those loans are repaid.`,
  loanUndecided: 'This member has a loan application still open: decide it first.',
  loanNotCovered: (owed: string) =>
    `The payout does not cover the member’s loan (${owed} to settle): the member must repay it first.`,
} as const;
