import { canDecide, type MakerCheckerRecord, type MakerCheckerRule } from '@letsema/domain';
import { AppError } from './errors.js';

/**
 * The server's one maker-checker policy: refuses with 403 `MAKER_CHECKER` when the actor made the
 * record or already approved it; otherwise answers whether this approval is the last one needed.
 */
export function assertCanDecide(
  actorId: string,
  record: MakerCheckerRecord,
  rule: MakerCheckerRule,
): { isFinal: boolean; approvalsNeeded: number } {
  const verdict = canDecide(actorId, record, rule);
  if (!verdict.allowed) throw new AppError('MAKER_CHECKER', verdict.message);
  return { isFinal: verdict.isFinal, approvalsNeeded: verdict.approvalsNeeded };
}
