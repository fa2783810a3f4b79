import {
  EXIT_NOTICE_DAYS,
  addDays,
  exitMessages,
  PAYOUT_REAUTH_MINUTES,
  payoutAccountMessages,
  type RequestExitBody,
} from '@letsema/domain';
import { and, eq } from 'drizzle-orm';
import { exitRequests, memberships } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { conflict, invalidState } from '../../../lib/errors.js';
import { requireFreshProof } from '../../../lib/fresh-proof.js';
import { findPayoutAccount, notYouParagraph, tellMemberNow } from '../../payout-account/service.js';
import { today, type PayoutActor, type PayoutDeps } from '../deps.js';
import { exitForAudit, findExit } from '../exit-view.js';
import { announceWaiting } from '../../queues/announce.js';

/** A member gives notice to leave a pool: the 90-day notice starts today, paid into their payout account. */
export async function requestExit(deps: PayoutDeps, actor: PayoutActor, body: RequestExitBody) {
  const userId = actor.id;
  const id = await deps.db.transaction(async (tx) => {
    await requireFreshProof(tx, actor.sessionId, PAYOUT_REAUTH_MINUTES, payoutAccountMessages.reauthRequired);
    const account = await findPayoutAccount(tx, userId);
    if (!account) throw invalidState(payoutAccountMessages.missing);
    const [membership] = await tx
      .select()
      .from(memberships)
      .where(
        and(
          eq(memberships.userId, userId),
          eq(memberships.poolId, body.poolId),
          eq(memberships.contributionStatus, 'approved'),
        ),
      )
      .for('update');
    if (!membership) throw invalidState(exitMessages.notMember);
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
