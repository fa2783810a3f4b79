import {
  amortisationSchedule,
  formatLoanNumber,
  formatRand,
  loanMessages,
  scheduleTotals,
  singleChecker,
  loanDisbursedLines,
} from '@letsema/domain';
import { and, eq } from 'drizzle-orm';
import { files, loanInstalments, loans } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { conflict, invalidField, invalidState } from '../../../lib/errors.js';
import { assertCanDecide } from '../../../lib/maker-checker.js';
import { postEntry } from '../../ledger/posting.js';
import { usablePayoutAccount } from '../../payout-account/service.js';
import { type LoanDeps, tell, today } from '../deps.js';
import { adminLoan, assertNotParty, lockLoan, poolBankCents } from '../loan-queries.js';
import { readLoanSettings } from '../settings.js';

/**
 * Pays out an approved loan with the proof of transfer (a different admin from those who
 * approved it): the schedule is written from today and the ledger moves the principal from the
 * pool's bank to loans receivable.
 */
export async function disburseLoan(deps: LoanDeps, actorId: string, id: string, proofUrl: string) {
  await deps.db.transaction(async (tx) => {
    const before = await lockLoan(tx, id);
    if (before.status === 'pending' || before.status === 'awaiting_guarantor') {
      throw invalidState(loanMessages.notApproved);
    }
    if (before.status !== 'approved') throw invalidState(loanMessages.decided);
    assertNotParty(actorId, before);
    for (const approverId of before.approverIds) {
      assertCanDecide(
        actorId,
        { makerId: approverId, amountCents: before.principalCents, approverIds: [] },
        singleChecker(loanMessages.approverPays),
      );
    }
    if (!(await readLoanSettings(tx)).isEnabled) throw invalidState(loanMessages.lendingOff);
    const key = proofUrl.replace('/api/files/', '');
    const [file] = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.key, key), eq(files.kind, 'loan-disbursement-proof')));
    if (!file) throw invalidField('proofUrl', loanMessages.proofOfTransfer);
    const [used] = await tx
      .select({ id: loans.id })
      .from(loans)
      .where(eq(loans.disbursementProofUrl, proofUrl))
      .limit(1);
    if (used) throw conflict(loanMessages.transferProofUsed);
    const account = await usablePayoutAccount(tx, before.userId, deps.clock.now());
    const bank = await poolBankCents(tx, before.poolId);
    if (bank < before.principalCents) throw invalidState(loanMessages.bankShort(formatRand(Math.max(bank, 0))));
    const day = today(deps);
    const now = deps.clock.now();
    const schedule = amortisationSchedule({
      principalCents: before.principalCents,
      annualRateBps: before.annualRateBps,
      termMonths: before.termMonths,
      startDay: day,
    });
    await tx.insert(loanInstalments).values(
      schedule.map((row) => ({
        loanId: id,
        number: row.number,
        dueOn: row.dueOn,
        principalCents: row.principalCents,
        interestCents: row.interestCents,
      })),
    );
    const totals = scheduleTotals(schedule);
    await tx
      .update(loans)
      .set({
        status: 'active',
        disbursedBy: actorId,
        disbursedAt: now,
        disbursedOn: day,
        disbursementProofUrl: proofUrl,
        instalmentCents: totals.instalmentCents,
        totalInterestCents: totals.interestCents,
        updatedAt: now,
      })
      .where(eq(loans.id, id));
    await postEntry(tx, {
      effectiveDate: day,
      kind: 'loan',
      description: `Loan ${formatLoanNumber(before.number)} paid out`,
      source: { type: 'loan_disbursement', id },
      createdBy: before.userId,
      approvedBy: actorId,
      lines: loanDisbursedLines(before),
    });
    await writeAudit(tx, {
      actorId,
      action: 'loan.disburse',
      targetType: 'loan',
      targetId: id,
      before: { status: before.status },
      after: {
        status: 'active',
        disbursedOn: day,
        proofUrl,
        instalments: schedule.length,
        paidTo: account.accountNumber.slice(-4),
      },
    });
    await tell(
      deps,
      tx,
      before.userId,
      'Loan paid out',
      `Your loan ${formatLoanNumber(before.number)} of ${formatRand(before.principalCents)} has been paid into your account ending ${account.accountNumber.slice(-4)}. Your first instalment of ${formatRand(schedule[0]!.amountCents)} is due on ${schedule[0]!.dueOn}.`,
    );
  });
  return adminLoan(deps, id);
}
