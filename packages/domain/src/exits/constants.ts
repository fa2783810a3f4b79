// Constants, labels and messages of exits and withdrawals, apart from the schemas so pages can use them without zod.

/** Days of notice between an exit request and its payout (spec section 9). */
export const EXIT_NOTICE_DAYS = 90;

export const exitStatuses = ['requested', 'settled', 'approved', 'paid', 'cancelled', 'rejected'] as const;
export type ExitStatus = (typeof exitStatuses)[number];

/** How each state reads to members and admins. */
export const exitStatusLabels: Record<ExitStatus, string> = {
  requested: 'Notice period',
  settled: 'Settlement prepared',
  approved: 'Ready for Payout',
  paid: 'Completed',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

export const withdrawalStatuses = ['requested', 'approved', 'paid', 'cancelled', 'rejected'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

export const withdrawalStatusLabels: Record<WithdrawalStatus, string> = {
  requested: 'Waiting for approval',
  approved: 'Approved, to be paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

export const exitMessages = {
  pool: 'Please choose a pool',
  reason: 'Please tell us why you are leaving (at least 10 characters)',
  notMember: 'You have no approved membership in this pool.',
  alreadyAsked: 'You have asked to leave this pool already.',
  notFound: 'Exit request not found',
  notCancellable: 'This exit can no longer be cancelled.',
  decided: 'This exit request has moved on already.',
  earlyReason: 'The notice has not run yet: give the reason for paying out early (at least 10 characters)',
  notValued: 'Close a month end after the notice was given first: the settlement is valued at a closed month end.',
  changed: 'The member’s balance has changed since the settlement was prepared. Prepare it again.',
  proof: 'Please upload the proof of transfer',
  settlementFirst: 'Prepare the settlement first.',
  payByAnother: 'You approved this settlement, so another admin must pay it.',
  preparedByYou: 'You prepared this settlement, so another admin must decide it.',
  pendingFirst: (items: readonly string[]) =>
    `Approve or reject what the member still has pending in this pool first: ${items.join('; ')}. The settlement can be prepared once each is decided.`,
  pendingPayment: (amount: string, day: string) => `a payment of ${amount} sent on ${day}`,
  pendingRepayment: (amount: string, loanNumber: string, day: string) =>
    `a repayment of ${amount} on loan ${loanNumber} sent on ${day}`,
  pendingOnPay: (items: readonly string[]) =>
    `Sent since the settlement and still pending: ${items.join('; ')}. Paying this exit rejects them, and the member is told why.`,
  rejectedOnExit:
    'your exit from the pool has been paid, so nothing more can be added to your membership. If you sent this money, please contact the cooperative to have it returned.',
} as const;

export const withdrawalMessages = {
  closed: 'Withdrawals of returns are not offered at the moment.',
  amount: 'Enter an amount in rand, with at most two decimals',
  tooMuch: (available: string) =>
    `You can withdraw at most ${available}: your allocated returns not yet paid out or asked for.`,
  notFound: 'Withdrawal not found',
  notCancellable: 'This withdrawal can no longer be cancelled.',
  decided: 'This withdrawal has moved on already.',
  proof: 'Please upload the proof of transfer',
} as const;
