import { recordMessages, singleChecker } from '@letsema/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { recordReversalRequests } from '../../../db/schema.js';
import { invalidState } from '../../../lib/errors.js';
import { assertCanDecide } from '../../../lib/maker-checker.js';
import type { RecordKind, RecordRow } from './kinds.js';

type ReversalRow = typeof recordReversalRequests.$inferSelect;

/** The request waiting to reverse a locked record, itself locked. */
export async function lockPendingReversal(tx: Executor, kind: RecordKind, id: string): Promise<ReversalRow> {
  const [request] = await tx
    .select()
    .from(recordReversalRequests)
    .where(and(eq(kind.reversalColumn, id), eq(recordReversalRequests.status, 'pending')))
    .for('update');
  if (!request) throw invalidState(recordMessages.noReversalPending);
  return request;
}

/**
 * Whether the actor may decide a reversal: never who asked for it, recorded the record or approved
 * it; two approvals when it was above the dual-approval amount as it was asked.
 */
export function assertMayDecideReversal(
  actorId: string,
  request: ReversalRow,
  record: RecordRow,
  forApproval: boolean,
) {
  return assertCanDecide(
    actorId,
    {
      makerId: request.requestedBy,
      otherMakerIds: [record.recordedBy, ...record.approverIds],
      amountCents: request.amountCents,
      approverIds: forApproval ? request.approverIds : [],
    },
    request.approvalsNeeded > 1 && forApproval
      ? { dualApprovalAboveCents: 0, makerMessage: recordMessages.reversalMaker }
      : singleChecker(recordMessages.reversalMaker),
  );
}
