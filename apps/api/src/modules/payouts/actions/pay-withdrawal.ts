import { formatRand, singleChecker, withdrawalMessages, withdrawalPaidLines } from '@letsema/domain';
import { eq, sql } from 'drizzle-orm';
import { memberships, withdrawals } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidState } from '../../../lib/errors.js';
import { assertCanDecide } from '../../../lib/maker-checker.js';
import { postEntry } from '../../ledger/posting.js';
import { usablePayoutAccount } from '../../payout-account/service.js';
import { tell, today, type PayoutDeps } from '../deps.js';
import { holding } from '../exit-view.js';
import { assertProof, lockMembership, withProofConflict } from '../proof.js';
import { findWithdrawal, lockWithdrawal } from '../withdrawal-view.js';

/** An admin other than the approver marks an approved withdrawal paid, with the proof of transfer, and posts it. */
export async function payWithdrawal(deps: PayoutDeps, actorId: string, id: string, proofUrl: string) {
  await withProofConflict(() =>
    deps.db.transaction(async (tx) => {
      const before = await lockWithdrawal(tx, id, ['approved']);
      // Whoever approved it does not also mark the money sent.
      assertCanDecide(
        actorId,
        { makerId: before.approvedBy!, amountCents: before.amountCents, approverIds: [] },
        singleChecker('You approved this withdrawal, so another admin must pay it.'),
      );
      await assertProof(tx, proofUrl, withdrawalMessages.proof);
      const account = await usablePayoutAccount(tx, before.userId, deps.clock.now());
      const membership = await lockMembership(tx, before.membershipId);
      if (before.amountCents > holding(membership).returnsCents) {
        throw invalidState(withdrawalMessages.tooMuch(formatRand(Math.max(holding(membership).returnsCents, 0))));
      }
      await postEntry(tx, {
        effectiveDate: today(deps),
        kind: 'payout',
        description: 'Withdrawal of returns',
        source: { type: 'withdrawal', id },
        createdBy: before.approvedBy,
        approvedBy: actorId,
        lines: withdrawalPaidLines(before),
      });
      await tx
        .update(memberships)
        .set({
          returnsPaidCents: sql`${memberships.returnsPaidCents} + ${before.amountCents}`,
          updatedAt: new Date(),
        })
        .where(eq(memberships.id, membership.id));
      await tx
        .update(withdrawals)
        .set({ status: 'paid', paidBy: actorId, paidAt: deps.clock.now(), proofUrl, updatedAt: new Date() })
        .where(eq(withdrawals.id, id));
      await writeAudit(tx, {
        actorId,
        action: 'withdrawal.pay',
        targetType: 'withdrawal',
        targetId: id,
        before: { status: before.status },
        after: { status: 'paid', proofUrl, paidTo: account.accountNumber.slice(-4) },
      });
      await tell(
        deps,
        tx,
        before.userId,
        'Withdrawal paid',
        `Your withdrawal of ${formatRand(before.amountCents)} has been paid into your account ending ${account.accountNumber.slice(-4)}.`,
        '/statements',
      );
    }),
  );
  return findWithdrawal(deps, id);
}
