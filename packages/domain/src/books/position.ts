/** What a member holds and owes, in cents, as their statement's closing figures read them. */
export interface PositionFigures {
  /** Capital paid in, less capital paid out (the member_capital account). */
  capitalCents: number;
  /** Returns allocated (profits less losses), less returns paid out (the member_returns account). */
  returnsCents: number;
  /** What the member owes on loans paid out: principal not repaid and late penalties not paid or waived. */
  loansOwedCents: number;
}

/**
 * A member's net position: what the cooperative holds for them (capital plus returns not yet paid
 * out) less what they owe on loans. Negative when the loans come to more than the holding.
 */
export function netPositionCents(figures: PositionFigures): number {
  return figures.capitalCents + figures.returnsCents - figures.loansOwedCents;
}
