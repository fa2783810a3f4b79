import { buffer } from 'node:stream/consumers';
import { asc, eq, inArray, or } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  files,
  loanInstalments,
  loanRepayments,
  loans,
  memberships,
  nextOfKin,
  notifications,
  payments,
  users,
} from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import type { Storage } from '../../lib/storage.js';
import { toUserView } from '../auth/user-view.js';
import { toKinView } from '../kyc/service.js';

const README = `Everything Letsema holds about you (POPIA section 23)

account.json        your account and profile, as you gave them
next-of-kin.json    the next of kin you named
memberships.json    your pool memberships
payments.json       your payments and their decisions
loans.json          your loans with their schedules and repayments, and the loans you guarantee
notifications.json  the messages the app showed you
activity.json       the record of what was done on your account, and from where
files/              the photos and documents you uploaded

Amounts are in cents of a rand. To ask for a correction, use "Ask for a correction" on your profile
or contact the cooperative.
`;

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/** A member's own data, for them to take away: POPIA's right of access. */
export function createPrivacyService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;

  return {
    /** A ZIP of the account's records and uploaded files: the account's own, and no one else's. */
    async exportMyData(userId: string): Promise<Uint8Array> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw notFound();
      const kin = await db
        .select()
        .from(nextOfKin)
        .where(eq(nextOfKin.userId, userId))
        .orderBy(asc(nextOfKin.nokOrder));
      const ownMemberships = await db.select().from(memberships).where(eq(memberships.userId, userId));
      const ownPayments = await db.select().from(payments).where(eq(payments.userId, userId));
      const ownNotifications = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt));
      const activity = await db
        .select()
        .from(auditLog)
        .where(or(eq(auditLog.actorId, userId), eq(auditLog.targetId, userId)))
        .orderBy(asc(auditLog.createdAt));
      const uploads = await db.select().from(files).where(eq(files.ownerId, userId));
      const ownLoans = await db.select().from(loans).where(eq(loans.userId, userId)).orderBy(asc(loans.number));
      const loanIds = ownLoans.map((loan) => loan.id);
      const instalments = loanIds.length
        ? await db.select().from(loanInstalments).where(inArray(loanInstalments.loanId, loanIds))
        : [];
      const repayments = loanIds.length
        ? await db.select().from(loanRepayments).where(inArray(loanRepayments.loanId, loanIds))
        : [];
      // Of a loan they guarantee, what is theirs: the guarantee, not the borrower's details.
      const guarantees = await db
        .select({
          loanNumber: loans.number,
          guaranteedCents: loans.guaranteedCents,
          guarantorStatus: loans.guarantorStatus,
          guarantorDecidedAt: loans.guarantorDecidedAt,
          loanStatus: loans.status,
        })
        .from(loans)
        .where(eq(loans.guarantorId, userId));

      const archive: Zippable = {
        'README.txt': strToU8(README),
        'account.json': json({ ...toUserView(user), emailPreferences: user.emailPreferences }),
        'next-of-kin.json': json(kin.map(toKinView)),
        'memberships.json': json(ownMemberships),
        'payments.json': json(ownPayments),
        'loans.json': json({
          loans: ownLoans.map((loan) => ({
            ...loan,
            instalments: instalments.filter((row) => row.loanId === loan.id).sort((a, b) => a.number - b.number),
            repayments: repayments.filter((row) => row.loanId === loan.id),
          })),
          guarantees,
        }),
        'notifications.json': json(ownNotifications),
        'activity.json': json(
          activity.map((row) => ({
            at: row.createdAt.toISOString(),
            action: row.action,
            outcome: row.outcome,
            byYou: row.actorId === userId,
            address: row.ip,
            browser: row.userAgent,
            before: row.before,
            after: row.after,
          })),
        ),
      };
      const folder: Zippable = {};
      for (const file of uploads) {
        const stored = await storage.get(file.key);
        if (!stored) continue;
        folder[`${file.kind}-${file.key.split('/').pop()}`] = new Uint8Array(await buffer(stored.body));
      }
      archive['files'] = folder;
      const zip = zipSync(archive, { level: 6 });
      await writeAudit(db, {
        actorId: userId,
        action: 'privacy.export',
        outcome: 'success',
        targetType: 'user',
        targetId: userId,
        after: { files: uploads.length },
      });
      return zip;
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
