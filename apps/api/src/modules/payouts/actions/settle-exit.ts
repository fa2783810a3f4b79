import {
  addDays,
  EXIT_NOTICE_DAYS,
  exitMessages,
  exitSettlement,
  formatRand,
  loanMessages,
  periodOfDay,
} from '@letsema/domain';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { accountingPeriods, exitRequests } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidField, invalidState } from '../../../lib/errors.js';
import { readCooperativeSettings } from '../../cooperative/settings.js';
import { loansToSettleOnExit } from '../../loans/exits.js';
import { announceWaiting } from '../../queues/announce.js';
import { today, type PayoutDeps } from '../deps.js';
import { exitForAudit, findExit, holding, lockExit, pendingOf } from '../exit-view.js';
import { lockMembership } from '../proof.js';

async function latestClosedPeriod(tx: Executor): Promise<string | null> {
  const [row] = await tx
    .select({ period: accountingPeriods.period })
    .from(accountingPeriods)
    .where(eq(accountingPeriods.status, 'closed'))
    .orderBy(desc(accountingPeriods.period))
    .limit(1);
  return row?.period ?? null;
}

/**
 * An exit admin prepares the settlement: what the member holds, valued at the last closed month,
 * less the fee and their own loans. Before the notice runs out it needs a reason and two approvals.
 */
export async function settleExit(deps: PayoutDeps, actorId: string, id: string, earlyReason: string | undefined) {
  await deps.db.transaction(async (tx) => {
    const before = await lockExit(tx, id);
    if (before.status !== 'requested') throw invalidState(exitMessages.decided);
    const isEarly = today(deps) < before.noticeEndsOn;
    if (isEarly && (!earlyReason || earlyReason.trim().length < 10)) {
      throw invalidField('earlyReason', exitMessages.earlyReason);
    }
    const valuedAt = await latestClosedPeriod(tx);
    // The notice was given on the day the request was made, 90 days before it runs out.
    const givenOn = addDays(before.noticeEndsOn, -EXIT_NOTICE_DAYS);
    if (!isEarly && (!valuedAt || valuedAt < periodOfDay(givenOn))) {
      throw invalidState(exitMessages.notValued);
    }
    const membership = await lockMembership(tx, before.membershipId);
    // Money still on its way in or undecided would change what the member holds: decided first.
    const pending = (await pendingOf(tx, [before])).get(before.membershipId)!;
    if (pending.length > 0) {
      throw invalidState(exitMessages.pendingFirst(pending.map((item) => item.description)));
    }
    const held = holding(membership);
    // The member's own loans in the pool are settled from the payout first; capital held for
    // loans they guarantee refuses the settlement until those loans are repaid.
    const loanCents = await loansToSettleOnExit(tx, before, today(deps));
    const { exitFeePercent } = await readCooperativeSettings(tx, deps.config.cooperativeDefaults);
    const settlement = exitSettlement(held, exitFeePercent, loanCents);
    if (settlement.payoutCents < 0) {
      throw invalidState(loanMessages.loanNotCovered(formatRand(loanCents)));
    }
    const [after] = await tx
      .update(exitRequests)
      .set({
        status: 'settled',
        earlyReason: isEarly ? earlyReason!.trim() : null,
        capitalCents: held.capitalCents,
        returnsCents: held.returnsCents,
        feeCents: settlement.feeCents,
        loanSettlementCents: loanCents,
        payoutCents: settlement.payoutCents,
        valuedAt,
        preparedBy: actorId,
        preparedAt: deps.clock.now(),
        approvalsNeeded: isEarly ? 2 : 1,
        approverIds: [],
        updatedAt: new Date(),
      })
      .where(eq(exitRequests.id, id))
      .returning();
    await writeAudit(tx, {
      actorId,
      action: 'exit.settle',
      targetType: 'exit',
      targetId: id,
      before: exitForAudit(before),
      after: exitForAudit(after),
    });
    // Prepared, it waits again: for another exit admin (two, paid out early) to approve it.
    await announceWaiting(tx, 'exits', {
      by: actorId,
      what: `An exit settlement of ${formatRand(settlement.payoutCents)} is prepared and waits for approval by ${isEarly ? 'two admins' : 'an admin'} who did not prepare it.`,
      publicUrl: deps.config.publicUrl,
    });
  });
  return findExit(deps, id);
}
