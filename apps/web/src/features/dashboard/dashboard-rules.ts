import type { MemberPosition, MembershipView } from '@letsema/domain';

export type BannerKey = 'complete-kyc' | 'ready' | 'pending' | 'rejected';

export interface DashboardBanner {
  key: BannerKey;
  severity: 'info' | 'warning' | 'success' | 'error';
  text: string;
}

/**
 * The dashboard's banners (spec section 2): KYC still to do, ready to start investing (verified or
 * active, without a live membership), a request waiting for approval, or a refused one.
 */
export function getDashboardBanners(
  registrationStatus: string,
  membership: Pick<MembershipView, 'contributionStatus' | 'rejectionReason'> | null,
): DashboardBanner[] {
  return [...getAccountBanners(registrationStatus), ...getMembershipBanners(registrationStatus, membership)];
}

/** The banner the account alone decides, shown at the top as soon as the page draws. */
export function getAccountBanners(registrationStatus: string): DashboardBanner[] {
  if (registrationStatus !== 'pending_kyc') return [];
  return [{ key: 'complete-kyc', severity: 'warning', text: 'Complete your KYC verification to start investing' }];
}

/**
 * The banners the membership decides. They are shown above the membership's card, in the place its
 * placeholder held while it loaded, so arriving later they push nothing already on screen.
 */
export function getMembershipBanners(
  registrationStatus: string,
  membership: Pick<MembershipView, 'contributionStatus' | 'rejectionReason'> | null,
): DashboardBanner[] {
  const canInvest = registrationStatus === 'verified' || registrationStatus === 'active';
  if (!canInvest) return [];
  if (!membership) return [{ key: 'ready', severity: 'info', text: 'Ready to start investing' }];
  if (membership.contributionStatus === 'pending') {
    return [{ key: 'pending', severity: 'info', text: 'Your pool membership request is pending admin approval' }];
  }
  if (membership.contributionStatus === 'rejected') {
    const reason = membership.rejectionReason ? ` Reason: ${membership.rejectionReason}` : '';
    return [
      {
        key: 'rejected',
        severity: 'error',
        text: `Your pool membership request was not approved.${reason}`,
      },
      { key: 'ready', severity: 'info', text: 'Ready to start investing' },
    ];
  }
  return [];
}

/** The name the welcome uses: the first name, else the whole name, else the e-mail address. */
export function getWelcomeName(user: { fullName: string | null; email: string }): string {
  const name = user.fullName?.trim();
  if (!name) return user.email;
  return name.split(/\s+/)[0] ?? name;
}

/** The instalment due soonest over the member's active loans, with its loan, or null when none is due. */
export function getNextLoanInstalment<
  T extends { number: string; status: string; nextInstalment: { dueOn: string; amount: number } | null },
>(loans: readonly T[]): { loanNumber: string; dueOn: string; amount: number } | null {
  let next: { loanNumber: string; dueOn: string; amount: number } | null = null;
  for (const loan of loans) {
    if (loan.status !== 'active' || !loan.nextInstalment) continue;
    if (!next || loan.nextInstalment.dueOn < next.dueOn) {
      next = { loanNumber: loan.number, dueOn: loan.nextInstalment.dueOn, amount: loan.nextInstalment.amount };
    }
  }
  return next;
}

/** Whether the member has nothing yet: no capital, no returns, no loan owed, no guarantee. */
export function isEmptyPosition(
  position: Pick<MemberPosition, 'capital' | 'returns' | 'loansOwed' | 'heldForGuarantees'>,
): boolean {
  return (
    position.capital === 0 && position.returns === 0 && position.loansOwed === 0 && position.heldForGuarantees === 0
  );
}

/** What the capital held for guarantees is held for, under its figure. */
export function describeGuaranteeHold(guaranteesHeld: number): string {
  if (guaranteesHeld === 0) return 'You guarantee no loan';
  const loans = guaranteesHeld === 1 ? 'the loan' : `the ${guaranteesHeld} loans`;
  return `Pledged for ${loans} you guarantee: it cannot be taken out until repaid`;
}
