import { dayOf, earliestRecordDay, firstPostingPeriod, postingMessages } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { journalEntries, settings } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import type { AuthUser } from '../../../lib/auth-guard.js';
import { forbidden, invalidField, invalidState } from '../../../lib/errors.js';
import { BOOKS_START_KEY, readBooksCalendar } from '../../ledger/posting.js';
import type { MonthEndDeps } from './deps.js';

/** Which months may take a posting, and whether the books' start may still be set. */
export async function booksStart(deps: MonthEndDeps) {
  const calendar = await readBooksCalendar(deps.db);
  const [posted] = await deps.db.select({ id: journalEntries.id }).from(journalEntries).limit(1);
  return {
    booksStart: calendar.booksStart,
    lastClosed: calendar.lastClosed,
    locked: [...calendar.locked].sort(),
    firstOpenPeriod: firstPostingPeriod(calendar),
    hasPostings: Boolean(posted),
  };
}

/**
 * The super admin sets the month the books start in, before anything is posted: from twelve
 * months back to the current month. Audited before and after.
 */
export async function setBooksStart(deps: MonthEndDeps, actor: AuthUser, period: string) {
  if (!actor.isSuperAdmin) throw forbidden(postingMessages.superAdminOnly);
  const current = dayOf(deps.clock.now()).slice(0, 7);
  const earliest = earliestRecordDay(dayOf(deps.clock.now())).slice(0, 7);
  if (period < earliest || period > current) {
    throw invalidField('period', postingMessages.booksStartRange(earliest, current));
  }
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(settings).where(eq(settings.key, BOOKS_START_KEY)).for('update');
    const [posted] = await tx.select({ id: journalEntries.id }).from(journalEntries).limit(1);
    if (posted) throw invalidState(postingMessages.booksStarted);
    const [after] = await tx
      .insert(settings)
      .values({ key: BOOKS_START_KEY, value: { period }, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: [settings.cooperativeId, settings.key],
        set: { value: { period }, updatedBy: actor.id, updatedAt: new Date() },
      })
      .returning();
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'books.start_set',
      targetType: 'books',
      targetId: BOOKS_START_KEY,
      before: before?.value ?? null,
      after: after!.value,
    });
  });
  return booksStart(deps);
}
