/**
 * Every action the API writes to the audit log, as the admin screens name it. The log keeps the code
 * (it is what the filter and the CSV use); people read the phrase.
 */
export const auditActionLabels: Readonly<Record<string, string>> = {
  'auth.sign_in': 'Sign-in',
  'auth.first_factor': 'Password or Google accepted, code asked',
  'auth.second_factor': 'Two-factor code entered',
  'auth.lock_out': 'Locked out after too many tries',
  'auth.sign_out': 'Signed out',
  'auth.sign_out_all': 'Signed out everywhere',
  'auth.admin_refused': 'Admin page refused',

  'account.verify_email': 'E-mail address confirmed',
  'account.change_password': 'Password changed',
  'account.password_reset_request': 'Password-reset link e-mailed',
  'account.password_reset': 'Password reset with an e-mailed link',
  'account.sign_in_link_request': 'Sign-in link e-mailed',
  'account.assisted_reset_start': 'Assisted password reset started, waiting for a second admin',
  'account.assisted_reset_approve': 'Assisted password reset approved, one-time code made',
  'account.assisted_reset_reject': 'Assisted password reset refused',
  'account.assisted_reset': 'Password reset with a one-time code from the cooperative',
  'account.link_identity': 'Google sign-in linked',
  'account.link_identity_unproven': 'Google sign-in linked, other sign-ins ended',
  'account.mfa_enable': 'Two-factor sign-in turned on',
  'account.mfa_disable': 'Two-factor sign-in turned off',
  'account.mfa_recovery_codes': 'New recovery codes made',

  'kyc.approve': 'Registration approved',
  'kyc.reject': 'Registration rejected',
  'kin.approve': 'Next of kin approved',
  'kin.reject': 'Next of kin rejected',

  'member.suspend': 'Member suspended',
  'member.reactivate': 'Member reactivated',

  'privacy.export': 'Personal data downloaded',
  'privacy.erase': 'Personal data erased',
  'privacy.correction_request': 'Correction of personal details asked',
  'privacy.correction_decide': 'Correction of personal details decided',

  'staff.create': 'Staff admin added',
  'staff.invite': 'Staff admin invited',
  'staff.reinvite': 'Staff invitation sent again',
  'staff.activate': 'Staff invitation accepted',
  'staff.grant_request': 'Staff roles asked, waiting for a second admin',
  'staff.grant_approve': 'Staff roles approved',
  'staff.grant_reject': 'Staff roles refused',
  'staff.grant_bootstrap': 'Staff roles given at once (no second staff manager yet)',
  'staff.update': 'Staff admin changed',
  'staff.update_with_password': 'Staff admin changed, with a new password',
  'staff.send_password_reset': 'Password-reset link e-mailed to a staff admin',
  'staff.suspend': 'Staff admin suspended',
  'staff.reactivate': 'Staff admin reactivated',

  'pool.create': 'Pool created',
  'pool.update': 'Pool changed',
  'pool.status': 'Pool status changed',
  'payment_details.update': 'Payment details changed',
  'cooperative.update': "Cooperative's details changed",
  'cooperative.start': 'Cooperative started by its founder',
  'cooperative.join': 'Joined the cooperative by its invitation link',
  'cooperative_settings.update': "Cooperative's settings changed",

  'membership.approve': 'Pool membership approved',
  'membership.reject': 'Pool membership rejected',
  'payment.approve': 'Payment approved',
  'payment.reject': 'Payment rejected',

  'exit.request': 'Exit asked',
  'exit.cancel': 'Exit cancelled',
  'exit.settle': 'Exit settlement prepared',
  'exit.first_approval': 'Exit settlement approved, second approval needed',
  'exit.approve': 'Exit settlement approved',
  'exit.reject': 'Exit rejected',
  'exit.pay': 'Exit paid',
  'withdrawal.request': 'Withdrawal asked',
  'withdrawal.cancel': 'Withdrawal cancelled',
  'withdrawal.approve': 'Withdrawal approved',
  'withdrawal.reject': 'Withdrawal rejected',
  'withdrawal.pay': 'Withdrawal paid',
  'payout_account.add': 'Payout account added',
  'payout_account.change': 'Payout account changed',

  'loan_settings.update': 'Lending rules changed',
  'loan_product.create': 'Loan product added',
  'loan_product.update': 'Loan product changed',
  'loan.apply': 'Loan applied for',
  'loan.cancel': 'Loan application cancelled',
  'loan.guarantee_accept': 'Guarantee accepted',
  'loan.guarantee_decline': 'Guarantee declined',
  'loan.approve': 'Loan approved',
  'loan.reject': 'Loan rejected',
  'loan.disburse': 'Loan paid out',
  'loan_repayment.submit': 'Loan repayment sent',
  'loan_repayment.approve': 'Loan repayment approved',
  'loan_repayment.reject': 'Loan repayment rejected',
  'loan_waiver.request': 'Penalty waiver asked',
  'loan_waiver.approve': 'Penalty waiver approved',
  'loan_waiver.reject': 'Penalty waiver rejected',

  'expense.record': 'Expense recorded',
  'expense.first_approval': 'Expense approved, second approval needed',
  'expense.approve': 'Expense approved',
  'expense.reject': 'Expense rejected',
  'expense.reversal_request': 'Reversal of an expense asked',
  'expense.reversal_first_approval': 'Reversal of an expense approved, second approval needed',
  'expense.reversal_reject': 'Reversal of an expense refused',
  'expense.reverse': 'Expense reversed',
  'income.record': 'Income recorded',
  'income.approve': 'Income approved',
  'income.first_approval': 'Income approved, second approval needed',
  'income.reject': 'Income rejected',
  'income.reversal_request': 'Reversal of income asked',
  'income.reversal_first_approval': 'Reversal of income approved, second approval needed',
  'income.reversal_reject': 'Reversal of income refused',
  'income.reverse': 'Income reversed',
  'books.start_set': 'Month the books start in set',

  'month_end.lock': 'Month locked for month end',
  'month_end.reconcile': 'Month reconciled with the bank',
  'month_end.calculate': 'Month’s profit calculated',
  'month_end.allocate': 'Month’s profit allocated to members',
  'month_end.recalculate': 'Month’s split cleared: a member was paid out since it was calculated',
  'month_end.reports': 'Month-end reports generated',
  'month_end.close': 'Month closed',
  'month_end.reopen_request': 'Reopening of a month asked',
  'month_end.reopen': 'Month reopened',
  'month_end.reopen_refused': 'Reopening of a month refused',
  'month_end.unlock_request': 'Unlocking of a month asked',
  'month_end.unlock': 'Month unlocked',
  'month_end.unlock_refused': 'Unlocking of a month refused',
  'month_end.reconcile_again': 'Month sent back to reconciliation: an adjustment was recorded',
};

/** The phrase for an audit action code; a code without one is shown as it is. */
export function describeAuditAction(action: string): string {
  return Object.hasOwn(auditActionLabels, action) ? auditActionLabels[action]! : action;
}

/** How an audit row's outcome reads after its action: nothing for a success. */
export function describeAuditOutcome(outcome: string | null | undefined): string {
  if (!outcome || outcome === 'success') return '';
  if (outcome === 'failure') return ' (failed)';
  return ` (${outcome})`;
}
