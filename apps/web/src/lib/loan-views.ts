import type { InstalmentStatus, RepaymentStatus } from '@letsema/domain';

// A loan's parts as the API answers them to the member and to the back office alike (amounts in rand).

/** One instalment of a loan's schedule. */
export interface LoanInstalmentView {
  id: string;
  number: number;
  dueOn: string;
  principal: number;
  interest: number;
  penalty: number;
  amount: number;
  paid: number;
  interestNotCharged: number;
  penaltyWaived: number;
  unpaid: number;
  status: InstalmentStatus;
  statusLabel: string;
  paidOn: string | null;
  penaltyAppliedOn: string | null;
}

/** One repayment of a loan, with how it was split once approved. */
export interface LoanRepaymentView {
  id: string;
  loanId: string;
  loanNumber: string;
  amount: number;
  paymentMethod: string;
  proofUrl: string | null;
  paidOn: string;
  status: RepaymentStatus;
  statusLabel: string;
  split: { penalty: number; interest: number; principal: number; interestNotCharged: number } | null;
  isSettlement: boolean;
  isFromExit: boolean;
  rejectionReason: string | null;
  decidedAt: string | null;
  createdAt: string;
}
