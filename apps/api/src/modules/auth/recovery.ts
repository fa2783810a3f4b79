import { createHash, randomBytes } from 'node:crypto';
import {
  PASSWORD_RESET_MINUTES,
  recoveryMessages,
  SIGN_IN_LINK_MINUTES,
  type EmailLinkBody,
  type LoginAnswer,
  type PasswordResetCompleteBody,
  type SignInLinkBody,
} from '@letsema/domain';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { accountLinks, logins, sessions, users } from '../../db/schema.js';
import { accountColumns, rowsOfLogin, selectAccount, signInOrder, type Account } from '../../db/accounts.js';
import { addressKey } from '../../lib/address-group.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { buildMail } from '../../lib/mail.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { queueMail } from '../notifications/service.js';
import { assertStrongPassword, hashPassword } from './passwords.js';
import type { TwoFactorService } from './two-factor.js';

export type AccountLinkPurpose = 'password_reset' | 'sign_in';

/** Links of one purpose an address may be sent in an hour (the same count for an unknown address). */
export const LINKS_PER_ACCOUNT = { limit: 3, windowSeconds: 60 * 60 };

/** The key links of `purpose` to an address are counted under, whoever asks for them. */
export function linkRequestKey(purpose: AccountLinkPurpose, email: string): string {
  return `account-link:${purpose}:email:${email.toLowerCase()}`;
}

const MINUTES: Record<AccountLinkPurpose, number> = {
  password_reset: PASSWORD_RESET_MINUTES,
  sign_in: SIGN_IN_LINK_MINUTES,
};

const INVALID: Record<AccountLinkPurpose, string> = {
  password_reset: recoveryMessages.resetInvalid,
  sign_in: recoveryMessages.signInLinkInvalid,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The key under which an account's wrong passwords of the day are counted, whoever tries them. */
export function dailyPasswordKey(email: string): string {
  return `login:account-day:${email.toLowerCase()}`;
}

/**
 * Makes a single-use link of `purpose` for the account (random, only its hash kept) and e-mails
 * it, in the caller's transaction. Earlier open links of the same purpose stop working.
 * `requestedBy` is the staff manager who had a reset sent to an admin.
 */
export async function issueAccountLink(
  tx: Executor,
  deps: { publicUrl: string; now: () => Date },
  purpose: AccountLinkPurpose,
  user: Pick<Account, 'id' | 'email' | 'fullName'>,
  requestedBy: string | null = null,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const issuedAt = deps.now();
  await tx
    .update(accountLinks)
    .set({ expiresAt: issuedAt })
    .where(and(eq(accountLinks.userId, user.id), eq(accountLinks.purpose, purpose), isNull(accountLinks.usedAt)));
  await tx.insert(accountLinks).values({
    userId: user.id,
    purpose,
    tokenHash: hashToken(token),
    requestedBy,
    expiresAt: new Date(issuedAt.getTime() + MINUTES[purpose] * 60 * 1000),
  });
  const link = encodeURIComponent(token);
  const mail =
    purpose === 'password_reset'
      ? buildMail({
          publicUrl: deps.publicUrl,
          subject: 'Letsema: choose a new password',
          greetingName: user.fullName,
          paragraphs: [
            requestedBy
              ? 'An admin of the cooperative asked for a password-reset link to be sent to you. Nobody but you sees this link or the password you choose.'
              : 'Someone (we hope you) asked to reset the password of your Letsema account.',
            `Open the link within ${PASSWORD_RESET_MINUTES} minutes to choose a new password. It works once. Every device signed in to your account will be signed out.`,
            'If you did not ask for it, ignore this e-mail: your password stays as it is.',
          ],
          action: { label: 'Choose a new password', path: `/reset-password?token=${link}` },
        })
      : buildMail({
          publicUrl: deps.publicUrl,
          subject: 'Letsema: your sign-in link',
          greetingName: user.fullName,
          paragraphs: [
            `Open the link within ${SIGN_IN_LINK_MINUTES} minutes to sign in to Letsema. It works once.`,
            'If you did not ask for it, ignore this e-mail. If someone keeps trying passwords on your account, consider choosing a new, stronger one in Settings.',
          ],
          action: { label: 'Sign in to Letsema', path: `/sign-in-link?token=${link}` },
        });
  await queueMail(tx, { to: user.email, ...mail });
}

/**
 * The new password of a reset, checked and hashed before anything is written: the registration's
 * strength rule, and the current second factor when the account has two-factor on.
 */
export async function hashNewPassword(
  twoFactor: Pick<TwoFactorService, 'confirmCode'>,
  user: { id: string; email: string; fullName: string | null; mfaEnabledAt: Date | null },
  input: { password: string; code?: string | undefined },
): Promise<string> {
  assertStrongPassword(input.password, 'password', [user.email, user.fullName]);
  if (user.mfaEnabledAt) {
    if (!input.code) {
      throw new AppError('VALIDATION', recoveryMessages.codeRequired, {
        details: { code: recoveryMessages.codeRequired },
      });
    }
    await twoFactor.confirmCode(user.id, input.code);
  }
  return hashPassword(input.password);
}

/**
 * Finishes a reset with its link or code (`linkId`): the link is used, the login takes the new
 * password, every session of the login ends, and the owner is told at their address in case the
 * reset was not theirs. Answers how many sessions ended, for the caller's audit row.
 */
export async function setResetPassword(
  tx: Executor,
  publicUrl: string,
  owner: Pick<Account, 'id' | 'loginId' | 'email' | 'fullName'>,
  reset: {
    linkId: string;
    at: Date;
    /** The new password's hash, and any other login column this way of resetting sets. */
    login: { passwordHash: string } & Partial<typeof logins.$inferInsert>;
    /** How the password was changed, as the e-mail says it ("with a reset link sent to this address"). */
    changedWith: string;
  },
): Promise<number> {
  const { at } = reset;
  await tx.update(accountLinks).set({ usedAt: at }).where(eq(accountLinks.id, reset.linkId));
  await tx
    .update(logins)
    .set({ ...reset.login, passwordSetAt: at, passwordChangeRequired: false, updatedAt: at })
    .where(eq(logins.id, owner.loginId));
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(inArray(sessions.userId, rowsOfLogin(owner.loginId)), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await queueMail(tx, {
    to: owner.email,
    ...buildMail({
      publicUrl,
      subject: 'Letsema: your password was changed',
      greetingName: owner.fullName,
      paragraphs: [
        `The password of your Letsema account was just changed ${reset.changedWith}, and every device was signed out.`,
        'If this was not you, please contact the cooperative at once.',
      ],
      action: { label: 'Sign in', path: '/login' },
    }),
  });
  return ended.length;
}

/**
 * Recovery without the password: a reset link to choose a new one, and a sign-in link for an
 * account whose password sign-in is paused for the day. Both are asked for with an address and
 * answer the same whether or not an account uses it.
 */
export function createRecoveryService(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'rateLimits'>;
  limiter: RateLimiter;
  twoFactor: Pick<TwoFactorService, 'confirmCode'>;
  finishSignIn: (user: Account, method: string) => Promise<LoginAnswer>;
  now: () => Date;
}) {
  const { db, config, limiter, twoFactor, now } = deps;

  async function countTry(ip: string) {
    await limiter.hit(addressKey('account-link', ip), config.rateLimits.loginPerIp, recoveryMessages.tooManyLinks);
  }

  /** The open link a token names, with its account, or the one refusal for every bad link. */
  async function openLink(tx: Executor, purpose: AccountLinkPurpose, token: string, lock = false) {
    const query = tx
      .select({ link: accountLinks, user: accountColumns })
      .from(accountLinks)
      .innerJoin(users, eq(users.id, accountLinks.userId))
      .innerJoin(logins, eq(logins.id, users.loginId))
      .where(
        and(
          eq(accountLinks.tokenHash, hashToken(token)),
          eq(accountLinks.purpose, purpose),
          isNull(accountLinks.usedAt),
          gt(accountLinks.expiresAt, now()),
        ),
      );
    const [row] = lock ? await query.for('update') : await query;
    if (!row || row.user.accountStatus !== 'active') {
      throw new AppError('VALIDATION', INVALID[purpose], { details: { token: INVALID[purpose] } });
    }
    return row;
  }

  async function requestLink(purpose: AccountLinkPurpose, input: EmailLinkBody, ip: string): Promise<{ sent: true }> {
    await countTry(ip);
    // Counted by the address typed, known or not, so the limit says nothing about who has an account.
    await limiter.hit(linkRequestKey(purpose, input.email), LINKS_PER_ACCOUNT, recoveryMessages.tooManyLinks);
    const [user] = await selectAccount(db)
      .where(eq(logins.email, input.email))
      .orderBy(...signInOrder)
      .limit(1);
    if (user && user.accountStatus === 'active') {
      await db.transaction(async (tx) => {
        await issueAccountLink(tx, { publicUrl: config.publicUrl, now }, purpose, user);
        await writeAudit(tx, {
          actorId: user.id,
          action: purpose === 'password_reset' ? 'account.password_reset_request' : 'account.sign_in_link_request',
          targetType: 'user',
          targetId: user.id,
        });
      });
    }
    return { sent: true };
  }

  return {
    /** E-mails a password-reset link (30 minutes, once) to the address, if an account uses it. */
    requestPasswordReset: (input: EmailLinkBody, ip: string) => requestLink('password_reset', input, ip),

    /** E-mails a sign-in link (15 minutes, once) to the address, if an account uses it. */
    requestSignInLink: (input: EmailLinkBody, ip: string) => requestLink('sign_in', input, ip),

    /**
     * Sets a new password with a reset link: the same strength rule as registration, the current
     * second factor when two-factor is on, and every session of the account ends. The link proves
     * the address, so the new password counts as chosen by its owner.
     */
    async completePasswordReset(input: PasswordResetCompleteBody, ip: string): Promise<{ reset: true }> {
      await countTry(ip);
      const { user } = await openLink(db, 'password_reset', input.token);
      const passwordHash = await hashNewPassword(twoFactor, user, input);
      await db.transaction(async (tx) => {
        // Locked, so of two uses at the same moment the second finds the link used.
        const { link, user: owner } = await openLink(tx, 'password_reset', input.token, true);
        const at = now();
        const sessionsEnded = await setResetPassword(tx, config.publicUrl, owner, {
          linkId: link.id,
          at,
          login: { passwordHash, emailVerifiedAt: owner.emailVerifiedAt ?? at },
          changedWith: 'with a reset link sent to this address',
        });
        await writeAudit(tx, {
          actorId: owner.id,
          action: 'account.password_reset',
          targetType: 'user',
          targetId: owner.id,
          after: { sessionsEnded, secondFactor: owner.mfaEnabledAt ? 'checked' : 'off', requestedBy: link.requestedBy },
        });
      });
      // The owner has shown they hold the address: password sign-in is theirs again today.
      await limiter.reset(dailyPasswordKey(user.email));
      return { reset: true };
    },

    /** Signs in with an e-mailed link (a two-factor challenge when it is on); the link proves the address. */
    async completeSignInLink(input: SignInLinkBody, ip: string): Promise<LoginAnswer> {
      await countTry(ip);
      const owner = await db.transaction(async (tx) => {
        const { link, user } = await openLink(tx, 'sign_in', input.token, true);
        const at = now();
        await tx.update(accountLinks).set({ usedAt: at }).where(eq(accountLinks.id, link.id));
        if (user.emailVerifiedAt) return user;
        await tx.update(logins).set({ emailVerifiedAt: at, updatedAt: at }).where(eq(logins.id, user.loginId));
        return { ...user, emailVerifiedAt: at };
      });
      return deps.finishSignIn(owner, 'email-link');
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
