import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  ASSISTED_RESET_HOURS,
  assistedResetMessages,
  singleChecker,
  type AssistedReset,
  type AssistedResetCompleteBody,
} from '@letsema/domain';
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { accountLinks, logins, users } from '../../db/schema.js';
import { accountColumns } from '../../db/accounts.js';
import { addressKey } from '../../lib/address-group.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { assertCanDecide } from '../../lib/maker-checker.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { hashNewPassword, setResetPassword } from './recovery.js';
import { announceWaiting } from '../queues/announce.js';
import type { TwoFactorService } from './two-factor.js';

/**
 * Assisted resets are rows of `account_links`: waiting for a second admin under one purpose (with a
 * random hash no code matches), then, once approved, under another with the hash of the one-time code.
 */
/** The purpose of a reset waiting for its second admin (the password-reset queue counts these). */
export const ASSISTED_RESET_PENDING = 'assisted_reset_pending';
const PENDING = ASSISTED_RESET_PENDING;
const APPROVED = 'assisted_reset';
/** A reset nobody decided lapses after a week. */
const PENDING_DAYS = 7;
/** Codes tried for one address in an hour. */
const TRIES_PER_ADDRESS = { limit: 5, windowSeconds: 60 * 60 };
// No 0/o, 1/l/i: the code is read out or written down.
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const hashCode = (code: string) => createHash('sha256').update(`assisted-reset:${code}`).digest('base64url');

/** Twelve characters in groups of four (about 59 bits). */
function newCode(): string {
  const chars = Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return [0, 4, 8].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

/** The code as typed: spaces and dashes left out, then grouped again. */
function normaliseCode(typed: string): string {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '');
  return [0, 4, 8].map((start) => plain.slice(start, start + 4)).join('-');
}

/**
 * A password reset for a member who cannot read their e-mail: a member_management admin starts it,
 * a second one approves (the maker-checker policy), and the approval answers a one-time code, once,
 * that the member uses with a new password at `/assisted-reset`.
 */
export function createAssistedResetService(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'rateLimits'>;
  limiter: RateLimiter;
  twoFactor: Pick<TwoFactorService, 'confirmCode'>;
  now: () => Date;
}) {
  const { db, config, limiter, twoFactor, now } = deps;
  const maker = alias(users, 'maker');

  async function viewsOf(executor: Executor, where: ReturnType<typeof and>): Promise<AssistedReset[]> {
    const rows = await executor
      .select({
        link: accountLinks,
        member: { id: users.id, fullName: users.fullName },
        maker: { id: maker.id, fullName: maker.fullName },
      })
      .from(accountLinks)
      .innerJoin(users, eq(users.id, accountLinks.userId))
      .leftJoin(maker, eq(maker.id, accountLinks.requestedBy))
      .where(where)
      .orderBy(desc(accountLinks.createdAt));
    return rows.map(({ link, member, maker: by }) => ({
      id: link.id,
      status: link.purpose === APPROVED ? 'approved' : 'pending',
      member,
      maker: by?.id ? by : null,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
    }));
  }

  const isOpen = () => and(isNull(accountLinks.usedAt), gt(accountLinks.expiresAt, now()));

  /** The reset waiting for a decision, locked, that `actorId` may decide; the maker-checker refusals otherwise. */
  async function decidable(tx: Executor, actorId: string, id: string) {
    const [link] = await tx
      .select()
      .from(accountLinks)
      .where(and(eq(accountLinks.id, id), eq(accountLinks.purpose, PENDING), isOpen()))
      .for('update');
    if (!link) throw notFound(assistedResetMessages.notWaiting);
    if (link.userId === actorId) throw new AppError('MAKER_CHECKER', assistedResetMessages.ownAccount);
    assertCanDecide(
      actorId,
      { makerId: link.requestedBy ?? '', amountCents: 0, approverIds: [] },
      singleChecker(assistedResetMessages.makerDecides),
    );
    return link;
  }

  return {
    /** Starts a reset for a member (not an admin: admins get a reset link from a staff manager). */
    async start(actorId: string, memberId: string): Promise<AssistedReset> {
      return db.transaction(async (tx) => {
        const [member] = await tx.select().from(users).where(eq(users.id, memberId)).for('update');
        if (!member || member.isAdmin || member.accountStatus !== 'active') {
          throw notFound(assistedResetMessages.memberOnly);
        }
        if (member.id === actorId) throw new AppError('MAKER_CHECKER', assistedResetMessages.ownAccount);
        const at = now();
        // One reset at a time: an earlier one, decided or not, stops counting.
        await tx
          .update(accountLinks)
          .set({ expiresAt: at })
          .where(and(eq(accountLinks.userId, memberId), inArray(accountLinks.purpose, [PENDING, APPROVED]), isOpen()));
        const [link] = await tx
          .insert(accountLinks)
          .values({
            userId: memberId,
            purpose: PENDING,
            tokenHash: hashCode(randomBytes(32).toString('base64url')),
            requestedBy: actorId,
            expiresAt: new Date(at.getTime() + PENDING_DAYS * 24 * 60 * 60 * 1000),
          })
          .returning({ id: accountLinks.id });
        await writeAudit(tx, {
          actorId,
          action: 'account.assisted_reset_start',
          targetType: 'user',
          targetId: memberId,
        });
        await announceWaiting(tx, 'passwordResets', {
          by: actorId,
          what: `A password reset for ${member.fullName ?? 'a member'}, who cannot read their e-mail, waits for a second admin.`,
          path: `/admin/members/${memberId}`,
          publicUrl: config.publicUrl,
        });
        const [view] = await viewsOf(tx, and(eq(accountLinks.id, link!.id)));
        return view!;
      });
    },

    /** Resets waiting for a second admin, and approved ones whose code is not used yet. */
    list(): Promise<AssistedReset[]> {
      return viewsOf(db, and(inArray(accountLinks.purpose, [PENDING, APPROVED]), isOpen()));
    },

    /** A second admin approves: answers the one-time code, once; only its hash is kept. */
    async approve(actorId: string, id: string): Promise<AssistedReset & { code: string }> {
      const code = newCode();
      return db.transaction(async (tx) => {
        const link = await decidable(tx, actorId, id);
        const at = now();
        await tx
          .update(accountLinks)
          .set({
            purpose: APPROVED,
            tokenHash: hashCode(code),
            expiresAt: new Date(at.getTime() + ASSISTED_RESET_HOURS * 60 * 60 * 1000),
          })
          .where(eq(accountLinks.id, id));
        await writeAudit(tx, {
          actorId,
          action: 'account.assisted_reset_approve',
          targetType: 'user',
          targetId: link.userId,
          after: { makerId: link.requestedBy },
        });
        const [view] = await viewsOf(tx, and(eq(accountLinks.id, id)));
        return { ...view!, code };
      });
    },

    /** A second admin refuses: the reset ends. */
    async reject(actorId: string, id: string): Promise<{ rejected: true }> {
      await db.transaction(async (tx) => {
        const link = await decidable(tx, actorId, id);
        const at = now();
        await tx.update(accountLinks).set({ usedAt: at, expiresAt: at }).where(eq(accountLinks.id, id));
        await writeAudit(tx, {
          actorId,
          action: 'account.assisted_reset_reject',
          targetType: 'user',
          targetId: link.userId,
          after: { makerId: link.requestedBy },
        });
      });
      return { rejected: true };
    },

    /**
     * The member sets a new password with the code (the registration strength rule; the second
     * factor when two-factor is on); every session ends. A wrong code, another address, a used or
     * expired code answer alike.
     */
    async complete(input: AssistedResetCompleteBody, ip: string): Promise<{ reset: true }> {
      await limiter.hit(addressKey('assisted-reset', ip), config.rateLimits.loginPerIp, assistedResetMessages.tooMany);
      await limiter.hit(`assisted-reset:email:${input.email}`, TRIES_PER_ADDRESS, assistedResetMessages.tooMany);
      const wrong = () =>
        new AppError('VALIDATION', assistedResetMessages.codeWrong, {
          details: { resetCode: assistedResetMessages.codeWrong },
        });
      const open = async (executor: Executor, lock = false) => {
        const query = executor
          .select({ link: accountLinks, user: accountColumns })
          .from(accountLinks)
          .innerJoin(users, eq(users.id, accountLinks.userId))
          .innerJoin(logins, eq(logins.id, users.loginId))
          .where(
            and(
              eq(accountLinks.tokenHash, hashCode(normaliseCode(input.resetCode))),
              eq(accountLinks.purpose, APPROVED),
              eq(users.email, input.email),
              eq(users.accountStatus, 'active'),
              isOpen(),
            ),
          );
        const [row] = lock ? await query.for('update') : await query;
        if (!row) throw wrong();
        return row;
      };
      const { user } = await open(db);
      const passwordHash = await hashNewPassword(twoFactor, user, input);
      await db.transaction(async (tx) => {
        const { link, user: owner } = await open(tx, true);
        const sessionsEnded = await setResetPassword(tx, config.publicUrl, owner, {
          linkId: link.id,
          at: now(),
          login: { passwordHash },
          changedWith: 'with a one-time code from the cooperative',
        });
        await writeAudit(tx, {
          actorId: owner.id,
          action: 'account.assisted_reset',
          targetType: 'user',
          targetId: owner.id,
          after: { sessionsEnded, makerId: link.requestedBy },
        });
      });
      return { reset: true };
    },
  };
}

export type AssistedResetService = ReturnType<typeof createAssistedResetService>;
