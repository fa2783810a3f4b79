import { exitMessages } from '@letsema/domain';
import { and, eq } from 'drizzle-orm';
import { exitRequests } from '../../../db/schema.js';
import { writeAudit } from '../../../lib/audit.js';
import { invalidState, notFound } from '../../../lib/errors.js';
import { isUuid } from '../../../lib/tokens.js';
import type { PayoutDeps } from '../deps.js';
import { exitForAudit, findExit } from '../exit-view.js';

/** The member withdraws their notice while the exit is not yet paid. */
export async function cancelExit(deps: PayoutDeps, userId: string, id: string) {
  if (!isUuid(id)) throw notFound(exitMessages.notFound);
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(exitRequests)
      .where(and(eq(exitRequests.id, id), eq(exitRequests.userId, userId)))
      .for('update');
    if (!before) throw notFound(exitMessages.notFound);
    if (!['requested', 'settled', 'approved'].includes(before.status)) throw invalidState(exitMessages.notCancellable);
    const [after] = await tx
      .update(exitRequests)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(eq(exitRequests.id, id))
      .returning();
    await writeAudit(tx, {
      actorId: userId,
      action: 'exit.cancel',
      targetType: 'exit',
      targetId: id,
      before: exitForAudit(before),
      after: exitForAudit(after),
    });
  });
  return findExit(deps, id, userId);
}
