import {
  findPayoutBank,
  formatUsableFrom,
  holderNameMatches,
  maskAccountNumber,
  PAYOUT_ACCOUNT_HOLD_HOURS,
  PAYOUT_REAUTH_MINUTES,
  payoutAccountMessages,
  type SavePayoutAccountBody,
} from '@letsema/domain';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { exitRequests, notifications, payoutAccounts, users } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { invalidState } from '../../lib/errors.js';
import { requireFreshProof } from '../../lib/fresh-proof.js';
import { buildMail } from '../../lib/mail.js';
import type { BooksClock } from '../books/clock.js';
import { queueMail } from '../notifications/service.js';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

const HOUR_MS = 60 * 60 * 1000;

/** The member's payout account, or undefined. */
export async function findPayoutAccount(executor: Executor, userId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await executor.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}

/** The account as the member sees it: the last four digits only, so a stolen session cannot read the number. */
export function memberPayoutAccountView(row: PayoutAccountRow, now: Date) {
  return {
    bankId: row.bankId,
    bankName: row.bankName,
    branchCode: row.branchCode,
    accountHolder: row.accountHolder,
    accountNumber: maskAccountNumber(row.accountNumber),
    usableFrom: row.usableFrom.toISOString(),
    isUsable: row.usableFrom.getTime() <= now.getTime(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The account as the admin who pays sees it: the whole number, and whether the holder is the member. */
export function adminPayoutAccountView(row: PayoutAccountRow | undefined, memberName: string | null, now: Date) {
  if (!row) return null;
  return {
    bankName: row.bankName,
    branchCode: row.branchCode,
    accountHolder: row.accountHolder,
    accountNumber: row.accountNumber,
    holderMatchesMember: holderNameMatches(row.accountHolder, memberName),
    usableFrom: row.usableFrom.toISOString(),
    isUsable: row.usableFrom.getTime() <= now.getTime(),
  };
}

/**
 * The member's payout account for a payout being made now: refused (409) when there is none or it
 * was saved less than 48 hours ago, with the moment it can be used.
 */
export async function usablePayoutAccount(executor: Executor, userId: string, now: Date): Promise<PayoutAccountRow> {
  const row = await findPayoutAccount(executor, userId);
  if (!row) throw invalidState(payoutAccountMessages.memberMissing);
  if (row.usableFrom.getTime() > now.getTime()) {
    throw invalidState(payoutAccountMessages.held(formatUsableFrom(row.usableFrom)));
  }
  return row;
}

/**
 * On erasure of a member's personal data: their payout account keeps only the last four digits of its
 * number and no holder's name, as does the account noted on their exits.
 */
export async function erasePayoutAccount(executor: Executor, userId: string): Promise<void> {
  await executor
    .update(payoutAccounts)
    .set({ accountNumber: sql`right(${payoutAccounts.accountNumber}, 4)`, accountHolder: '', updatedAt: new Date() })
    .where(eq(payoutAccounts.userId, userId));
  await executor.update(exitRequests).set({ accountHolder: null }).where(eq(exitRequests.userId, userId));
}

/**
 * Tells the member about a payout request or an account change at once, in the app and by e-mail
 * whatever their e-mail preferences: it is how they learn of a stolen session.
 */
export async function tellMemberNow(
  executor: Executor,
  publicUrl: string,
  input: { userId: string; title: string; paragraphs: string[]; path: string },
): Promise<void> {
  const [user] = await executor
    .select({ email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, input.userId));
  await executor
    .insert(notifications)
    .values({ userId: input.userId, category: 'payment', title: input.title, message: input.paragraphs.join(' ') });
  await queueMail(executor, {
    to: user!.email,
    ...buildMail({
      publicUrl,
      subject: `Letsema: ${input.title.toLowerCase()}`,
      greetingName: user!.fullName,
      paragraphs: input.paragraphs,
      action: { label: 'Open Letsema', path: input.path },
    }),
  });
}

/** The paragraph every payout mail ends with: what to do when it was not them. */
export const notYouParagraph =
  'If this was not you, change your password at once and contact the cooperative: nothing is paid before an admin checks it.';

/**
 * The one bank account a member's payouts go to. Saving it needs the member's fresh proof of identity,
 * e-mails them (the last four digits only), and holds the account from payouts for 48 hours.
 */
export function createPayoutAccountService(deps: { db: Db; clock: BooksClock; config: Pick<Config, 'publicUrl'> }) {
  const { db, clock, config } = deps;
  return {
    async mine(userId: string) {
      const row = await findPayoutAccount(db, userId);
      return row ? memberPayoutAccountView(row, clock.now()) : null;
    },

    async save(actor: { id: string; sessionId: string }, body: SavePayoutAccountBody) {
      const bank = findPayoutBank(body.bankId)!;
      const row = await db.transaction(async (tx) => {
        await requireFreshProof(tx, actor.sessionId, PAYOUT_REAUTH_MINUTES, payoutAccountMessages.reauthRequired);
        const before = await findPayoutAccount(tx, actor.id);
        const now = clock.now();
        const usableFrom = new Date(now.getTime() + PAYOUT_ACCOUNT_HOLD_HOURS * HOUR_MS);
        const values = {
          bankId: bank.id,
          bankName: bank.name,
          branchCode: bank.branchCode,
          accountHolder: body.accountHolder,
          accountNumber: body.accountNumber,
          usableFrom,
          updatedAt: new Date(),
        };
        const [saved] = await tx
          .insert(payoutAccounts)
          .values({ userId: actor.id, ...values })
          .onConflictDoUpdate({ target: [payoutAccounts.cooperativeId, payoutAccounts.userId], set: values })
          .returning();
        // Ids and the last four digits only: the log never holds an account number or a holder's name.
        const logged = (account: PayoutAccountRow) => ({
          bankId: account.bankId,
          last4: account.accountNumber.slice(-4),
          usableFrom: account.usableFrom.toISOString(),
        });
        await writeAudit(tx, {
          actorId: actor.id,
          action: before ? 'payout_account.change' : 'payout_account.add',
          targetType: 'user',
          targetId: actor.id,
          before: before ? logged(before) : null,
          after: logged(saved!),
        });
        await tellMemberNow(tx, config.publicUrl, {
          userId: actor.id,
          title: before ? 'Payout account changed' : 'Payout account added',
          paragraphs: [
            `Your payouts will now be paid into your ${bank.name} account ending ${saved!.accountNumber.slice(-4)}.`,
            `For your safety it can receive payouts from ${formatUsableFrom(usableFrom)}.`,
            notYouParagraph,
          ],
          path: '/profile',
        });
        return saved!;
      });
      return memberPayoutAccountView(row, clock.now());
    },
  };
}

export type PayoutAccountService = ReturnType<typeof createPayoutAccountService>;
