import { monthEndMessages, type ReconcileBody } from '@letsema/domain';
import { and, eq } from 'drizzle-orm';
import { accountingPeriods, files } from '../../../../db/schema.js';
import { writeAudit } from '../../../../lib/audit.js';
import { invalidField } from '../../../../lib/errors.js';
import { bankBalanceAt } from '../../ledger-queries.js';
import { stamp } from '../deps.js';
import { pendingFor, type PeriodRow } from '../period.js';
import type { StepContext, StepOutcome } from './step.js';

/** Reconcile: the bank statement's closing balance against the ledger's; the figures are kept either way, the step is done only when they agree and no adjustment waits. */
export async function reconcileStep({
  deps,
  tx,
  period,
  actorId,
  body,
  before,
  row,
}: StepContext): Promise<StepOutcome> {
  const input = body as ReconcileBody;
  const key = input.bankStatementUrl.replace('/api/files/', '');
  const [file] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.key, key), eq(files.kind, 'bank-statement')));
  if (!file) {
    throw invalidField('bankStatementUrl', monthEndMessages.statement);
  }
  const pending = await pendingFor(tx, period);
  const ledgerBank = await bankBalanceAt(tx, period);
  const difference = input.bankClosingBalance - ledgerBank;
  const update: Partial<PeriodRow> = {
    bankClosingBalanceCents: input.bankClosingBalance,
    ledgerBankBalanceCents: ledgerBank,
    bankStatementUrl: input.bankStatementUrl,
  };
  // The figures are kept either way, so the page can show the difference to explain.
  if (difference === 0 && !pending.expenses.length && !pending.income.length) {
    update.steps = { ...row.steps, reconcile: stamp(deps, actorId) };
  }
  await tx
    .update(accountingPeriods)
    .set({ ...update, updatedAt: new Date() })
    .where(eq(accountingPeriods.period, period));
  await writeAudit(tx, {
    actorId,
    action: 'month_end.reconcile',
    targetType: 'period',
    targetId: period,
    before,
    after: update,
  });
  return { isWritten: true };
}
