import {
  correctionFields,
  correctionMessages,
  type CorrectionField,
  type CorrectionRequestBody,
  type CorrectionView,
  type DecideCorrectionBody,
  type PageQuery,
} from '@letsema/domain';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { correctionRequests, users } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, invalidState, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/tokens.js';
import { announceWaiting } from '../queues/announce.js';
import { notifyMember } from '../notifications/service.js';

type Row = typeof correctionRequests.$inferSelect;
const MAX_PENDING = 5;

function toView(row: Row, member?: { email: string; fullName: string | null }): CorrectionView {
  return {
    id: row.id,
    field: row.field as CorrectionField,
    message: row.message,
    status: row.status as CorrectionView['status'],
    reply: row.reply,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    ...(member ? { member: { id: row.userId, ...member } } : {}),
  };
}

/** Members ask for a correction of what is held about them; an admin answers it (POPIA section 24). */
export function createCorrectionService(deps: { db: Db; config: Pick<Config, 'publicUrl'> }) {
  const { db, config } = deps;

  return {
    async request(userId: string, input: CorrectionRequestBody): Promise<CorrectionView> {
      return db.transaction(async (tx) => {
        // The member's row is locked so that parallel requests count each other.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [pending] = await tx
          .select({ n: count() })
          .from(correctionRequests)
          .where(and(eq(correctionRequests.userId, userId), eq(correctionRequests.status, 'pending')));
        if ((pending?.n ?? 0) >= MAX_PENDING) throw invalidState(correctionMessages.tooMany);
        const [row] = await tx
          .insert(correctionRequests)
          .values({ userId, field: input.field, message: input.message })
          .returning();
        await writeAudit(tx, {
          actorId: userId,
          action: 'privacy.correction_request',
          targetType: 'correction',
          targetId: row!.id,
          after: { field: input.field, member: userId },
        });
        await announceWaiting(tx, 'corrections', {
          by: userId,
          what: `A member asks to correct their ${input.field}.`,
          publicUrl: config.publicUrl,
        });
        return toView(row!);
      });
    },

    async mine(userId: string): Promise<CorrectionView[]> {
      const rows = await db
        .select()
        .from(correctionRequests)
        .where(eq(correctionRequests.userId, userId))
        .orderBy(desc(correctionRequests.createdAt))
        .limit(50);
      return rows.map((row) => toView(row));
    },

    /** The requests waiting for an answer, oldest first, with the member they come from. */
    async pending(query: PageQuery) {
      const rows = await db
        .select({ row: correctionRequests, email: users.email, fullName: users.fullName })
        .from(correctionRequests)
        .innerJoin(users, eq(users.id, correctionRequests.userId))
        .where(eq(correctionRequests.status, 'pending'))
        .orderBy(asc(correctionRequests.createdAt), asc(correctionRequests.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const [totals] = await db
        .select({ n: count() })
        .from(correctionRequests)
        .where(eq(correctionRequests.status, 'pending'));
      return {
        requests: rows.map(({ row, email, fullName }) => toView(row, { email, fullName })),
        total: totals?.n ?? 0,
      };
    },

    /** Answers a request once: the member is told, and the answer is audited. */
    async decide(actorId: string, id: string, input: DecideCorrectionBody): Promise<CorrectionView> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(correctionRequests).where(eq(correctionRequests.id, id)).for('update');
        if (!before) throw notFound(correctionMessages.notFound);
        if (before.status !== 'pending') throw invalidState(correctionMessages.decided);
        const [after] = await tx
          .update(correctionRequests)
          .set({ status: input.decision, reply: input.reply, decidedBy: actorId, decidedAt: new Date() })
          .where(eq(correctionRequests.id, id))
          .returning();
        await writeAudit(tx, {
          actorId,
          action: 'privacy.correction_decide',
          targetType: 'correction',
          targetId: id,
          before: { status: before.status },
          after: { status: input.decision, member: before.userId },
        });
        const label = correctionFields[before.field as CorrectionField] ?? before.field;
        await notifyMember(tx, config.publicUrl, {
          userId: before.userId,
          category: 'registration',
          title: input.decision === 'resolved' ? 'Correction made' : 'Correction not made',
          paragraphs: [
            input.decision === 'resolved'
              ? `We corrected your ${label.toLowerCase()} as you asked.`
              : `We did not change your ${label.toLowerCase()}.`,
            input.reply,
          ],
          path: '/profile',
          actionLabel: 'Open your profile',
        });
        return toView(after!);
      });
    },
  };
}

export type CorrectionService = ReturnType<typeof createCorrectionService>;

/** A request id from the path; anything else is a request that does not exist. */
export function assertUuid(id: string): string {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', correctionMessages.notFound);
  return id;
}
