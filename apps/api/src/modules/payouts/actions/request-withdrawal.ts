import { formatRand, withdrawalMessages, type RequestWithdrawalBody } from '@letsema/domain';
import { withdrawals } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidField, invalidState } from '../../../lib/errors.js';
import { notYouParagraph, tellMemberNow } from '../../payout-account/service.js';
import { readCooperativeSettings } from '../../cooperative/settings.js';
import type { PayoutActor, PayoutDeps } from '../deps.js';
import { availableReturns, findWithdrawal } from '../withdrawal-view.js';
import { announceWaiting } from '../../queues/announce.js';
import { startPayoutRequest } from '../payout-start.js';

/** A member asks to withdraw allocated returns into their payout account (where the cooperative allows it). */
export async function requestWithdrawal(deps: PayoutDeps, actor: PayoutActor, body: RequestWithdrawalBody) {
  const userId = actor.id;
  const id = await deps.db.transaction(async (tx) => {
    const { allowReturnWithdrawals } = await readCooperativeSettings(tx, deps.config.cooperativeDefaults);
    if (!allowReturnWithdrawals) throw invalidState(withdrawalMessages.closed);
    const { account, membership } = await startPayoutRequest(tx, actor, body.poolId);
    const available = await availableReturns(tx, membership);
    if (body.amount > available) {
      throw invalidField('amount', withdrawalMessages.tooMuch(formatRand(Math.max(available, 0))));
    }
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId,
        membershipId: membership.id,
        poolId: body.poolId,
        amountCents: body.amount,
        // A snapshot of the payout account with the last four digits only: the admin pays into
        // the payout account itself.
        accountHolder: account.accountHolder,
        bankName: account.bankName,
        accountNumber: account.accountNumber.slice(-4),
        branchCode: account.branchCode,
      })
      .returning();
    await writeAudit(tx, {
      actorId: userId,
      action: 'withdrawal.request',
      targetType: 'withdrawal',
      targetId: row!.id,
      // Ids, the amount and the last four digits: never a holder's name or an account number.
      after: { ...row, accountHolder: undefined },
    });
    await tellMemberNow(tx, deps.config.publicUrl, {
      userId,
      title: 'Withdrawal requested',
      paragraphs: [
        `We have your request to withdraw ${formatRand(body.amount)} into your ${account.bankName} account ending ${row!.accountNumber}. It is paid once an admin approves it and another pays it.`,
        notYouParagraph,
      ],
      path: '/investments',
    });
    await announceWaiting(tx, 'withdrawals', {
      by: userId,
      what: `${account.accountHolder} asks to withdraw ${formatRand(body.amount)} of their returns.`,
      publicUrl: deps.config.publicUrl,
    });
    return row!.id;
  });
  return findWithdrawal(deps, id, userId);
}
