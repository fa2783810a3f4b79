import { eq, inArray } from 'drizzle-orm';
import { fixedCondition } from '../../db/fixed-conditions.js';
import { loanRepayments, loans } from '../../db/schema.js';
import { bindActions } from '../../lib/bind-actions.js';
import { acceptGuarantee } from './actions/accept-guarantee.js';
import { applyForLoan } from './actions/apply-for-loan.js';
import { approveLoan } from './actions/approve-loan.js';
import { approveRepayment } from './actions/approve-repayment.js';
import { approveWaiver } from './actions/approve-waiver.js';
import { cancelLoan } from './actions/cancel-loan.js';
import { declineGuarantee } from './actions/decline-guarantee.js';
import { disburseLoan } from './actions/disburse-loan.js';
import { getOffer } from './actions/get-offer.js';
import { listLoans } from './actions/list-loans.js';
import { myGuarantees, myLoan, myLoans } from './actions/list-my-loans.js';
import { listRepayments } from './actions/list-repayments.js';
import { listWaivers } from './actions/list-waivers.js';
import { quoteLoan } from './actions/quote-loan.js';
import { rejectLoan } from './actions/reject-loan.js';
import { rejectRepayment } from './actions/reject-repayment.js';
import { rejectWaiver } from './actions/reject-waiver.js';
import { requestWaiver } from './actions/request-waiver.js';
import { submitRepayment } from './actions/submit-repayment.js';
import type { LoanDeps } from './deps.js';
import { adminLoan, repaymentById } from './loan-queries.js';

/** Loans waiting for the loan admins (approval, then payout), as the dashboard and My Tasks count them. */
export const loanAwaitingDecision = fixedCondition(inArray(loans.status, ['pending', 'approved']));
/** Repayments waiting for the payments desk. */
export const pendingLoanRepayment = fixedCondition(eq(loanRepayments.status, 'pending'));

/**
 * Loans to members: applications with an optional guarantor, the loan admins' decisions (approval,
 * then payout by a different admin), repayments with proof checked by the payments desk, and
 * penalty waivers decided by a second admin. Every decision locks the loan's row, writes an audit
 * row, and posts its money to the ledger in the same transaction. Each action lives in its own file
 * under `actions/`; this wires them.
 */
export function createLoanService(deps: LoanDeps) {
  return bindActions(deps, {
    // The member's calls
    offer: getOffer,
    quote: quoteLoan,
    apply: applyForLoan,
    myLoans,
    myLoan,
    myGuarantees,
    cancel: cancelLoan,
    acceptGuarantee,
    declineGuarantee,
    submitRepayment,
    // The loan admins' calls
    listLoans,
    adminLoan,
    approve: approveLoan,
    reject: rejectLoan,
    disburse: disburseLoan,
    // Repayments: the payments desk
    listRepayments,
    approveRepayment,
    rejectRepayment,
    repaymentById,
    // Penalty waivers: one loan admin asks, another decides
    requestWaiver,
    listWaivers,
    approveWaiver,
    rejectWaiver,
  });
}

export type LoanService = ReturnType<typeof createLoanService>;
