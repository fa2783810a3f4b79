import { EXIT_NOTICE_DAYS, addDays, exitMessages, type RequestExitBody } from '@letsema/domain';
import { exitRequests } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { conflict } from '../../../lib/errors.js';
import { notYouParagraph, tellMemberNow } from '../../payout-account/service.js';
import { today, type PayoutActor, type PayoutDeps } from '../deps.js';
import { exitForAudit, findExit } from '../exit-view.js';
import { announceWaiting } from '../../queues/announce.js';
import { startPayoutRequest } from '../payout-start.js';

/** A member gives notice to leave a pool: the 90-day notice starts today, paid into their payout account. */
export async function requestExit(deps: PayoutDeps, actor: PayoutActor, body: RequestExitBody) {
  const userId = actor.id;
  const id = await deps.db.transaction(async (tx) => {
    const { account, membership } = await startPayoutRequest(tx, actor, body.poolId);
    const [row] = await tx
      .insert(exitRequests)
      .values({
        userId,
        membershipId: membership.id,
        poolId: body.poolId,
        reason: body.reason,
        noticeEndsOn: addDays(today(deps), EXIT_NOTICE_DAYS),
        bankName: account.bankName,
        accountHolder: account.accountHolder,
        accountLast4: account.accountNumber.slice(-4),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(exitMessages.alreadyAsked);
    await writeAudit(tx, {
      actorId: userId,
      action: 'exit.request',
      targetType: 'exit',
      targetId: row.id,
      after: exitForAudit(row),
    });
    await tellMemberNow(tx, deps.config.publicUrl, {
      userId,
      title: 'Exit requested',
      paragraphs: [
        `We have your request to leave. The notice runs until ${row.noticeEndsOn}; the payout follows once it is settled and approved, into your ${account.bankName} account ending ${row.accountLast4}. You can cancel it until then.`,
        notYouParagraph,
      ],
      path: '/investments',
    });
    await announceWaiting(tx, 'exits', {
      by: userId,
      what: `${account.accountHolder} asks to leave the pool; the notice runs until ${row.noticeEndsOn}.`,
      publicUrl: deps.config.publicUrl,
    });
    return row.id;
  });
  return findExit(deps, id, userId);
}
