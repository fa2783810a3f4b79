import type { TransactionType } from './constants.js';

/** Which side of the member's books a ledger movement touches: what the cooperative holds for them, or a loan. */
export type LedgerSide = 'holding' | 'loan';

/** A member's share of one journal entry, summed over the lines of one side (debit positive). */
export interface LedgerMovement {
  side: LedgerSide;
  /** The entry's source (`payment`, `withdrawal`, `exit`, `loan_repayment`, ...). */
  sourceType: string;
  /** The entry's kind (`payment`, `allocation`, `payout`, `reversal`, ...). */
  kind: string;
  /** Sum of the member's lines on that side, debit positive, as the ledger keeps them. */
  cents: number;
}

/** How a movement reads in Transactions: its type (so its tab), its label and its amount. */
export interface MemberTransaction {
  type: TransactionType;
  label: string;
  /**
   * The amount shown: money moved is shown as a positive amount (the type says which way), a
   * profit share positive and a loss share negative, a correction as it changed the member's
   * holding or what they owe.
   */
  amountCents: number;
}

/**
 * Reads a ledger movement of a member as a transaction, with the statement's own labels, so that
 * Transactions lists under its tab every movement the statement shows.
 */
export function classifyLedgerMovement(movement: LedgerMovement): MemberTransaction {
  const { side, sourceType, kind, cents } = movement;
  if (side === 'holding') {
    // The statement shows a holding as credit positive.
    const held = -cents;
    if (kind === 'allocation')
      return { type: 'return_payment', label: held < 0 ? 'Loss allocation' : 'Profit allocation', amountCents: held };
    if (kind === 'payment' && sourceType === 'payment')
      return { type: 'contribution', label: 'Contribution', amountCents: Math.abs(held) };
    if (kind === 'payout' && sourceType === 'withdrawal')
      return { type: 'withdrawal', label: 'Withdrawal paid', amountCents: Math.abs(held) };
    if (kind === 'payout' && sourceType === 'exit')
      return { type: 'exit_payout', label: 'Exit payout', amountCents: Math.abs(held) };
    return { type: 'correction', label: 'Correction', amountCents: held };
  }
  // What is owed on a loan is debit positive, as the statement's loan section shows it.
  if (sourceType === 'loan_disbursement' && cents > 0)
    return { type: 'loan_disbursement', label: 'Loan paid out', amountCents: cents };
  if (sourceType === 'loan_repayment' && cents < 0)
    return { type: 'loan_repayment', label: 'Loan repayment', amountCents: -cents };
  if (sourceType === 'exit' && cents < 0)
    return { type: 'loan_repayment', label: 'Loan settled from exit payout', amountCents: -cents };
  if (sourceType === 'loan_penalty' && cents > 0)
    return { type: 'loan_penalty', label: 'Late penalty', amountCents: cents };
  if (sourceType === 'loan_penalty_waiver' && cents < 0)
    return { type: 'loan_penalty', label: 'Penalty waived', amountCents: cents };
  return { type: 'correction', label: 'Correction', amountCents: cents };
}
