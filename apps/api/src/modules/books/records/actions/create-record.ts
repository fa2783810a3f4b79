import {
  dayOf,
  formatRand,
  periodOfDay,
  recordDateRefusal,
  recordMessages,
  type CreateExpenseBody,
  type CreateIncomeBody,
} from '@letsema/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { accountingPeriods, files, pools } from '../../../../db/schema.js';
import { writeAudit } from '../../../../lib/audit.js';
import { AppError, invalidField } from '../../../../lib/errors.js';
import { readBooksCalendar } from '../../../ledger/posting.js';
import { announceWaiting } from '../../../queues/announce.js';
import { approvalsFor, type RecordDeps } from '../deps.js';
import { recordKinds, type RecordKind, type RecordType } from '../kinds.js';
import { findRecord } from '../view.js';

/**
 * One admin records an expense or an income with its document, for another to decide. An expense
 * above the dual-approval amount will need two approvers.
 */
export async function createRecord(
  deps: RecordDeps,
  type: RecordType,
  actorId: string,
  body: CreateExpenseBody | CreateIncomeBody,
) {
  const kind = recordKinds[type];
  const documentUrl = 'receiptUrl' in body ? body.receiptUrl : body.proofUrl;
  const id = await deps.db.transaction(async (tx) => {
    const locked = await assertRecordDate(tx, body.date, dayOf(deps.clock.now()), body.isAdjustment);
    await assertPool(tx, body.poolId);
    await assertDocument(tx, kind, documentUrl, actorId);
    const approvalsNeeded = await approvalsFor(deps, tx, body.amount);
    const [row] = await tx
      .insert(kind.table)
      .values({
        poolId: body.poolId,
        category: body.category,
        amountCents: body.amount,
        period: periodOfDay(body.date),
        description: body.description,
        isAdjustment: body.isAdjustment,
        recordedBy: actorId,
        ...kind.ownColumns({ date: body.date, documentUrl, approvalsNeeded }),
      } as typeof kind.table.$inferInsert)
      .onConflictDoNothing({ target: kind.documentColumn })
      .returning();
    if (!row) throw new AppError('CONFLICT', kind.document.taken);
    await writeAudit(tx, { actorId, action: `${type}.record`, targetType: type, targetId: row.id, after: row });
    if (locked) await reconcileAgain(tx, locked, actorId, { type, id: row.id });
    await announceWaiting(tx, kind.queue, {
      by: actorId,
      what: `${kind.named} of ${formatRand(body.amount)} waits for approval: ${body.description}`,
      publicUrl: deps.config.publicUrl,
    });
    return row.id;
  });
  return findRecord(deps, kind, id);
}

/** The document is an upload of the recording admin, of the kind's own sort. */
async function assertDocument(tx: Executor, kind: RecordKind, url: string, ownerId: string) {
  const key = url.replace('/api/files/', '');
  const [file] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.key, key), eq(files.ownerId, ownerId), eq(files.kind, kind.document.fileKind)));
  const { message, field } = kind.document;
  if (!file) throw invalidField(field, message);
}

async function assertPool(tx: Executor, poolId: string) {
  const [pool] = await tx.select({ name: pools.name }).from(pools).where(eq(pools.id, poolId));
  if (!pool) throw invalidField('poolId', recordMessages.pool);
}

/**
 * A record's date: not in the future, at most twelve months back, and in a month that may take a
 * posting (the books' own rule; an adjustment may go into a locked month), with the message the
 * form shows under the date. An adjustment locks its month's row first, so the month cannot close
 * under it; once recorded in a locked month, the close goes back to its reconciliation (the bank
 * figures and the split change when it is approved), with what it posted so far kept.
 */
async function assertRecordDate(tx: Executor, day: string, today: string, isAdjustment: boolean) {
  const period = periodOfDay(day);
  const [row] = isAdjustment
    ? await tx.select().from(accountingPeriods).where(eq(accountingPeriods.period, period)).for('update')
    : [];
  const refusal = recordDateRefusal(day, today, await readBooksCalendar(tx), { isAdjustment });
  if (refusal) throw new AppError('VALIDATION', refusal, { details: { date: refusal } });
  return row?.status === 'locked' ? row : null;
}

/** Sends a locked month's close back to its reconciliation once an adjustment is recorded in it. */
async function reconcileAgain(
  tx: Executor,
  row: typeof accountingPeriods.$inferSelect,
  actorId: string,
  adjustment: { type: RecordType; id: string },
) {
  const steps: Record<string, { by: string; at: string }> = row.steps.lock ? { lock: row.steps.lock } : {};
  if (Object.keys(row.steps).length === Object.keys(steps).length && !row.calculation && !row.reports) return;
  await tx
    .update(accountingPeriods)
    .set({ steps, calculation: null, reports: null, updatedAt: new Date() })
    .where(eq(accountingPeriods.period, row.period));
  await writeAudit(tx, {
    actorId,
    action: 'month_end.reconcile_again',
    targetType: 'period',
    targetId: row.period,
    before: { status: row.status, steps: row.steps },
    after: { status: row.status, steps, adjustment },
  });
}
