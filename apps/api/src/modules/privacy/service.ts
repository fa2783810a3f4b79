import { buffer } from 'node:stream/consumers';
import { asc, eq, inArray, or } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  correctionRequests,
  exitRequests,
  files,
  journalEntries,
  journalLines,
  loanInstalments,
  loanRepayments,
  loans,
  memberships,
  nextOfKin,
  notifications,
  payments,
  pools,
  users,
  withdrawals,
} from '../../db/schema.js';
import { selectAccount } from '../../db/accounts.js';
import { lastFourOf, writeAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import type { Storage } from '../../lib/storage.js';
import { toUserView } from '../auth/user-view.js';
import { linesWithEntries } from '../books/ledger-queries.js';
import { toKinView } from '../kyc/service.js';

const README = `Everything Letsema holds about you (POPIA section 23)

account.json        your account and profile, as you gave them
next-of-kin.json    the next of kin you named
memberships.json    your pool memberships
payments.json       your payments and their decisions
loans.json          your loans with their schedules and repayments, and the loans you guarantee
withdrawals.json    your withdrawals of returns (the account by its last four digits)
exits.json          your requests to leave a pool and their settlements
corrections.json    the corrections you asked for and their answers
ledger.json         the lines of the cooperative's books that name you, with their entries
notifications.json  the messages the app showed you
activity.json       the record of what was done on your account, and from where when you did it
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
      const [user] = await selectAccount(db).where(eq(users.id, userId));
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

      const ownWithdrawals = await db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.userId, userId))
        .orderBy(asc(withdrawals.createdAt));
      const ownExits = await db
        .select()
        .from(exitRequests)
        .where(eq(exitRequests.userId, userId))
        .orderBy(asc(exitRequests.createdAt));
      const ownCorrections = await db
        .select()
        .from(correctionRequests)
        .where(eq(correctionRequests.userId, userId))
        .orderBy(asc(correctionRequests.createdAt));
      const ledger = await linesWithEntries(db, {
        entry: journalEntries.number,
        date: journalEntries.effectiveDate,
        kind: journalEntries.kind,
        description: journalEntries.description,
        account: journalLines.account,
        pool: pools.name,
        amountCents: journalLines.amountCents,
      })
        .leftJoin(pools, eq(pools.id, journalLines.poolId))
        .where(eq(journalLines.userId, userId))
        .orderBy(asc(journalEntries.number), asc(journalLines.id));

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
        // The account by its last four digits: the full number has no place in a file that travels.
        'withdrawals.json': json(
          ownWithdrawals.map(({ accountNumber, ...row }) => ({ ...row, accountNumber: lastFourOf(accountNumber) })),
        ),
        'exits.json': json(ownExits),
        'corrections.json': json(
          ownCorrections.map((row) => ({
            field: row.field,
            message: row.message,
            status: row.status,
            reply: row.reply,
            askedAt: row.createdAt.toISOString(),
            decidedAt: row.decidedAt?.toISOString() ?? null,
          })),
        ),
        'ledger.json': json(ledger),
        'notifications.json': json(ownNotifications),
        // Where a request came from is the member's own data only when they made it: the address
        // and browser of the admins who decided about them are the admins' (POPIA section 23 gives
        // access to one's own information, not to others').
        'activity.json': json(
          activity.map((row) => {
            const byYou = row.actorId === userId;
            return {
              at: row.createdAt.toISOString(),
              action: row.action,
              outcome: row.outcome,
              byYou,
              address: byYou ? row.ip : null,
              browser: byYou ? row.userAgent : null,
              before: row.before,
              after: row.after,
            };
          }),
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
