import { pageWindow, type PageQuery, type RejectKinBody, type RejectKycBody } from '@letsema/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { nextOfKin, users } from '../../db/schema.js';
import { fixedCondition } from '../../db/fixed-conditions.js';
import { writeAudit } from '../../lib/audit.js';
import { invalidState, notFound } from '../../lib/errors.js';
import { notifyMember } from '../notifications/service.js';
import { toUserView } from '../auth/user-view.js';
import { selectAccount, type Account } from '../../db/accounts.js';

type UserRow = typeof users.$inferSelect;
type KinRow = typeof nextOfKin.$inferSelect;

export const reviewErrors = {
  userNotFound: 'User not found',
  notAwaitingReview: 'This registration is not awaiting review',
  kinNotFound: (n: number) => `Next of kin #${n} not found`,
  kinNotPending: (n: number) => `Next of kin #${n} is not awaiting review`,
  kinFirst: 'Please approve both next of kin before approving the registration',
} as const;

export const awaitingReview = fixedCondition(
  and(eq(users.registrationStatus, 'pending_kyc'), isNotNull(users.submittedAt), eq(users.isAdmin, false)),
);

/** What an audit row keeps of a registration: its state, never its ID number. */
const userSnapshot = (u: UserRow) => ({
  registrationStatus: u.registrationStatus,
  profilePictureUrl: u.profilePictureUrl,
  idDocumentUrl: u.idDocumentUrl,
  rejectedFields: u.rejectedFields ?? [],
  rejectionReason: u.rejectionReason,
});
const kinSnapshot = (k: KinRow) => ({
  verificationStatus: k.verificationStatus,
  passportPhotoUrl: k.passportPhotoUrl,
  idDocumentUrl: k.idDocumentUrl,
  proofOfAddressUrl: k.proofOfAddressUrl,
  rejectedFields: k.rejectedFields ?? [],
  rejectionReason: k.rejectionReason,
});

/** Admin review of registrations: the queue, one member's submission, and the decisions on it. */
export function createReviewService(deps: { db: Db; config: Pick<Config, 'publicUrl'> }) {
  const { db, config } = deps;
  // The review queue's pages, prepared once: parsed and planned once a connection.
  const awaitingReviewPage = selectAccount(db)
    .where(awaitingReview)
    .orderBy(asc(users.submittedAt), asc(users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('review_awaiting_page');

  /**
   * Locks a registration awaiting review for the decision: two admins deciding at once take turns,
   * and the second sees the first's result.
   */
  async function lockAwaitingReview(tx: Executor, userId: string): Promise<UserRow> {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.isAdmin) throw notFound(reviewErrors.userNotFound);
    if (user.registrationStatus !== 'pending_kyc' || !user.submittedAt)
      throw invalidState(reviewErrors.notAwaitingReview);
    return user;
  }

  /** Locks next of kin `n` of a registration awaiting review, itself awaiting review. */
  async function lockPendingKin(tx: Executor, userId: string, n: number) {
    const user = await lockAwaitingReview(tx, userId);
    const [kin] = await tx
      .select()
      .from(nextOfKin)
      .where(and(eq(nextOfKin.userId, userId), eq(nextOfKin.nokOrder, n)))
      .for('update');
    if (!kin) throw notFound(reviewErrors.kinNotFound(n));
    if (kin.verificationStatus !== 'pending') throw invalidState(reviewErrors.kinNotPending(n));
    return { user, kin };
  }

  /** Writes a decision on a registration with its audit row: what the registration was before and after. */
  async function decideRegistration(
    tx: Executor,
    actorId: string,
    user: UserRow,
    decision: 'approve' | 'reject',
    changes: Partial<UserRow>,
  ) {
    const [after] = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await writeAudit(tx, {
      actorId,
      action: `kyc.${decision}`,
      targetType: 'user',
      targetId: user.id,
      before: userSnapshot(user),
      after: userSnapshot(after!),
    });
  }

  /** Writes a decision on a next of kin with its audit row: what the next of kin was before and after. */
  async function decideKin(
    tx: Executor,
    actorId: string,
    kin: KinRow,
    decision: 'approve' | 'reject',
    changes: Partial<KinRow>,
  ) {
    const [after] = await tx
      .update(nextOfKin)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(nextOfKin.id, kin.id))
      .returning();
    await writeAudit(tx, {
      actorId,
      action: `kin.${decision}`,
      targetType: 'next_of_kin',
      targetId: kin.id,
      before: kinSnapshot(kin),
      after: kinSnapshot(after!),
    });
  }

  const tell = (tx: Executor, user: UserRow, title: string, paragraphs: string[], path: string) =>
    notifyMember(tx, config.publicUrl, { userId: user.id, category: 'registration', title, paragraphs, path });

  return {
    /** A page of the queue, oldest submission first, each registration with when it was submitted. */
    async awaitingReview(query: PageQuery) {
      const rows = await awaitingReviewPage.execute(pageWindow(query));
      return rows.map((row) => ({ ...toUserView(row), submittedAt: row.submittedAt?.toISOString() ?? null }));
    },

    /** One member with their next of kin. */
    async getMember(userId: string): Promise<{ user: Account; kin: KinRow[] }> {
      const [user] = await selectAccount(db).where(eq(users.id, userId));
      if (!user || user.isAdmin) throw notFound(reviewErrors.userNotFound);
      const kin = await db
        .select()
        .from(nextOfKin)
        .where(eq(nextOfKin.userId, userId))
        .orderBy(asc(nextOfKin.nokOrder));
      return { user, kin };
    },

    /** Approves the registration: the member becomes active. Both next of kin must be approved first. */
    async approveKyc(actorId: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const user = await lockAwaitingReview(tx, userId);
        const kin = await tx.select().from(nextOfKin).where(eq(nextOfKin.userId, userId));
        if (kin.length < 2 || kin.some((k) => k.verificationStatus !== 'approved'))
          throw invalidState(reviewErrors.kinFirst);
        await decideRegistration(tx, actorId, user, 'approve', {
          registrationStatus: 'active',
          rejectedFields: [],
          rejectionReason: null,
        });
        await tell(
          tx,
          user,
          'Registration approved',
          [
            'Welcome to Letsema! Your registration has been approved and your account is now active.',
            'You can now join the investment pool.',
          ],
          '/dashboard',
        );
      });
    },

    /** Returns the registration to the member: the chosen documents are cleared for them to upload again. */
    async rejectKyc(actorId: string, userId: string, input: RejectKycBody): Promise<void> {
      await db.transaction(async (tx) => {
        const user = await lockAwaitingReview(tx, userId);
        const cleared: Partial<UserRow> = {};
        if (input.rejectedFields.includes('profilePictureUrl')) cleared.profilePictureUrl = null;
        if (input.rejectedFields.includes('idDocumentUrl')) cleared.idDocumentUrl = null;
        await decideRegistration(tx, actorId, user, 'reject', {
          ...cleared,
          registrationStatus: 'rejected',
          submittedAt: null,
          rejectedFields: input.rejectedFields,
          rejectionReason: input.reason,
        });
        await tell(
          tx,
          user,
          'Registration needs changes',
          [
            `An admin returned part of your registration: ${input.reason}`,
            'Please sign in and update the items asked for.',
          ],
          '/complete-registration',
        );
      });
    },

    async approveKin(actorId: string, userId: string, n: number): Promise<void> {
      await db.transaction(async (tx) => {
        const { user, kin } = await lockPendingKin(tx, userId, n);
        await decideKin(tx, actorId, kin, 'approve', { verificationStatus: 'approved' });
        await tell(
          tx,
          user,
          `Next of kin #${n} approved`,
          [`Your next of kin #${n}, ${kin.fullName}, has been verified.`],
          '/complete-registration',
        );
      });
    },

    /** Returns a next of kin: chosen documents cleared, the member sent back to that step. */
    async rejectKin(actorId: string, userId: string, n: number, input: RejectKinBody): Promise<void> {
      await db.transaction(async (tx) => {
        const { user, kin } = await lockPendingKin(tx, userId, n);
        const cleared: Partial<KinRow> = {};
        if (input.rejectedFields.includes('passportPhotoUrl')) cleared.passportPhotoUrl = null;
        if (input.rejectedFields.includes('idDocumentUrl')) cleared.idDocumentUrl = null;
        if (input.rejectedFields.includes('proofOfAddressUrl')) cleared.proofOfAddressUrl = null;
        await decideKin(tx, actorId, kin, 'reject', {
          ...cleared,
          verificationStatus: 'rejected',
          rejectedFields: input.rejectedFields,
          rejectionReason: input.reason,
        });
        await tx
          .update(users)
          .set({ registrationStatus: 'rejected', submittedAt: null, updatedAt: new Date() })
          .where(eq(users.id, userId));
        await tell(
          tx,
          user,
          `Next of kin #${n} needs changes`,
          [
            `An admin returned your next of kin #${n}: ${input.reason}`,
            'Please sign in and update the items asked for.',
          ],
          '/complete-registration',
        );
      });
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
