import {
  accountMessages,
  defaultEmailPreferences,
  type ChangePasswordBody,
  type EmailPreferences,
  type LoginAnswer,
  type LoginBody,
  type LoginMfaBody,
  reauthMessages,
  type ReauthenticateBody,
  type RegisterBody,
  type VerifyEmailBody,
  emailVerificationMessages,
  recoveryMessages,
  cooperativeSwitchMessages,
  type MyCooperatives,
  type SwitchCooperativeBody,
} from '@letsema/domain';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { cooperatives, logins, sessions, users } from '../../db/schema.js';
import {
  cooperativesOfLogin,
  insertAccount,
  rowsOfLogin,
  selectAccount,
  signInOrder,
  type Account,
} from '../../db/accounts.js';
import { enterCooperative } from '../../db/scope.js';
import type { AuthUser } from '../../lib/auth-guard.js';
import { addressGroup, addressKey } from '../../lib/address-group.js';
import { AppError, conflict, notFound, unauthenticated } from '../../lib/errors.js';
import { toUserView } from './user-view.js';
import { hashEmailForAudit, writeAudit } from '../../lib/audit.js';
import { createRateLimiter, tooMany } from '../../lib/rate-limit.js';
import { createEmailProof } from './email-proof.js';
import type { ExternalIdentity } from './google.js';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords.js';
import { signEmailToken, signToken, TOKEN_LIFETIME_SECONDS, verifyEmailToken } from '../../lib/tokens.js';
import { createTwoFactorService } from './two-factor.js';
import { createRecoveryService, dailyPasswordKey } from './recovery.js';
import { createAssistedResetService } from './assisted-reset.js';
import { createCooperativeStart } from './start-cooperative.js';
import { createCooperativeJoin } from './join-cooperative.js';
import { buildMail } from '../../lib/mail.js';
import { queueMail } from '../notifications/service.js';
import type { Executor } from '../../db/client.js';

/** Verification e-mails an account may ask for in an hour. */
const VERIFICATION_SENDS = { limit: 3, windowSeconds: 60 * 60 };

export const authMessages = {
  invalidCredentials: 'Invalid email or password',
  suspended: 'This account has been suspended. Please contact the cooperative if you think this is a mistake.',
  emailTaken: 'An account with this email already exists',
  tooManyLogins: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManyRegistrations: 'Too many accounts created from this address. Please try again later.',
  providerNoEmail: 'Your Google account did not share an e-mail address, so we cannot sign you in with it.',
  unverifiedLink:
    'An account with this email already exists. Sign in with your password; Google did not confirm this e-mail address.',
  otherIdentity: 'This account is already linked to another Google account.',
  cooperativeClosed:
    'Your cooperative is not open on Letsema at the moment. Please contact its committee if you think this is a mistake.',
} as const;

/**
 * Whether the account's password was chosen by someone who had shown control of its address: set
 * at or after the address was proven. One set before may be a stranger's, who registered first.
 */
export function isPasswordProven(user: Pick<Account, 'passwordHash' | 'passwordSetAt' | 'emailVerifiedAt'>): boolean {
  if (!user.passwordHash || !user.passwordSetAt || !user.emailVerifiedAt) return false;
  return user.passwordSetAt.getTime() >= user.emailVerifiedAt.getTime();
}

/** Password attempts are counted per account and address (an IPv6 address by its /64) together. */
function passwordAttemptKey(email: string, ip: string): string {
  return `login:account:${email.toLowerCase()}:ip:${addressGroup(ip)}`;
}

export interface AuthServiceDeps {
  db: Db;
  config: Pick<Config, 'jwtSecret' | 'rateLimits' | 'mfa' | 'publicUrl'>;
  now?: () => Date;
  twoFactorClock?: () => Date;
}

/** Accounts and sessions: registration, sign-in and sign-out. */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  const limiter = createRateLimiter(db);
  const emailProof = createEmailProof({ db, config });
  // Every screen reads the account: prepared once.
  const accountById = selectAccount(db)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_account_by_id');

  async function openSession(userId: string): Promise<string> {
    const issuedAt = now();
    const [session] = await db
      .insert(sessions)
      .values({ userId, createdAt: issuedAt, expiresAt: new Date(issuedAt.getTime() + TOKEN_LIFETIME_SECONDS * 1000) })
      .returning({ id: sessions.id });
    return signToken(config.jwtSecret, { userId, sessionId: session!.id }, issuedAt);
  }

  /**
   * Checks a signed-in account's own password (to change it, or to confirm a sensitive step) under
   * the same limit as sign-in, so a stolen session cannot be used to guess it.
   */
  async function checkCurrentPassword(
    user: { email: string; passwordHash: string | null },
    password: string,
    ip: string,
  ) {
    const key = passwordAttemptKey(user.email, ip);
    await limiter.hit(key, config.rateLimits.loginPerAccount, authMessages.tooManyLogins);
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('VALIDATION', accountMessages.currentPasswordWrong, {
        details: { currentPassword: accountMessages.currentPasswordWrong },
      });
    }
    await limiter.reset(key);
  }

  /** Writes the e-mail with the link that proves the account's address (valid 24 hours). */
  async function queueVerificationMail(
    executor: Executor,
    user: { id: string; email: string; fullName: string | null },
  ): Promise<void> {
    const token = await signEmailToken(config.jwtSecret, { userId: user.id, email: user.email }, now());
    const mail = buildMail({
      publicUrl: config.publicUrl,
      subject: 'Letsema: confirm your e-mail address',
      greetingName: user.fullName,
      paragraphs: [
        'Please confirm that this is your e-mail address, so that it can be used to reach you and to recover your account.',
        'The link works for 24 hours. If you did not create a Letsema account, you can ignore this e-mail.',
      ],
      action: { label: 'Confirm my e-mail address', path: `/verify-email?token=${encodeURIComponent(token)}` },
    });
    await queueMail(executor, { to: user.email, ...mail });
  }

  const twoFactor = createTwoFactorService({
    db,
    config,
    limiter,
    checkPassword: checkCurrentPassword,
    now: deps.twoFactorClock ?? now,
  });

  /**
   * Links a verified third-party identity to the account holding its e-mail address. When that
   * address was never proven, or its password was set before it was (the owner may have clicked the
   * link in a stranger's verification e-mail), whoever chose the password may not be its owner: every
   * session of the account ends, its password and two-factor settings are removed (the owner can set
   * new ones in Settings), and the owner is told by e-mail. All in one transaction.
   */
  async function linkIdentity(userId: string, identity: ExternalIdentity): Promise<Account> {
    return db.transaction(async (tx) => {
      const [before] = await selectAccount(tx).where(eq(users.id, userId)).for('update');
      if (!before) throw conflict(authMessages.emailTaken);
      if (before.oidcSubject) throw conflict(authMessages.otherIdentity);
      const isAddressProven = before.emailVerifiedAt !== null;
      const isPasswordOwners = before.passwordHash === null || isPasswordProven(before);
      const isProven = isAddressProven && isPasswordOwners;
      if (!isProven) {
        await tx
          .update(sessions)
          .set({ revokedAt: now() })
          .where(and(inArray(sessions.userId, rowsOfLogin(before.loginId)), isNull(sessions.revokedAt)));
        await twoFactor.wipe(tx, before.loginId);
      }
      await tx
        .update(logins)
        .set({
          oidcIssuer: identity.issuer,
          oidcSubject: identity.subject,
          ...(isProven ? {} : { passwordHash: null, emailVerifiedAt: now(), passwordChangeRequired: false }),
          updatedAt: now(),
        })
        .where(eq(logins.id, before.loginId));
      const [linked] = await selectAccount(tx).where(eq(users.id, userId));
      await writeAudit(tx, {
        actorId: userId,
        action: isProven ? 'account.link_identity' : 'account.link_identity_unproven',
        targetType: 'user',
        targetId: userId,
        after: {
          issuer: identity.issuer,
          ...(isProven ? {} : { unproven: isAddressProven ? 'password' : 'address' }),
          sessionsEnded: !isProven,
          passwordRemoved: !isProven && before.passwordHash !== null,
        },
      });
      if (!isProven) {
        const mail = buildMail({
          publicUrl: config.publicUrl,
          subject: 'Letsema: your account is now signed in with Google',
          greetingName: linked!.fullName,
          paragraphs: [
            'You signed in to Letsema with Google, and Google confirmed that this e-mail address is yours. Your account is now linked to it.',
            isAddressProven
              ? 'The password of the account had been chosen before this address was confirmed, so it may not have been yours. To protect you, every other sign-in to the account has been ended, and that password and any two-factor settings have been removed.'
              : 'The account had been opened with this address and a password before its address was confirmed. To protect you, every other sign-in to the account has been ended, and that password and any two-factor settings have been removed.',
            'You can sign in with Google as before. To also sign in with a password, set a new one in Settings. If anything in your account looks wrong, please contact the cooperative.',
          ],
          action: { label: 'Open Settings', path: '/settings' },
        });
        await queueMail(tx, { to: linked!.email, ...mail });
      }
      return linked!;
    });
  }

  /** The end of a right first factor: a session, or a two-factor challenge when the account has it on. */
  async function finishSignIn(user: Account, method: string): Promise<LoginAnswer> {
    const kind = method === 'password' || method === 'email-link' ? method : 'google';
    const [cooperative] = await db
      .select({ status: cooperatives.status })
      .from(cooperatives)
      .where(eq(cooperatives.id, user.cooperativeId));
    if (cooperative?.status !== 'active') {
      await writeAudit(db, {
        actorId: user.id,
        action: 'auth.sign_in',
        outcome: 'refused',
        targetType: 'user',
        targetId: user.id,
        after: { method: kind, reason: 'cooperative_closed' },
      });
      throw new AppError('FORBIDDEN', authMessages.cooperativeClosed);
    }
    if (user.mfaEnabledAt) {
      await writeAudit(db, {
        actorId: user.id,
        action: 'auth.first_factor',
        outcome: 'success',
        targetType: 'user',
        targetId: user.id,
        after: { method: kind, secondFactor: 'asked' },
      });
      return twoFactor.challenge(user.id, method);
    }
    return signIn(user.id, kind);
  }

  /** A sign-in with every factor it needs: the account's last sign-in, its audit row and a new session. */
  async function signIn(userId: string, method: string): Promise<{ token: string }> {
    await db.update(users).set({ lastLoginAt: now() }).where(eq(users.id, userId));
    await writeAudit(db, {
      actorId: userId,
      action: 'auth.sign_in',
      outcome: 'success',
      targetType: 'user',
      targetId: userId,
      after: { method },
    });
    return { token: await openSession(userId) };
  }

  const recovery = createRecoveryService({ db, config, limiter, twoFactor, finishSignIn, now });
  const assistedReset = createAssistedResetService({ db, config, limiter, twoFactor, now });

  const cooperativeStart = createCooperativeStart({ db, config, limiter, openSession, queueVerificationMail, now });
  const cooperativeJoin = createCooperativeJoin({ db, config, limiter, openSession });

  return {
    /** Starting a new cooperative with its founder (`/start`). */
    cooperativeStart,
    /** A cooperative's invitation link, and joining by it with an existing login. */
    cooperativeJoin,

    /**
     * The signed-in account as `GET /api/auth/me` answers it, with whether an admin must enrol in
     * two-factor sign-in before the back office.
     */
    /** The open cooperatives of the signed-in person, the session's own marked. */
    async cooperatives(user: AuthUser): Promise<MyCooperatives> {
      return (await cooperativesOfLogin(db, user.loginId)).map((row) => ({
        id: row.cooperativeId,
        name: row.name,
        isCurrent: row.cooperativeId === user.cooperativeId,
      }));
    },

    /**
     * A session for the person's row in another of their cooperatives (the same login, so no second
     * sign-in): its sign-in is recorded there, and the session it came from stays open.
     */
    async switchCooperative(user: AuthUser, body: SwitchCooperativeBody): Promise<{ token: string }> {
      const row = (await cooperativesOfLogin(db, user.loginId)).find(
        (each) => each.cooperativeId === body.cooperativeId,
      );
      if (!row) throw notFound(cooperativeSwitchMessages.notYours);
      enterCooperative(row.cooperativeId);
      return signIn(row.userId, 'switch');
    },

    async me(userId: string) {
      const [user] = await accountById.execute({ id: userId });
      if (!user) throw unauthenticated();
      const mfaRequired = user.isAdmin && config.mfa.requiredForAdmins;
      return { ...toUserView(user), mfaRequired, mfaEnrolmentRequired: mfaRequired && !user.mfaEnabledAt };
    },

    /**
     * Creates a member account (pending KYC) and answers a token for it. The address is not proven
     * yet: a link to confirm it is sent in the same transaction.
     */
    async register(input: RegisterBody, ip: string): Promise<{ token: string }> {
      await limiter.hit(addressKey('register', ip), config.rateLimits.registerPerIp, authMessages.tooManyRegistrations);
      const existing = await db.select({ id: logins.id }).from(logins).where(eq(logins.email, input.email)).limit(1);
      if (existing.length) throw conflict(authMessages.emailTaken);
      assertStrongPassword(input.password, 'password', [input.email]);
      const passwordHash = await hashPassword(input.password);
      // Joining by a cooperative's invitation link; else the installation's first cooperative.
      const invitedTo = input.cooperative ? await cooperativeJoin.cardOf(input.cooperative) : null;
      const userId = await db.transaction(async (tx) => {
        const account = await insertAccount(
          tx,
          { email: input.email, passwordHash, passwordSetAt: now() },
          invitedTo ? { cooperativeId: invitedTo.id } : {},
        );
        // A registration racing this one for the same address took it first.
        if (!account) throw conflict(authMessages.emailTaken);
        await queueVerificationMail(tx, account);
        return account.id;
      });
      return { token: await openSession(userId) };
    },

    /** Confirms the address a verification link was sent to. Using a link twice is not an error. */
    async verifyEmail(input: VerifyEmailBody): Promise<{ verified: true }> {
      const claims = await verifyEmailToken(config.jwtSecret, input.token);
      if (claims === 'expired') throw new AppError('VALIDATION', emailVerificationMessages.expired);
      if (!claims) throw new AppError('VALIDATION', emailVerificationMessages.invalid);
      await db.transaction(async (tx) => {
        const [user] = await selectAccount(tx).where(eq(users.id, claims.userId)).for('update');
        if (!user || user.email !== claims.email) throw new AppError('VALIDATION', emailVerificationMessages.invalid);
        if (user.emailVerifiedAt) return;
        await tx.update(logins).set({ emailVerifiedAt: now(), updatedAt: now() }).where(eq(logins.id, user.loginId));
        await writeAudit(tx, {
          actorId: user.id,
          action: 'account.verify_email',
          targetType: 'user',
          targetId: user.id,
        });
      });
      return { verified: true };
    },

    /** Sends a new verification link, a few an hour at most. */
    async resendVerification(userId: string): Promise<{ sent: true }> {
      const [user] = await selectAccount(db).where(eq(users.id, userId));
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
      if (user.emailVerifiedAt) throw conflict(emailVerificationMessages.alreadyVerified);
      await limiter.hit(`verify-email:account:${user.id}`, VERIFICATION_SENDS, emailVerificationMessages.tooManySends);
      await queueVerificationMail(db, user);
      return { sent: true };
    },

    /**
     * Signs in. Unknown e-mail and wrong password answer alike. Every attempt is counted before the
     * password is checked, in one atomic statement, so parallel guesses cannot slip past the limit:
     * per address, and per account from that address (a stranger elsewhere cannot lock the owner
     * out). A success clears the account's count (with two-factor on, only once the code is right).
     */
    async login(input: LoginBody, ip: string): Promise<LoginAnswer> {
      const accountKey = passwordAttemptKey(input.email, ip);
      // A person in several cooperatives signs in to the one they used last, an active one first.
      const [user] = await selectAccount(db)
        .where(eq(logins.email, input.email))
        .orderBy(...signInOrder)
        .limit(1);
      // Who the attempt was about: the account, or only a keyed hash of an address that has none.
      const subject = user
        ? { actorId: user.id, targetType: 'user', targetId: user.id }
        : { actorId: null, targetType: 'email', targetId: hashEmailForAudit(config.jwtSecret, input.email) };
      const dayKey = dailyPasswordKey(input.email);
      try {
        await limiter.hit(addressKey('login', ip), config.rateLimits.loginPerIp, authMessages.tooManyLogins);
        await limiter.hit(accountKey, config.rateLimits.loginPerAccount, authMessages.tooManyLogins);
        // Counted before the check like the others (and taken back when right), so parallel guesses
        // cannot pass it. Past it the owner is not locked out: an e-mailed link still signs them in.
        const day = await limiter.count(dayKey, config.rateLimits.loginPerAccountDay);
        if (day.count > config.rateLimits.loginPerAccountDay.limit) {
          throw tooMany(recoveryMessages.dailyCeiling, day.retryAfter);
        }
      } catch (error) {
        await writeAudit(db, {
          ...subject,
          action: 'auth.lock_out',
          outcome: 'refused',
          after: {
            method: 'password',
            ...(error instanceof AppError && error.message === recoveryMessages.dailyCeiling ? { scope: 'day' } : {}),
          },
        });
        throw error;
      }

      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) {
        await writeAudit(db, { ...subject, action: 'auth.sign_in', outcome: 'failure', after: { method: 'password' } });
        throw new AppError('UNAUTHENTICATED', authMessages.invalidCredentials);
      }
      if (user.accountStatus !== 'active') {
        await writeAudit(db, {
          ...subject,
          action: 'auth.sign_in',
          outcome: 'refused',
          after: { method: 'password', reason: 'suspended' },
        });
        throw new AppError('FORBIDDEN', authMessages.suspended);
      }
      // With a second factor the password's count is cleared only once that step succeeds too, so
      // a known password does not buy fresh guesses at the code.
      if (!user.mfaEnabledAt) await limiter.reset(accountKey);
      await limiter.uncount(dayKey);
      return finishSignIn(user, 'password');
    },

    /** Finishes a sign-in that needed a second factor. */
    async loginWithCode(input: LoginMfaBody, ip: string): Promise<{ token: string }> {
      const user = await twoFactor.completeChallenge(input, ip);
      if (user.method === 'password') await limiter.reset(passwordAttemptKey(user.email, ip));
      return signIn(user.id, 'two-factor');
    },

    /**
     * Confirms a sensitive change by typing the password again (a two-factor code for an account
     * without one); the session counts as freshly confirmed for five minutes.
     */
    async reauthenticate(userId: string, sessionId: string, input: ReauthenticateBody, ip: string) {
      const [user] = await selectAccount(db).where(eq(users.id, userId));
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
      if (user.passwordHash) {
        if (!input.password) {
          throw new AppError('VALIDATION', reauthMessages.passwordRequired, {
            details: { password: reauthMessages.passwordRequired },
          });
        }
        await checkCurrentPassword(user, input.password, ip).catch((error: unknown) => {
          // The field here is the password, not a "current password".
          if (error instanceof AppError && error.code === 'VALIDATION') {
            throw new AppError('VALIDATION', reauthMessages.passwordWrong, {
              details: { password: reauthMessages.passwordWrong },
            });
          }
          throw error;
        });
      } else if (input.code && (await emailProof.isWaiting(sessionId))) {
        // No password: the code e-mailed to this session (modules/auth/email-proof.ts).
        await emailProof.check(sessionId, input.code);
      } else if (user.mfaEnabledAt) {
        await twoFactor.confirmCode(user.id, input.code);
      } else {
        throw new AppError('FORBIDDEN', reauthMessages.noPassword);
      }
      const at = now();
      await db.update(sessions).set({ reauthenticatedAt: at }).where(eq(sessions.id, sessionId));
      return { reauthenticatedAt: at.toISOString() };
    },

    /** E-mails a one-time code to an account without a password, to confirm a sensitive change with. */
    async sendReauthCode(userId: string, sessionId: string): Promise<{ sent: true }> {
      await emailProof.send(userId, sessionId);
      return { sent: true };
    },

    /** Ends one session on the server: its token stops working everywhere. */
    async logout(userId: string, sessionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(sessions)
          .set({ revokedAt: now() })
          .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
        await writeAudit(tx, {
          actorId: userId,
          action: 'auth.sign_out',
          outcome: 'success',
          targetType: 'user',
          targetId: userId,
        });
      });
    },

    /** Ends every session of the login, in every cooperative, this one included. */
    async logoutAll(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [own] = await tx.select({ loginId: users.loginId }).from(users).where(eq(users.id, userId));
        if (!own) throw unauthenticated();
        const ended = await tx
          .update(sessions)
          .set({ revokedAt: now() })
          .where(and(inArray(sessions.userId, rowsOfLogin(own.loginId)), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        await writeAudit(tx, {
          actorId: userId,
          action: 'auth.sign_out_all',
          outcome: 'success',
          targetType: 'user',
          targetId: userId,
          after: { sessionsEnded: ended.length },
        });
      });
    },

    /**
     * Changes the password (the current one is required when the account has one) and ends every
     * other session, so a stolen token stops working.
     */
    async changePassword(userId: string, sessionId: string, input: ChangePasswordBody, ip: string): Promise<void> {
      const [user] = await selectAccount(db).where(eq(users.id, userId));
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
      if (user.passwordHash) {
        if (!input.currentPassword) {
          throw new AppError('VALIDATION', accountMessages.currentPasswordRequired, {
            details: { currentPassword: accountMessages.currentPasswordRequired },
          });
        }
        await checkCurrentPassword(user, input.currentPassword, ip);
        if (input.currentPassword === input.newPassword) {
          throw new AppError('VALIDATION', accountMessages.samePassword, {
            details: { newPassword: accountMessages.samePassword },
          });
        }
      }
      assertStrongPassword(input.newPassword, 'newPassword', [user.email, user.fullName]);
      const passwordHash = await hashPassword(input.newPassword);
      // A password replaced from a session keeps the standing of the one it replaces: one chosen
      // before the address was proven does not make its successor the owner's choice.
      const passwordSetAt = user.passwordHash && !isPasswordProven(user) ? user.passwordSetAt : now();
      await db.transaction(async (tx) => {
        await tx
          .update(logins)
          .set({ passwordHash, passwordSetAt, passwordChangeRequired: false, updatedAt: now() })
          .where(eq(logins.id, user.loginId));
        await tx
          .update(sessions)
          .set({ revokedAt: now() })
          .where(
            and(
              inArray(sessions.userId, rowsOfLogin(user.loginId)),
              isNull(sessions.revokedAt),
              ne(sessions.id, sessionId),
            ),
          );
        await writeAudit(tx, {
          actorId: userId,
          action: 'account.change_password',
          targetType: 'user',
          targetId: userId,
        });
      });
    },

    async emailPreferences(userId: string): Promise<EmailPreferences> {
      const [user] = await db.select({ preferences: users.emailPreferences }).from(users).where(eq(users.id, userId));
      return { ...defaultEmailPreferences, ...(user?.preferences ?? {}) };
    },

    async setEmailPreferences(userId: string, preferences: EmailPreferences): Promise<EmailPreferences> {
      await db.update(users).set({ emailPreferences: preferences, updatedAt: now() }).where(eq(users.id, userId));
      return preferences;
    },

    /**
     * Signs in with a verified third-party identity, keyed on issuer and subject. An existing
     * e-mail account is linked only when the provider says the e-mail is verified; otherwise a new
     * account starts in the wizard like any other.
     */
    async signInWithIdentity(identity: ExternalIdentity): Promise<LoginAnswer> {
      const [linked] = await selectAccount(db)
        .where(and(eq(logins.oidcIssuer, identity.issuer), eq(logins.oidcSubject, identity.subject)))
        .orderBy(...signInOrder)
        .limit(1);
      let user = linked;
      if (!user) {
        if (!identity.email) throw new AppError('VALIDATION', authMessages.providerNoEmail);
        const [byEmail] = await selectAccount(db)
          .where(eq(logins.email, identity.email))
          .orderBy(...signInOrder)
          .limit(1);
        if (byEmail) {
          if (!identity.emailVerified) throw conflict(authMessages.unverifiedLink);
          if (byEmail.oidcSubject) throw conflict(authMessages.otherIdentity);
          user = await linkIdentity(byEmail.id, identity);
        } else {
          const made = await db.transaction((tx) =>
            insertAccount(tx, {
              email: identity.email!,
              oidcIssuer: identity.issuer,
              oidcSubject: identity.subject,
              emailVerifiedAt: identity.emailVerified ? now() : null,
            }),
          );
          if (!made) throw conflict(authMessages.emailTaken);
          user = made;
        }
      } else if (identity.emailVerified && !user.emailVerifiedAt && identity.email === user.email) {
        const emailVerifiedAt = now();
        await db.update(logins).set({ emailVerifiedAt }).where(eq(logins.id, user.loginId));
        user = { ...user, emailVerifiedAt };
      }
      if (user!.accountStatus !== 'active') throw new AppError('FORBIDDEN', authMessages.suspended);
      return finishSignIn(user!, identity.issuer);
    },

    openSession,
    checkCurrentPassword,
    twoFactor,
    recovery,
    assistedReset,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
