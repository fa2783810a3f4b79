import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { EMAILED_CODE_MINUTES, emailedCodeMessages } from '@letsema/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { logins, reauthCodes, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { buildMail } from '../../lib/mail.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { queueMail } from '../notifications/service.js';

const MAX_ATTEMPTS = 5;
const SENDS_PER_HOUR = { limit: 5, windowSeconds: 60 * 60 };

/**
 * Proof of identity for an account with neither a password nor two-factor (signed in with a
 * provider only): a six-digit code e-mailed to the account's address, bound to the session that asked.
 * Whoever holds only the session cannot read the member's e-mail, so cannot confirm a payout.
 */
export function createEmailProof(deps: { db: Db; config: Pick<Config, 'publicUrl' | 'jwtSecret'> }) {
  const { db, config } = deps;
  const limiter = createRateLimiter(db);
  const hash = (sessionId: string, code: string) =>
    createHmac('sha256', Buffer.from(config.jwtSecret)).update(`reauth-code:${sessionId}:${code}`).digest();

  return {
    /** E-mails a new code for the session (one a minute, five an hour per account). */
    async send(userId: string, sessionId: string): Promise<void> {
      const [user] = await db
        .select({
          email: users.email,
          fullName: users.fullName,
          hasPassword: sql<boolean>`${logins.passwordHash} is not null`,
        })
        .from(users)
        .innerJoin(logins, eq(logins.id, users.loginId))
        .where(eq(users.id, userId));
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
      if (user.hasPassword) throw new AppError('INVALID_STATE', emailedCodeMessages.hasPassword);
      const [recent] = await db
        .select({ sessionId: reauthCodes.sessionId })
        .from(reauthCodes)
        .where(and(eq(reauthCodes.sessionId, sessionId), gt(reauthCodes.createdAt, sql`now() - interval '1 minute'`)));
      if (recent) throw new AppError('RATE_LIMITED', emailedCodeMessages.tooSoon);
      await limiter.hit(`reauth-code:account:${userId}`, SENDS_PER_HOUR, emailedCodeMessages.tooMany);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.transaction(async (tx) => {
        const values = {
          codeHash: hash(sessionId, code).toString('base64url'),
          expiresAt: sql`now() + make_interval(mins => ${EMAILED_CODE_MINUTES})`,
          attempts: 0,
          createdAt: sql`now()`,
        };
        await tx
          .insert(reauthCodes)
          .values({ sessionId, ...values })
          .onConflictDoUpdate({ target: reauthCodes.sessionId, set: values });
        await queueMail(tx, {
          to: user.email,
          ...buildMail({
            publicUrl: config.publicUrl,
            subject: 'Letsema: your confirmation code',
            greetingName: user.fullName,
            paragraphs: [
              `Your code to confirm it is you is ${code}. It works for ${EMAILED_CODE_MINUTES} minutes, on the device that asked for it.`,
              'If you did not ask for it, someone may be using your account: sign out everywhere and contact the cooperative.',
            ],
          }),
        });
      });
    },

    /** Whether the session has a code waiting. */
    async isWaiting(sessionId: string): Promise<boolean> {
      const [row] = await db
        .select({ sessionId: reauthCodes.sessionId })
        .from(reauthCodes)
        .where(and(eq(reauthCodes.sessionId, sessionId), gt(reauthCodes.expiresAt, sql`now()`)));
      return Boolean(row);
    },

    /** Accepts the session's code once (refused after five wrong tries or ten minutes). */
    async check(sessionId: string, code: string): Promise<void> {
      const wrong = () =>
        new AppError('VALIDATION', emailedCodeMessages.wrong, { details: { code: emailedCodeMessages.wrong } });
      if (!/^\d{6}$/.test(code.trim())) throw wrong();
      await db
        .transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(reauthCodes)
            .where(and(eq(reauthCodes.sessionId, sessionId), gt(reauthCodes.expiresAt, sql`now()`)))
            .for('update');
          if (!row || row.attempts >= MAX_ATTEMPTS) throw wrong();
          const expected = Buffer.from(row.codeHash, 'base64url');
          const given = hash(sessionId, code.trim());
          if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
            await tx
              .update(reauthCodes)
              .set({ attempts: sql`${reauthCodes.attempts} + 1` })
              .where(eq(reauthCodes.sessionId, sessionId));
            return 'wrong' as const;
          }
          await tx.delete(reauthCodes).where(eq(reauthCodes.sessionId, sessionId));
          return 'right' as const;
        })
        .then((result) => {
          if (result === 'wrong') throw wrong();
        });
    },
  };
}

export type EmailProof = ReturnType<typeof createEmailProof>;
