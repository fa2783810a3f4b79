/**
 * Maker-checker: whoever records or prepares a money decision never decides it, and above a set
 * amount two different checkers must approve. One rule, used by the server (which refuses with 403
 * `MAKER_CHECKER`) and by the web app (which hides what the server would refuse). No role bypasses it.
 */

export const makerCheckerMessages = {
  maker: 'You recorded this, so another admin must decide it.',
  alreadyApproved: 'You have approved this already; a second admin must approve it too.',
} as const;

export interface MakerCheckerRecord {
  /** Who recorded or prepared it. */
  makerId: string;
  /** Others who count as its makers too (who recorded and approved what a reversal undoes). */
  otherMakerIds?: readonly string[];
  amountCents: number;
  /** Who has approved it so far. */
  approverIds: readonly string[];
}

export interface MakerCheckerRule {
  /** Above this many cents, two different checkers must approve. */
  dualApprovalAboveCents: number;
  /** What the maker is told, where the general message would not say what they made. */
  makerMessage?: string;
}

/** A rule for decisions one checker makes whatever the amount (allocation, reopening). */
export const singleChecker = (makerMessage?: string): MakerCheckerRule => ({
  dualApprovalAboveCents: Number.MAX_SAFE_INTEGER,
  ...(makerMessage ? { makerMessage } : {}),
});

/**
 * The rule for a record whose number of approvals was fixed when it was made (a loan, an exit): two
 * checkers whatever the amount when it needs two, else one.
 */
export const ruleForApprovals = (approvalsNeeded: number, makerMessage?: string): MakerCheckerRule =>
  approvalsNeeded > 1
    ? { dualApprovalAboveCents: -1, ...(makerMessage ? { makerMessage } : {}) }
    : singleChecker(makerMessage);

export type MakerCheckerVerdict =
  | { allowed: true; approvalsNeeded: number; isFinal: boolean }
  | { allowed: false; reason: keyof typeof makerCheckerMessages; message: string };

/** How many approvals a record needs under the rule. */
export function approvalsNeeded(record: Pick<MakerCheckerRecord, 'amountCents'>, rule: MakerCheckerRule): number {
  return Math.abs(record.amountCents) > rule.dualApprovalAboveCents ? 2 : 1;
}

/**
 * Whether `actorId` may decide (approve or reject) the record now; for an approval, also whether it
 * is the last one needed.
 */
export function canDecide(actorId: string, record: MakerCheckerRecord, rule: MakerCheckerRule): MakerCheckerVerdict {
  if (actorId === record.makerId || record.otherMakerIds?.includes(actorId)) {
    return { allowed: false, reason: 'maker', message: rule.makerMessage ?? makerCheckerMessages.maker };
  }
  if (record.approverIds.includes(actorId)) {
    return { allowed: false, reason: 'alreadyApproved', message: makerCheckerMessages.alreadyApproved };
  }
  const needed = approvalsNeeded(record, rule);
  return { allowed: true, approvalsNeeded: needed, isFinal: record.approverIds.length + 1 >= needed };
}

/**
 * The record a payout is decided on, once approved: its approvers count as its makers, so none of
 * them also marks the money sent. With `singleChecker(message)`, an approver is told `message`.
 */
export function payoutRecord(actorId: string, approverIds: readonly string[], amountCents: number): MakerCheckerRecord {
  return { makerId: approverIds.includes(actorId) ? actorId : (approverIds[0] ?? ''), amountCents, approverIds: [] };
}
