import {
  isKinComplete,
  MAX_NEXT_OF_KIN,
  resumeStep,
  type CompleteProfileBody,
  type NextOfKinBody,
  type UploadKind,
} from '@letsema/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { announceWaiting } from '../queues/announce.js';
import type { Db, Executor } from '../../db/client.js';
import { files, nextOfKin, users } from '../../db/schema.js';
import { selectAccount, type Account } from '../../db/accounts.js';
import { AppError, invalidField, invalidState } from '../../lib/errors.js';
import { notifyMember } from '../notifications/service.js';

export type KinRow = typeof nextOfKin.$inferSelect;
type UserRow = typeof users.$inferSelect;

export const kycMessages = {
  alreadyActive: 'Your registration has already been approved',
  underReview: 'Your registration is being reviewed. You can change it if an admin returns it to you.',
  adminsHaveNoKyc: 'Admin accounts do not go through member verification',
  tooManyKin: 'You can add at most two next of kin',
  kinExists: (n: number) => `Next of kin #${n} has already been added`,
  kinOrder: (n: number) => `Please add next of kin #${n} first`,
  idNumberTaken:
    'This ID number is already registered to another account. Sign in to that account, or contact us if it is not yours.',
  kinIsMember: 'Your next of kin must be someone other than you',
  kinIsOtherKin: (other: number) => `This person is already your next of kin #${other}. Please add someone else`,
  memberIsKin: (n: number) => `This is the ID number of your next of kin #${n}. Please enter your own`,
  fileNotYours: {
    passportPhotoUrl: 'Please upload NOK passport photo',
    idDocumentUrl: 'Please upload NOK ID document',
    proofOfAddressUrl: 'Please upload NOK proof of address',
  },
} as const;

/** The kin record as the member and admins see it. */
export function toKinView(kin: KinRow) {
  return {
    id: kin.id,
    nokOrder: kin.nokOrder,
    fullName: kin.fullName,
    relationship: kin.relationship,
    phoneNumber: kin.phoneNumber,
    email: kin.email,
    nationalId: kin.nationalId,
    dateOfBirth: kin.dateOfBirth,
    address: kin.address,
    passportPhotoUrl: kin.passportPhotoUrl,
    idDocumentUrl: kin.idDocumentUrl,
    proofOfAddressUrl: kin.proofOfAddressUrl,
    verificationStatus: kin.verificationStatus,
    rejectedFields: kin.rejectedFields ?? [],
    rejectionReason: kin.rejectionReason,
    createdAt: kin.createdAt.toISOString(),
    updatedAt: kin.updatedAt.toISOString(),
  };
}

/** Removes a field from the list an admin returned, once the member has redone it. */
function withoutField(list: string[] | null, field: string): string[] {
  return (list ?? []).filter((f) => f !== field);
}

/**
 * Locks the member's row for the rest of the transaction, so two saves of one registration take
 * turns, and checks the member may change their registration now: not approved, and not waiting for review.
 */
async function lockEditableRegistration(tx: Executor, userId: string): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  if (user.isAdmin) throw invalidState(kycMessages.adminsHaveNoKyc);
  if (user.registrationStatus === 'active') throw invalidState(kycMessages.alreadyActive);
  if (user.registrationStatus !== 'rejected' && user.submittedAt) throw invalidState(kycMessages.underReview);
  return user;
}

export function createKycService(deps: { db: Db; config: Pick<Config, 'publicUrl'> }) {
  const { db, config } = deps;

  /**
   * Marks the registration as submitted once everything is in and nothing returned is outstanding:
   * the member joins the review queue (again, after a return) and is told it was received.
   */
  async function refreshSubmission(tx: Executor, userId: string): Promise<void> {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user || user.isAdmin || user.registrationStatus === 'active') return;
    // Already in the review queue: nothing changes until an admin decides.
    if (user.registrationStatus !== 'rejected' && user.submittedAt) return;
    const kin = await tx.select().from(nextOfKin).where(eq(nextOfKin.userId, userId));
    const complete = resumeStep(user, kin) === 6 && kin.filter((k) => isKinComplete(k)).length === MAX_NEXT_OF_KIN;
    if (!complete) return;
    const resubmitted = user.registrationStatus === 'rejected';
    await tx
      .update(users)
      .set({
        registrationStatus: 'pending_kyc',
        submittedAt: new Date(),
        rejectedFields: [],
        rejectionReason: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    const title = resubmitted ? 'Registration resubmitted' : 'Registration received';
    const message =
      'Thank you. We have received your registration and will review it within 1-2 business days. ' +
      'We will e-mail you when the review is done.';
    await notifyMember(tx, config.publicUrl, {
      userId,
      category: 'registration',
      title,
      paragraphs: [message],
      path: '/complete-registration',
      actionLabel: 'View your registration',
    });
    await announceWaiting(tx, 'registrations', {
      by: userId,
      what: `Registration of ${user.fullName ?? user.email}${resubmitted ? ', sent again after a return' : ''}.`,
      path: `/admin/members/pending/${userId}`,
      publicUrl: config.publicUrl,
    });
  }

  return {
    refreshSubmission,

    /** Saves the member's profile (wizard step 1). */
    async completeProfile(userId: string, input: CompleteProfileBody): Promise<Account> {
      return db.transaction(async (tx) => {
        const user = await lockEditableRegistration(tx, userId);
        const nationalId = normalisedId(input.nationalId);
        // The member is not their own next of kin, whichever of the two is saved last.
        const kin = await tx
          .select({ nokOrder: nextOfKin.nokOrder, nationalId: nextOfKin.nationalId })
          .from(nextOfKin)
          .where(eq(nextOfKin.userId, userId));
        const namesake = kin.find((k) => sameId(k.nationalId, nationalId));
        if (namesake) {
          throw invalidField('nationalId', kycMessages.memberIsKin(namesake.nokOrder));
        }
        // One person, one account. Two profiles naming the same number at the same moment take turns
        // (a lock on the number itself), so the second sees the first.
        // Letter case aside, as for next of kin: a passport number typed in small letters is the same.
        const sameNumber = nationalId.toUpperCase();
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`national-id:${sameNumber}`}))`);
        const [holder] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`upper(${users.nationalId}) = ${sameNumber}`, ne(users.id, userId)))
          .limit(1);
        if (holder) {
          throw new AppError('CONFLICT', kycMessages.idNumberTaken, {
            details: { nationalId: kycMessages.idNumberTaken },
          });
        }
        await tx
          .update(users)
          .set({
            fullName: input.fullName,
            phoneNumber: input.phoneNumber,
            identityType: input.identityType,
            nationalId,
            dateOfBirth: input.dateOfBirth,
            address: input.address,
            city: input.city,
            province: input.province,
            rejectedFields: withoutField(user.rejectedFields, 'personalInfo'),
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId));
        await refreshSubmission(tx, userId);
        const [updated] = await selectAccount(tx).where(eq(users.id, userId));
        return updated!;
      });
    },

    /** Records a newly uploaded profile photo or ID document on the member's registration. */
    async attachMemberDocument(
      tx: Executor,
      userId: string,
      field: 'profilePictureUrl' | 'idDocumentUrl',
      url: string,
    ): Promise<void> {
      const user = await lockEditableRegistration(tx, userId);
      await tx
        .update(users)
        .set({ [field]: url, rejectedFields: withoutField(user.rejectedFields, field), updatedAt: new Date() })
        .where(eq(users.id, userId));
      await refreshSubmission(tx, userId);
    },

    async listNextOfKin(userId: string): Promise<KinRow[]> {
      return db.select().from(nextOfKin).where(eq(nextOfKin.userId, userId)).orderBy(asc(nextOfKin.nokOrder));
    },

    /**
     * Adds next of kin #n, or updates it when an admin returned it. The documents must be files
     * this member uploaded as that kind of document.
     */
    async saveNextOfKin(userId: string, input: NextOfKinBody): Promise<KinRow> {
      return db.transaction(async (tx) => {
        const user = await lockEditableRegistration(tx, userId);
        await assertOwnFiles(tx, userId, input);

        const existing = await tx.select().from(nextOfKin).where(eq(nextOfKin.userId, userId));
        const same = existing.find((k) => k.nokOrder === input.nokOrder);
        const nationalId = normalisedId(input.nationalId);
        if (user.nationalId && sameId(user.nationalId, nationalId))
          throw invalidField('nationalId', kycMessages.kinIsMember);
        const other = existing.find((k) => k.nokOrder !== input.nokOrder && sameId(k.nationalId, nationalId));
        if (other) throw invalidField('nationalId', kycMessages.kinIsOtherKin(other.nokOrder));
        const fields = {
          fullName: input.fullName,
          relationship: input.relationship,
          phoneNumber: input.phoneNumber,
          email: input.email,
          nationalId,
          dateOfBirth: input.dateOfBirth,
          address: input.address,
          passportPhotoUrl: input.passportPhotoUrl,
          idDocumentUrl: input.idDocumentUrl,
          proofOfAddressUrl: input.proofOfAddressUrl,
          verificationStatus: 'pending',
          rejectedFields: [] as string[],
          rejectionReason: null,
          updatedAt: new Date(),
        };

        let saved: KinRow;
        if (same) {
          if (same.verificationStatus !== 'rejected' && isKinComplete(same)) {
            throw invalidState(kycMessages.kinExists(input.nokOrder));
          }
          [saved] = (await tx.update(nextOfKin).set(fields).where(eq(nextOfKin.id, same.id)).returning()) as [KinRow];
        } else {
          if (existing.length >= MAX_NEXT_OF_KIN) throw invalidState(kycMessages.tooManyKin);
          if (input.nokOrder !== existing.length + 1) throw invalidState(kycMessages.kinOrder(existing.length + 1));
          [saved] = (await tx
            .insert(nextOfKin)
            .values({ userId, nokOrder: input.nokOrder, ...fields })
            .returning()) as [KinRow];
        }
        await refreshSubmission(tx, userId);
        return saved;
      });
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;

/** An ID or passport number as it is kept: without spaces. */
function normalisedId(text: string): string {
  return text.replace(/\s+/g, '');
}

/** Whether two ID or passport numbers name the same document (spaces and letter case aside). */
function sameId(a: string, b: string): boolean {
  return normalisedId(a).toUpperCase() === normalisedId(b).toUpperCase();
}

const kinDocumentKinds: Record<'passportPhotoUrl' | 'idDocumentUrl' | 'proofOfAddressUrl', UploadKind> = {
  passportPhotoUrl: 'nok-passport-photo',
  idDocumentUrl: 'nok-id-document',
  proofOfAddressUrl: 'nok-proof-of-address',
};

async function assertOwnFiles(tx: Executor, userId: string, input: NextOfKinBody): Promise<void> {
  const wanted = Object.entries(kinDocumentKinds).map(([field, kind]) => ({
    field: field as keyof typeof kinDocumentKinds,
    kind,
    key: input[field as keyof typeof kinDocumentKinds].replace(/^\/api\/files\//, ''),
  }));
  const rows = await tx
    .select({ key: files.key, kind: files.kind })
    .from(files)
    .where(
      and(
        eq(files.ownerId, userId),
        inArray(
          files.key,
          wanted.map((w) => w.key),
        ),
      ),
    );
  const details: Record<string, string> = {};
  for (const w of wanted) {
    if (!rows.some((r) => r.key === w.key && r.kind === w.kind)) details[w.field] = kycMessages.fileNotYours[w.field];
  }
  const first = Object.values(details)[0];
  if (first) throw new AppError('VALIDATION', first, { details });
}
