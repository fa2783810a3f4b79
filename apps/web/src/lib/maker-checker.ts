import { canDecide, type MakerCheckerRecord, type MakerCheckerRule } from '@letsema/domain';

/**
 * The web app's one maker-checker helper: whether the signed-in admin may decide a record, and if
 * not, the server's own message for why, so pages hide (or explain) what the server would refuse.
 */
export type DecisionRight = { mayDecide: true; isFinal: boolean } | { mayDecide: false; reason: string };

export function getDecisionRight(
  user: { id: string },
  record: MakerCheckerRecord,
  rule: MakerCheckerRule,
): DecisionRight {
  const verdict = canDecide(user.id, record, rule);
  return verdict.allowed
    ? { mayDecide: true, isFinal: verdict.isFinal }
    : { mayDecide: false, reason: verdict.message };
}
