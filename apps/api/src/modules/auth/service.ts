import {
  accountMessages,
  defaultEmailPreferences,
  type ChangePasswordBody,
  type EmailPreferences,
  type LoginBody,
  type RegisterBody,
} from '@letsema/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { AppError, conflict } from '../../lib/errors.js';
import { writeAudit } from '../../lib/audit.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import type { ExternalIdentity } from './google.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { signToken, TOKEN_LIFETIME_SECONDS } from './tokens.js';

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
} as const;

export interface AuthServiceDeps {
  db: Db;
  config: Pick<Config, 'jwtSecret' | 'rateLimits'>;
  now?: () => Date;
}

/** Accounts and sessions: registration, sign-in and sign-out. */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  const limiter = createRateLimiter(db);

  async function openSession(userId: string): Promise<string> {
    const issuedAt = now();
    const [session] = await db
      .insert(sessions)
      .values({ userId, createdAt: issuedAt, expiresAt: new Date(issuedAt.getTime() + TOKEN_LIFETIME_SECONDS * 1000) })
      .returning({ id: sessions.id });
    return signToken(config.jwtSecret, { userId, sessionId: session!.id }, issuedAt);
  }

  return {
    /** Creates a member account (pending KYC) and answers a token for it. */
    async register(input: RegisterBody, ip: string): Promise<{ token: string }> {
      await limiter.hit(`register:ip:${ip}`, config.rateLimits.registerPerIp, authMessages.tooManyRegistrations);
      const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
      if (existing.length) throw conflict(authMessages.emailTaken);
      const passwordHash = await hashPassword(input.password);
      const inserted = await db
        .insert(users)
        .values({ email: input.email, passwordHash })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      // A registration racing this one for the same address took it first.
      if (!inserted[0]) throw conflict(authMessages.emailTaken);
      return { token: await openSession(inserted[0].id) };
    },

    /**
     * Signs in. Unknown e-mail and wrong password answer alike. Failures count per account and
     * every attempt per address, each in a short window so the real owner is not locked out long.
     */
    async login(input: LoginBody, ip: string): Promise<{ token: string }> {
      const accountKey = `login:account:${input.email}`;
      await limiter.hit(`login:ip:${ip}`, config.rateLimits.loginPerIp, authMessages.tooManyLogins);
      await limiter.check(accountKey, config.rateLimits.loginPerAccount, authMessages.tooManyLogins);

      const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) {
        await limiter.count(accountKey, config.rateLimits.loginPerAccount);
        throw new AppError('UNAUTHENTICATED', authMessages.invalidCredentials);
      }
      if (user.accountStatus !== 'active') throw new AppError('FORBIDDEN', authMessages.suspended);
      await limiter.reset(accountKey);
      await db.update(users).set({ lastLoginAt: now() }).where(eq(users.id, user.id));
      return { token: await openSession(user.id) };
    },

    /** Ends one session on the server: its token stops working everywhere. */
    async logout(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Ends every session of the account, this one included. */
    async logoutAll(userId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    /**
     * Changes the password (the current one is required when the account has one) and ends every
     * other session, so a stolen token stops working.
     */
    async changePassword(userId: string, sessionId: string, input: ChangePasswordBody): Promise<void> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
      if (user.passwordHash) {
        if (!input.currentPassword) {
          throw new AppError('VALIDATION', accountMessages.currentPasswordRequired, {
            details: { currentPassword: accountMessages.currentPasswordRequired },
          });
        }
        if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
          throw new AppError('VALIDATION', accountMessages.currentPasswordWrong, {
            details: { currentPassword: accountMessages.currentPasswordWrong },
          });
        }
        if (input.currentPassword === input.newPassword) {
          throw new AppError('VALIDATION', accountMessages.samePassword, {
            details: { newPassword: accountMessages.samePassword },
          });
        }
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, userId));
        await tx
          .update(sessions)
          .set({ revokedAt: now() })
          .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, sessionId)));
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
    async signInWithIdentity(identity: ExternalIdentity): Promise<{ token: string }> {
      const [linked] = await db
        .select()
        .from(users)
        .where(and(eq(users.oidcIssuer, identity.issuer), eq(users.oidcSubject, identity.subject)));
      let user = linked;
      if (!user) {
        if (!identity.email) throw new AppError('VALIDATION', authMessages.providerNoEmail);
        const [byEmail] = await db.select().from(users).where(eq(users.email, identity.email));
        if (byEmail) {
          if (!identity.emailVerified) throw conflict(authMessages.unverifiedLink);
          if (byEmail.oidcSubject) throw conflict(authMessages.otherIdentity);
          [user] = await db
            .update(users)
            .set({ oidcIssuer: identity.issuer, oidcSubject: identity.subject, updatedAt: now() })
            .where(eq(users.id, byEmail.id))
            .returning();
        } else {
          const inserted = await db
            .insert(users)
            .values({
              email: identity.email,
              oidcIssuer: identity.issuer,
              oidcSubject: identity.subject,
              fullName: null,
            })
            .onConflictDoNothing()
            .returning();
          if (!inserted[0]) throw conflict(authMessages.emailTaken);
          user = inserted[0];
        }
      }
      if (user!.accountStatus !== 'active') throw new AppError('FORBIDDEN', authMessages.suspended);
      await db.update(users).set({ lastLoginAt: now() }).where(eq(users.id, user!.id));
      return { token: await openSession(user!.id) };
    },

    openSession,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
