import { formatPeriod, monthEndMessages, type PeriodRequestKind, singleChecker } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { accountingPeriods, periodReopenRequests } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { AppError, invalidState, notFound } from '../../../lib/errors.js';
import { assertCanDecide } from '../../../lib/maker-checker.js';
import { isUuid } from '../../../lib/tokens.js';
import type { MonthEndDeps } from './deps.js';
import { describe } from './describe-period.js';
import { assertPeriod, loadPeriod } from './period.js';
import { announceWaiting } from '../../queues/announce.js';

/** What a request of each kind needs the month to be, and what its maker is told. */
export const statusChange = {
  reopen: {
    from: 'closed',
    notInState: monthEndMessages.notClosed,
    pending: monthEndMessages.reopenPending,
    sameRequester: monthEndMessages.sameRequester,
  },
  unlock: {
    from: 'locked',
    notInState: monthEndMessages.notLocked,
    pending: monthEndMessages.unlockPending,
    sameRequester: monthEndMessages.sameUnlockRequester,
  },
} as const;

/**
 * Asks for a closed month to be reopened, or a locked one unlocked, with the reason; another
 * month-end admin decides. One request waits per month at a time.
 */
export async function requestStatusChange(
  deps: MonthEndDeps,
  kind: PeriodRequestKind,
  actorId: string,
  rawPeriod: string,
  reason: string,
) {
  const period = assertPeriod(rawPeriod);
  const rule = statusChange[kind];
  await deps.db.transaction(async (tx) => {
    const row = await loadPeriod(tx, period, true);
    if (row.status !== rule.from) throw invalidState(rule.notInState);
    const [request] = await tx
      .insert(periodReopenRequests)
      .values({ period, kind, reason, requestedBy: actorId })
      .onConflictDoNothing()
      .returning();
    if (!request) throw new AppError('CONFLICT', rule.pending);
    const requestKind = kind;
    await writeAudit(tx, {
      actorId,
      action: `month_end.${requestKind}_request`,
      targetType: 'period',
      targetId: period,
      after: request,
    });
    await announceWaiting(tx, 'monthRequests', {
      by: actorId,
      what: `${formatPeriod(period)} is asked to be ${kind === 'reopen' ? 'reopened' : 'unlocked'}: ${reason}`,
      publicUrl: deps.config.publicUrl,
    });
  });
  return describe(deps, period);
}

/**
 * Decides a request to reopen or unlock a month, never by the admin who asked. Approved, the month
 * is open again and starts its close over; what it posted stays, and a new allocation adds only
 * the difference.
 */
export async function decideStatusChange(
  deps: MonthEndDeps,
  kind: PeriodRequestKind,
  actorId: string,
  rawId: string,
  isApproved: boolean,
) {
  if (!isUuid(rawId)) throw notFound('Request not found');
  const rule = statusChange[kind];
  const period = await deps.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(periodReopenRequests)
      .where(eq(periodReopenRequests.id, rawId))
      .for('update');
    if (!request || request.kind !== kind) throw notFound('Request not found');
    if (request.status !== 'pending') throw invalidState('This request has been decided already');
    assertCanDecide(
      actorId,
      { makerId: request.requestedBy, amountCents: 0, approverIds: [] },
      singleChecker(rule.sameRequester),
    );
    const row = await loadPeriod(tx, request.period, true);
    if (isApproved && row.status !== rule.from) throw invalidState(rule.notInState);
    const [after] = await tx
      .update(periodReopenRequests)
      .set({ status: isApproved ? 'approved' : 'rejected', decidedBy: actorId, decidedAt: deps.clock.now() })
      .where(eq(periodReopenRequests.id, request.id))
      .returning();
    if (isApproved) {
      await tx
        .update(accountingPeriods)
        .set({ status: 'open', steps: {}, calculation: null, reports: null, updatedAt: new Date() })
        .where(eq(accountingPeriods.period, request.period));
    }
    const requestOutcome = isApproved ? kind : (`${kind}_refused` as const);
    await writeAudit(tx, {
      actorId,
      action: `month_end.${requestOutcome}`,
      targetType: 'period',
      targetId: request.period,
      before: { request, status: row.status, steps: row.steps },
      after: { request: after, status: isApproved ? 'open' : row.status },
    });
    return request.period;
  });
  return describe(deps, period);
}
