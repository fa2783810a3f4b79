import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  twoFactorMessages,
  type DisableMfaBody,
  type EnableMfaBody,
  type LoginMfaBody,
  type MfaChallengeAnswer,
  type MfaSetup,
  type MfaStatus,
} from '@letsema/domain';
import { and, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { logins, mfaChallenges, mfaRecoveryCodes, users } from '../../db/schema.js';
import { rowsOfLogin, selectAccount, type Account } from '../../db/accounts.js';
import { addressKey } from '../../lib/address-group.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, conflict, invalidState } from '../../lib/errors.js';
import { buildMail } from '../../lib/mail.js';
import { tooMany, type RateLimiter } from '../../lib/rate-limit.js';
import { queueMail } from '../notifications/service.js';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, thirty seconds. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side, so a phone clock a little off still works. */
const WINDOW = 1;
const CHALLENGE_SECONDS = 5 * 60;
const MAX_CODE_ATTEMPTS = 5;
/**
 * Wrong second factors an account may get across all its challenges (a right password opens a new
 * one each time) in 15 minutes; the tenth pauses its second-factor sign-in for 15 minutes.
 */
export const ACCOUNT_WRONG_CODES = { limit: 10, windowSeconds: 15 * 60 };
export const ACCOUNT_PAUSE_SECONDS = 15 * 60;
/** The owner hears of a failed second step at most once an hour, however many follow. */
const FAILURE_MAIL_EVERY = { limit: 1, windowSeconds: 60 * 60 };
const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that cannot be mistaken for one another when copied by hand. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const ISSUER = 'Letsema';

/**
 * Encrypts a TOTP secret with AES-256-GCM. The login's id is authenticated with it, so a secret
 * copied into another login's row does not decrypt.
 */
export function sealSecret(key: Buffer, loginId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(loginId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(
    '.',
  );
}

export function openSecret(key: Buffer, loginId: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('Unknown two-factor secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(loginId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((group) => group.join('')).join('-');
}

function wrongCode(): AppError {
  return new AppError('VALIDATION', twoFactorMessages.codeWrong, { details: { code: twoFactorMessages.codeWrong } });
}

export interface TwoFactorDeps {
  db: Db;
  config: Pick<Config, 'mfa' | 'rateLimits' | 'publicUrl'>;
  limiter: RateLimiter;
  /** Checks the account's own password under the sign-in limit (from the auth service). */
  checkPassword: (user: Account, password: string, ip: string) => Promise<void>;
  now?: () => Date;
}

/** Two-factor sign-in with an authenticator app (TOTP) and single-use recovery codes. */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, config, limiter } = deps;
  const now = deps.now ?? (() => new Date());
  const key = config.mfa.encryptionKey;

  function totpFor(user: Account, secret: string): TOTP {
    return new TOTP({
      issuer: ISSUER,
      label: user.email,
      algorithm: 'SHA1',
      digits: DIGITS,
      period: PERIOD_SECONDS,
      secret: Secret.fromBase32(secret),
    });
  }

  /** The time step a code from the app matches, or null. */
  function matchingStep(totp: TOTP, code: string): number | null {
    const timestamp = now().getTime();
    const delta = totp.validate({ token: code, timestamp, window: WINDOW });
    if (delta === null) return null;
    return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
  }

  /**
   * Takes a time step for the login, atomically: a code is accepted only when its step is later
   * than the last one accepted, so the same code (or an older one) never works twice, even when
   * sent twice at the same moment.
   */
  async function claimStep(tx: Executor, loginId: string, step: number): Promise<boolean> {
    const claimed = await tx
      .update(logins)
      .set({ mfaLastStep: step })
      .where(and(eq(logins.id, loginId), or(isNull(logins.mfaLastStep), lt(logins.mfaLastStep, step))))
      .returning({ id: logins.id });
    return claimed.length === 1;
  }

  function hashRecoveryCode(code: string): string {
    return createHmac('sha256', key).update(normaliseRecoveryCode(code)).digest('base64url');
  }

  /** Uses one recovery code, atomically: answers false when it is wrong or already used. */
  async function useRecoveryCode(tx: Executor, loginId: string, code: string): Promise<boolean> {
    const used = await tx
      .update(mfaRecoveryCodes)
      .set({ usedAt: now() })
      .where(
        and(
          eq(mfaRecoveryCodes.loginId, loginId),
          eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(code)),
          isNull(mfaRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: mfaRecoveryCodes.id });
    return used.length === 1;
  }

  /** Checks a code of an account with two-factor on: six digits from the app, or a recovery code. */
  async function checkCode(tx: Executor, user: Account, code: string): Promise<'app' | 'recovery' | null> {
    if (!user.mfaSecret || !user.mfaEnabledAt) return null;
    const digits = code.replace(/\s+/g, '');
    if (/^\d{6}$/.test(digits)) {
      const step = matchingStep(totpFor(user, openSecret(key, user.loginId, user.mfaSecret)), digits);
      return step !== null && (await claimStep(tx, user.loginId, step)) ? 'app' : null;
    }
    return (await useRecoveryCode(tx, user.loginId, code)) ? 'recovery' : null;
  }

  /** Replaces the login's recovery codes with ten new ones, answered once in clear. */
  async function replaceRecoveryCodes(tx: Executor, loginId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.loginId, loginId));
    await tx.insert(mfaRecoveryCodes).values(codes.map((code) => ({ loginId, codeHash: hashRecoveryCode(code) })));
    return codes;
  }

  /** Turns two-factor on with the first code of the app just set up, inside the caller's transaction. */
  async function enableWithin(
    tx: Executor,
    userId: string,
    input: EnableMfaBody,
  ): Promise<{ recoveryCodes: string[] }> {
    const [user] = await selectAccount(tx).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
    if (user.mfaEnabledAt) throw conflict(twoFactorMessages.alreadyOn);
    if (!user.mfaPendingSecret) throw invalidState(twoFactorMessages.notSetUp);
    const secret = openSecret(key, user.loginId, user.mfaPendingSecret);
    const step = matchingStep(totpFor(user, secret), input.code);
    if (step === null) throw wrongCode();
    await tx
      .update(logins)
      .set({
        mfaSecret: user.mfaPendingSecret,
        mfaPendingSecret: null,
        mfaEnabledAt: now(),
        mfaLastStep: step,
        updatedAt: now(),
      })
      .where(eq(logins.id, user.loginId));
    const recoveryCodes = await replaceRecoveryCodes(tx, user.loginId);
    await writeAudit(tx, { actorId: user.id, action: 'account.mfa_enable', targetType: 'user', targetId: user.id });
    return { recoveryCodes };
  }

  async function loadUser(userId: string): Promise<Account> {
    const [user] = await selectAccount(db).where(eq(users.id, userId));
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
    return user;
  }

  /** A second-factor lock-out, for the audit log: of one challenge, or of the whole account. */
  async function auditLockOut(userId: string, scope: 'challenge' | 'account'): Promise<void> {
    await writeAudit(db, {
      actorId: userId,
      action: 'auth.lock_out',
      outcome: 'refused',
      targetType: 'user',
      targetId: userId,
      after: { method: 'two-factor', scope },
    });
  }

  /**
   * E-mails the owner that the first step of a sign-in succeeded and the second failed: whoever
   * tried knows the password (or holds the Google account). Once an hour at most, so a stream of
   * wrong codes sends one mail.
   */
  async function tellOwnerOfFailedStep(user: Account, method: string): Promise<void> {
    const sent = await limiter.count(`mfa:failure-mail:account:${user.loginId}`, FAILURE_MAIL_EVERY);
    if (sent.count > FAILURE_MAIL_EVERY.limit) return;
    const firstStep = method === 'password' ? 'your password was used' : 'your Google account was used';
    const mail = buildMail({
      publicUrl: config.publicUrl,
      subject: 'Letsema: your password was used and the second step failed',
      greetingName: user.fullName,
      paragraphs: [
        `Someone tried to sign in to your Letsema account: ${firstStep}, and the second step (the code from your authenticator app) failed.`,
        method === 'password'
          ? 'If this was you, you can ignore this e-mail. If it was not, change your password now: whoever tried knows it. Your two-factor sign-in kept them out.'
          : 'If this was you, you can ignore this e-mail. If it was not, secure your Google account now. Your two-factor sign-in kept them out.',
      ],
      action: { label: 'Open Settings', path: '/settings' },
    });
    await queueMail(db, { to: user.email, ...mail });
  }

  return {
    async status(userId: string): Promise<MfaStatus> {
      const user = await loadUser(userId);
      const [left] = await db
        .select({ n: count() })
        .from(mfaRecoveryCodes)
        .where(and(eq(mfaRecoveryCodes.loginId, user.loginId), isNull(mfaRecoveryCodes.usedAt)));
      return { enabled: user.mfaEnabledAt !== null, recoveryCodesLeft: user.mfaEnabledAt ? (left?.n ?? 0) : 0 };
    },

    /** Starts enrolment: a new secret, kept aside until a first code proves the app has it. */
    async setup(userId: string): Promise<MfaSetup> {
      const user = await loadUser(userId);
      if (user.mfaEnabledAt) throw conflict(twoFactorMessages.alreadyOn);
      const secret = new Secret({ size: 20 }).base32;
      await db
        .update(logins)
        .set({ mfaPendingSecret: sealSecret(key, user.loginId, secret), updatedAt: now() })
        .where(eq(logins.id, user.loginId));
      const otpauthUrl = totpFor(user, secret).toString();
      // Loaded when a code is first set up rather than at every start.
      const { default: QRCode } = await import('qrcode');
      const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
      return { secret, otpauthUrl, qrDataUrl };
    },

    /** Turns two-factor on with the first code of the app just set up; answers the recovery codes. */
    async enable(userId: string, input: EnableMfaBody): Promise<{ recoveryCodes: string[] }> {
      return db.transaction(async (tx) => enableWithin(tx, userId, input));
    },

    enableWithin,

    /** Turns two-factor off with the password (when the account has one) and a code. */
    async disable(userId: string, input: DisableMfaBody, ip: string): Promise<void> {
      const user = await loadUser(userId);
      if (!user.mfaEnabledAt) throw invalidState(twoFactorMessages.notOn);
      if (user.isAdmin && config.mfa.requiredForAdmins) throw invalidState(twoFactorMessages.requiredForAdmins);
      if (user.passwordHash) {
        if (!input.password) {
          throw new AppError('VALIDATION', twoFactorMessages.passwordRequired, {
            details: { password: twoFactorMessages.passwordRequired },
          });
        }
        await deps.checkPassword(user, input.password, ip);
      }
      await limiter.hit(
        `mfa:account:${user.loginId}`,
        config.rateLimits.loginPerAccount,
        twoFactorMessages.tooManyCodes,
      );
      await db.transaction(async (tx) => {
        if (!(await checkCode(tx, user, input.code))) throw wrongCode();
        await tx
          .update(logins)
          .set({ mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaLastStep: null, updatedAt: now() })
          .where(eq(logins.id, user.loginId));
        await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.loginId, user.loginId));
        await writeAudit(tx, {
          actorId: user.id,
          action: 'account.mfa_disable',
          targetType: 'user',
          targetId: user.id,
        });
      });
    },

    /** Replaces the recovery codes, after a code proves the holder still has the second factor. */
    async newRecoveryCodes(userId: string, code: string): Promise<{ recoveryCodes: string[] }> {
      const user = await loadUser(userId);
      if (!user.mfaEnabledAt) throw invalidState(twoFactorMessages.notOn);
      await limiter.hit(
        `mfa:account:${user.loginId}`,
        config.rateLimits.loginPerAccount,
        twoFactorMessages.tooManyCodes,
      );
      return db.transaction(async (tx) => {
        if (!(await checkCode(tx, user, code))) throw wrongCode();
        const recoveryCodes = await replaceRecoveryCodes(tx, user.loginId);
        await writeAudit(tx, {
          actorId: user.id,
          action: 'account.mfa_recovery_codes',
          targetType: 'user',
          targetId: user.id,
        });
        return { recoveryCodes };
      });
    },

    /** Checks a code of a signed-in account (to confirm a sensitive step), under the code limit. */
    async confirmCode(userId: string, code: string): Promise<void> {
      const user = await loadUser(userId);
      await limiter.hit(
        `mfa:account:${user.loginId}`,
        config.rateLimits.loginPerAccount,
        twoFactorMessages.tooManyCodes,
      );
      await db.transaction(async (tx) => {
        if (!(await checkCode(tx, user, code))) throw wrongCode();
      });
    },

    /** After a right first factor: a challenge, alive five minutes, that one right code finishes. */
    async challenge(userId: string, method: string): Promise<MfaChallengeAnswer> {
      const [row] = await db
        .insert(mfaChallenges)
        .values({ userId, method, expiresAt: new Date(now().getTime() + CHALLENGE_SECONDS * 1000) })
        .returning({ id: mfaChallenges.id });
      return { mfaRequired: true, challenge: row!.id };
    },

    /**
     * Finishes a sign-in with its challenge and a code; answers the account. Each try is counted on
     * the challenge before the code is checked, so five wrong codes end it even when sent together;
     * and on the account across its challenges, so that a known password cannot open challenges
     * without end: ten wrong codes in 15 minutes pause the account's second-factor sign-in for 15
     * minutes (the right code too). The owner is e-mailed when a second step fails (at most once an
     * hour).
     */
    async completeChallenge(input: LoginMfaBody, ip: string): Promise<Account & { method: string }> {
      await limiter.hit(addressKey('login', ip), config.rateLimits.loginPerIp, twoFactorMessages.tooManyCodes);
      const [attempt] = await db
        .update(mfaChallenges)
        .set({ failedAttempts: sql`${mfaChallenges.failedAttempts} + 1` })
        .where(
          and(
            eq(mfaChallenges.id, input.challenge),
            isNull(mfaChallenges.usedAt),
            gt(mfaChallenges.expiresAt, now()),
            lt(mfaChallenges.failedAttempts, MAX_CODE_ATTEMPTS),
          ),
        )
        .returning();
      if (!attempt) {
        const [ended] = await db.select().from(mfaChallenges).where(eq(mfaChallenges.id, input.challenge));
        const tooManyHere = ended && !ended.usedAt && ended.failedAttempts >= MAX_CODE_ATTEMPTS;
        if (tooManyHere) await auditLockOut(ended.userId, 'challenge');
        throw new AppError(
          'UNAUTHENTICATED',
          tooManyHere ? twoFactorMessages.tooManyCodes : twoFactorMessages.challengeEnded,
        );
      }
      const user = await loadUser(attempt.userId);
      if (user.accountStatus !== 'active') throw new AppError('UNAUTHENTICATED', twoFactorMessages.challengeEnded);

      const pauseKey = `mfa:paused:account:${user.loginId}`;
      const wrongKey = `mfa:wrong:account:${user.loginId}`;
      const pausedFor = await limiter.heldFor(pauseKey, ACCOUNT_PAUSE_SECONDS);
      if (pausedFor > 0) {
        await auditLockOut(user.id, 'account');
        throw tooMany(twoFactorMessages.accountPaused, pausedFor);
      }
      // Counted before the code is judged, so codes sent together on many challenges cannot pass the
      // limit; a right code is taken back off the count.
      const counted = await limiter.count(wrongKey, ACCOUNT_WRONG_CODES);
      if (counted.count > ACCOUNT_WRONG_CODES.limit) {
        await limiter.hold(pauseKey);
        await auditLockOut(user.id, 'account');
        throw tooMany(twoFactorMessages.accountPaused, ACCOUNT_PAUSE_SECONDS);
      }

      const isRight = await db.transaction(async (tx) => {
        // A wrong code is answered after this transaction; the attempt was counted before it.
        if (!(await checkCode(tx, user, input.code))) return false;
        const finished = await tx
          .update(mfaChallenges)
          .set({ usedAt: now() })
          .where(and(eq(mfaChallenges.id, attempt.id), isNull(mfaChallenges.usedAt)))
          .returning({ id: mfaChallenges.id });
        if (!finished.length) throw new AppError('UNAUTHENTICATED', twoFactorMessages.challengeEnded);
        return true;
      });
      if (isRight) {
        await limiter.uncount(wrongKey);
        return { ...user, method: attempt.method };
      }
      await writeAudit(db, {
        actorId: user.id,
        action: 'auth.second_factor',
        outcome: 'failure',
        targetType: 'user',
        targetId: user.id,
      });
      await tellOwnerOfFailedStep(user, attempt.method);
      if (counted.count >= ACCOUNT_WRONG_CODES.limit) {
        await limiter.hold(pauseKey);
        await auditLockOut(user.id, 'account');
        throw tooMany(twoFactorMessages.accountPaused, ACCOUNT_PAUSE_SECONDS);
      }
      throw wrongCode();
    },

    /** Forgets every trace of two-factor on a login (used when a stranger may have set it). */
    async wipe(tx: Executor, loginId: string): Promise<void> {
      await tx
        .update(logins)
        .set({ mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaLastStep: null })
        .where(eq(logins.id, loginId));
      await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.loginId, loginId));
      await tx.delete(mfaChallenges).where(inArray(mfaChallenges.userId, rowsOfLogin(loginId)));
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
