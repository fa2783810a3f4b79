import {
  amortisationSchedule,
  approvalsNeeded,
  formatRand,
  type LoanApplicationBody,
  loanMessages,
  type LoanType,
  loanTypeLabels,
  scheduleTotals,
} from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { loans, users } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import type { AuthUser } from '../../../lib/auth-guard.js';
import { type LoanDeps, tell, today } from '../deps.js';
import { assess, refusalError, resolveGuarantor } from '../eligibility.js';
import { contextOf, detail } from '../loan-queries.js';
import { announceWaiting } from '../../queues/announce.js';
import { invalidField } from '../../../lib/errors.js';

/** Applies for a loan; with a guarantor it waits for their answer, else for the loan admins. */
export async function applyForLoan(deps: LoanDeps, actor: AuthUser, body: LoanApplicationBody) {
  const id = await deps.db.transaction(async (tx) => {
    // One application of a member at a time, so two at once cannot both pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const day = today(deps);
    const assessed = await assess(tx, actor, body, day);
    if (assessed.refusal) throw refusalError(assessed.refusal);
    if (assessed.isGuarantorNeeded && !body.guarantor) {
      throw invalidField('guarantor', loanMessages.guarantorNeeded(formatRand(assessed.guaranteedCents)));
    }
    if (!assessed.isGuarantorNeeded && body.guarantor) throw invalidField('guarantor', loanMessages.guarantorNotNeeded);
    const guarantor = body.guarantor ? await resolveGuarantor(tx, actor, body.guarantor) : null;
    const { product } = assessed;
    const totals = scheduleTotals(
      amortisationSchedule({
        principalCents: body.amount,
        annualRateBps: product.annualRateBps,
        termMonths: body.termMonths,
        startDay: day,
      }),
    );
    const [loan] = await tx
      .insert(loans)
      .values({
        userId: actor.id,
        poolId: assessed.pool!.poolId,
        productId: product.id,
        type: product.type,
        principalCents: body.amount,
        annualRateBps: product.annualRateBps,
        termMonths: body.termMonths,
        instalmentCents: totals.instalmentCents,
        totalInterestCents: totals.interestCents,
        purpose: body.purpose,
        graceDays: product.graceDays,
        penaltyType: product.penaltyType,
        penaltyFixedCents: product.penaltyFixedCents,
        penaltyPercentBps: product.penaltyPercentBps,
        capitalCents: assessed.capitalCents,
        guarantorId: guarantor?.id ?? null,
        guaranteedCents: guarantor ? assessed.guaranteedCents : 0,
        guarantorStatus: guarantor ? 'requested' : null,
        status: guarantor ? 'awaiting_guarantor' : 'pending',
        approvalsNeeded: approvalsNeeded(
          { amountCents: body.amount },
          { dualApprovalAboveCents: assessed.settings.dualApprovalAboveCents },
        ),
      })
      .returning();
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'loan.apply',
      targetType: 'loan',
      targetId: loan!.id,
      after: loan,
    });
    const what = `${loanTypeLabels[product.type as LoanType].toLowerCase()} loan of ${formatRand(body.amount)} over ${body.termMonths} months`;
    await tell(
      deps,
      tx,
      actor.id,
      'Loan application received',
      guarantor
        ? `We have your application for a ${what}. We have asked ${guarantor.fullName ?? 'your guarantor'} to guarantee ${formatRand(assessed.guaranteedCents)} of it; the loan admins decide once they accept.`
        : `We have your application for a ${what}. The loan admins will decide it.`,
    );
    if (guarantor) {
      await tell(
        deps,
        tx,
        guarantor.id,
        'You are asked to guarantee a loan',
        `${actor.fullName ?? 'A member'} asks you to guarantee ${formatRand(assessed.guaranteedCents)} of a ${what}. If you accept, that much of your capital is held until the loan is repaid. Please accept or decline in the app.`,
        '/loans/guarantees',
      );
    }
    if (!guarantor)
      await announceWaiting(tx, 'loans', {
        by: actor.id,
        what: `${actor.fullName ?? 'A member'} applies for a ${what}.`,
        path: `/admin/loans/${loan!.id}`,
        publicUrl: deps.config.publicUrl,
      });
    return loan!.id;
  });
  return detail(deps, await contextOf(deps, id, eq(loans.userId, actor.id)), false);
}
