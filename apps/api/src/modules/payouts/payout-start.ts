import { exitMessages, PAYOUT_REAUTH_MINUTES, payoutAccountMessages } from '@letsema/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { memberships } from '../../db/schema.js';
import { invalidState } from '../../lib/errors.js';
import { requireFreshProof } from '../../lib/fresh-proof.js';
import { findPayoutAccount } from '../payout-account/service.js';
import type { PayoutActor } from './deps.js';

/**
 * What every payout request starts with: identity proven again within minutes, a payout account to
 * pay into, and the member's approved membership of the pool, locked for the rest of the request.
 */
export async function startPayoutRequest(tx: Executor, actor: PayoutActor, poolId: string) {
  await requireFreshProof(tx, actor.sessionId, PAYOUT_REAUTH_MINUTES, payoutAccountMessages.reauthRequired);
  const account = await findPayoutAccount(tx, actor.id);
  if (!account) throw invalidState(payoutAccountMessages.missing);
  const [membership] = await tx
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, actor.id),
        eq(memberships.poolId, poolId),
        eq(memberships.contributionStatus, 'approved'),
      ),
    )
    .for('update');
  if (!membership) throw invalidState(exitMessages.notMember);
  return { account, membership };
}
