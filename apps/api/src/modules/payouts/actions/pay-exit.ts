import {
  dayOf,
  exitMessages,
  exitPaidLines,
  formatLoanNumber,
  formatRand,
  payoutRecord,
  singleChecker,
} from '@letsema/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { exitRequests, loanRepayments, loans, memberships, payments, pools, users } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidState } from '../../../lib/errors.js';
import { assertCanDecide } from '../../../lib/maker-checker.js';
import { postEntry } from '../../ledger/posting.js';
import { settleLoansFromExit } from '../../loans/exits.js';
import { usablePayoutAccount } from '../../payout-account/service.js';
import { tell, today, type PayoutDeps } from '../deps.js';
import { exitForAudit, findExit, holding, lockExit, type ExitRow } from '../exit-view.js';
import { assertProof, lockMembership, withProofConflict } from '../proof.js';

/**
 * Paying an exit rejects what is still pending for the membership (sent after the settlement
 * was prepared), each with a notification telling the member why. Locked before the membership,
 * in the order approving them takes.
 */
async function rejectPendingOnExit(deps: PayoutDeps, tx: Executor, actorId: string, exit: ExitRow, poolName: string) {
  const now = deps.clock.now();
  const waitingPayments = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.membershipId, exit.membershipId), eq(payments.status, 'pending')))
    .for('update');
  for (const payment of waitingPayments) {
    await tx
      .update(payments)
      .set({
        status: 'rejected',
        failureReason: exitMessages.rejectedOnExit,
        decidedBy: actorId,
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    await writeAudit(tx, {
      actorId,
      action: 'payment.reject',
      targetType: 'payment',
      targetId: payment.id,
      before: { status: payment.status, amountCents: payment.amountCents },
      after: { status: 'rejected', reason: 'exit paid', exitId: exit.id },
    });
    await tell(
      deps,
      tx,
      exit.userId,
      'Payment rejected',
      `Your payment of ${formatRand(payment.amountCents)} to ${poolName} was rejected: ${exitMessages.rejectedOnExit}`,
      '/payments',
    );
  }
  const waitingRepayments = await tx
    .select({ repayment: loanRepayments, number: loans.number })
    .from(loanRepayments)
    .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
    .where(
      and(eq(loanRepayments.userId, exit.userId), eq(loans.poolId, exit.poolId), eq(loanRepayments.status, 'pending')),
    )
    .for('update', { of: loanRepayments });
  for (const { repayment, number } of waitingRepayments) {
    await tx
      .update(loanRepayments)
      .set({
        status: 'rejected',
        rejectionReason: exitMessages.rejectedOnExit,
        decidedBy: actorId,
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(loanRepayments.id, repayment.id));
    await writeAudit(tx, {
      actorId,
      action: 'loan_repayment.reject',
      targetType: 'loan_repayment',
      targetId: repayment.id,
      before: { status: repayment.status },
      after: { status: 'rejected', reason: 'exit paid', exitId: exit.id },
    });
    await tell(
      deps,
      tx,
      exit.userId,
      'Loan repayment rejected',
      `Your repayment of ${formatRand(repayment.amountCents)} on loan ${formatLoanNumber(number)} was rejected: ${exitMessages.rejectedOnExit}`,
      '/loans',
    );
  }
}

/**
 * An admin other than the approvers marks the approved settlement paid, with the proof of transfer:
 * one entry takes the member's capital and returns out against the bank, the fee and their loans;
 * the membership ends, and with no other pool the member's relationship with the cooperative.
 */
export async function payExit(deps: PayoutDeps, actorId: string, id: string, proofUrl: string) {
  await withProofConflict(() =>
    deps.db.transaction(async (tx) => {
      const before = await lockExit(tx, id);
      if (before.status !== 'approved')
        throw invalidState(before.status === 'paid' ? exitMessages.decided : exitMessages.settlementFirst);
      // Whoever approved the settlement does not also mark the money sent.
      assertCanDecide(
        actorId,
        payoutRecord(actorId, before.approverIds, before.payoutCents ?? 0),
        singleChecker(exitMessages.payByAnother),
      );
      await assertProof(tx, proofUrl, exitMessages.proof);
      const account = await usablePayoutAccount(tx, before.userId, deps.clock.now());
      const [pool] = await tx.select({ name: pools.name }).from(pools).where(eq(pools.id, before.poolId));
      await rejectPendingOnExit(deps, tx, actorId, before, pool!.name);
      const membership = await lockMembership(tx, before.membershipId);
      const held = holding(membership);
      if (held.capitalCents !== before.capitalCents || held.returnsCents !== before.returnsCents) {
        throw invalidState(exitMessages.changed);
      }
      // The member's loans, settled as of the day the settlement was prepared, inside this entry.
      const loanLines = await settleLoansFromExit(
        tx,
        { ...before, loanSettlementCents: before.loanSettlementCents ?? 0 },
        dayOf(before.preparedAt!),
        deps.clock.now(),
        exitMessages.changed,
      );
      const lines = exitPaidLines(
        {
          userId: before.userId,
          poolId: before.poolId,
          capitalCents: held.capitalCents,
          returnsCents: held.returnsCents,
          payoutCents: before.payoutCents!,
          feeCents: before.feeCents!,
        },
        loanLines,
      );
      if (lines.length >= 2) {
        await postEntry(tx, {
          effectiveDate: today(deps),
          kind: 'payout',
          description: 'Exit payout',
          source: { type: 'exit', id },
          createdBy: before.preparedBy,
          approvedBy: before.decidedBy,
          lines,
        });
      }
      await tx
        .update(memberships)
        .set({
          // What was paid in stays on record; the ledger shows it paid back.
          contributionStatus: 'exited',
          returnsPaidCents: membership.actualReturnCents,
          updatedAt: new Date(),
        })
        .where(eq(memberships.id, membership.id));
      await tx
        .update(pools)
        .set({
          currentAmountCents: sql`${pools.currentAmountCents} - ${held.capitalCents}`,
          availableShares: sql`${pools.availableShares} + ${membership.numberOfShares}`,
          totalMembers: sql`${pools.totalMembers} - 1`,
          updatedAt: new Date(),
        })
        .where(eq(pools.id, before.poolId));
      // With no other pool left, the member's relationship with the cooperative ends today: the
      // retention period of their identity documents starts (KYC_RETENTION_YEARS).
      const [other] = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(
          and(
            eq(memberships.userId, before.userId),
            inArray(memberships.contributionStatus, ['pending', 'approved']),
            ne(memberships.id, membership.id),
          ),
        )
        .limit(1);
      if (!other) {
        await tx
          .update(users)
          .set({ relationshipEndedAt: new Date(), updatedAt: new Date() })
          .where(eq(users.id, before.userId));
      }
      const [after] = await tx
        .update(exitRequests)
        .set({ status: 'paid', paidBy: actorId, paidAt: deps.clock.now(), proofUrl, updatedAt: new Date() })
        .where(eq(exitRequests.id, id))
        .returning();
      await writeAudit(tx, {
        actorId,
        action: 'exit.pay',
        targetType: 'exit',
        targetId: id,
        before: { ...exitForAudit(before), membership: holding(membership) },
        after: { ...exitForAudit(after), paidTo: account.accountNumber.slice(-4) },
      });
      await tell(
        deps,
        tx,
        before.userId,
        'Exit paid',
        `Your exit payout of ${formatRand(before.payoutCents!)} has been paid into your account ending ${account.accountNumber.slice(-4)}. Thank you for being part of the cooperative.`,
        '/statements',
      );
    }),
  );
  return findExit(deps, id);
}
