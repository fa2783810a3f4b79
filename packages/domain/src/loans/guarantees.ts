import { openLoanStatuses } from './constants.js';

/** A loan a member was asked to guarantee, as far as the hold on their capital reads it. */
export interface GuaranteePledge {
  loanStatus: string;
  guarantorStatus: string | null;
  guaranteedCents: number;
}

/**
 * Whether a pledge holds the guarantor's capital: from the moment they accept until the loan is
 * repaid or stopped (refused, cancelled); a request they have not answered, or declined, holds nothing.
 */
export function isHoldingGuarantee(pledge: GuaranteePledge): boolean {
  return pledge.guarantorStatus === 'accepted' && (openLoanStatuses as readonly string[]).includes(pledge.loanStatus);
}

/**
 * The capital a member has pledged as a guarantor for other members' loans: it may not be pledged
 * again, and an exit is refused until it is released.
 */
export function capitalHeldForGuaranteesCents(pledges: readonly GuaranteePledge[]): number {
  return pledges.filter(isHoldingGuarantee).reduce((sum, pledge) => sum + pledge.guaranteedCents, 0);
}
