import { formatLoanNumber, formatRand, loanMessages, type LoanRepaymentBody } from '@letsema/domain';
import { and, eq, sql } from 'drizzle-orm';
import { files, loanRepayments, loans, payments, pools } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import type { AuthUser } from '../../../lib/auth-guard.js';
import { conflict, invalidField, invalidState } from '../../../lib/errors.js';
import { type LoanDeps, tell, today } from '../deps.js';
import { lockLoan } from '../loan-queries.js';
import { loadInstalments, settlementOf } from '../money.js';
import { repaymentView } from '../views.js';
import { announceWaiting } from '../../queues/announce.js';

/** Submits a repayment with its proof; at most what settles the loan today, counting repayments not yet checked. */
export async function submitRepayment(deps: LoanDeps, actor: AuthUser, id: string, body: LoanRepaymentBody) {
  const repaymentId = await deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, id, eq(loans.userId, actor.id));
    if (loan.status !== 'active') throw invalidState(loanMessages.notRepaying);
    const [pool] = await tx.select().from(pools).where(eq(pools.id, loan.poolId));
    if (!pool!.paymentMethods.includes(body.paymentMethod)) throw invalidField('paymentMethod', loanMessages.method);
    const key = body.proofUrl.replace('/api/files/', '');
    const [proof] = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.key, key), eq(files.ownerId, actor.id), eq(files.kind, 'proof-of-payment')));
    if (!proof) throw invalidField('proofUrl', loanMessages.proof);
    const [usedForPayment] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.proofOfPaymentUrl, body.proofUrl))
      .limit(1);
    if (usedForPayment) throw conflict(loanMessages.proofUsed);
    const day = today(deps);
    const quote = settlementOf(loan, await loadInstalments(tx, loan.id), day);
    const [waiting] = await tx
      .select({ cents: sql<string>`coalesce(sum(${loanRepayments.amountCents}), 0)` })
      .from(loanRepayments)
      .where(and(eq(loanRepayments.loanId, loan.id), eq(loanRepayments.status, 'pending')));
    const owed = quote.totalCents - Number(waiting?.cents ?? 0);
    if (body.amount > owed) throw invalidField('amount', loanMessages.tooMuch(formatRand(Math.max(owed, 0))));
    const [row] = await tx
      .insert(loanRepayments)
      .values({
        loanId: loan.id,
        userId: actor.id,
        amountCents: body.amount,
        paymentMethod: body.paymentMethod,
        proofUrl: body.proofUrl,
        paidOn: day,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(loanMessages.proofUsed);
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'loan_repayment.submit',
      targetType: 'loan_repayment',
      targetId: row.id,
      after: row,
    });
    await tell(
      deps,
      tx,
      actor.id,
      'Loan repayment received',
      `We received your repayment of ${formatRand(body.amount)} on loan ${formatLoanNumber(loan.number)}. An admin will check your proof of payment.`,
    );
    await announceWaiting(tx, 'loanRepayments', {
      by: actor.id,
      what: `Loan repayment of ${formatRand(body.amount)} on ${formatLoanNumber(loan.number)} from ${actor.fullName ?? actor.email}: proof of payment to check.`,
      publicUrl: deps.config.publicUrl,
    });
    return row.id;
  });
  const [row] = await deps.db.select().from(loanRepayments).where(eq(loanRepayments.id, repaymentId));
  const [loan] = await deps.db.select({ number: loans.number }).from(loans).where(eq(loans.id, id));
  return repaymentView(row!, { loanNumber: loan!.number });
}
