import { createHash, randomBytes } from 'node:crypto';
import {
  STAFF_INVITATION_HOURS,
  staffMessages,
  twoFactorMessages,
  type AcceptStaffInvitationBody,
  type MfaSetup,
  type StaffInvitationBody,
} from '@letsema/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { logins, staffInvitations, users } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { buildMail } from '../../lib/mail.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { queueMail } from '../notifications/service.js';
import { assertStrongPassword, hashPassword } from '../auth/passwords.js';
import type { AuthService } from '../auth/service.js';
import { roleNames, tellStaffManagers } from './grants.js';

type UserRow = typeof users.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The one answer for a link that is unknown, used, expired or for an account no longer waiting. */
const invalidLink = () => notFound(staffMessages.invitationInvalid);

export const invitationMessages = {
  tooManyTries: 'Too many tries with invitation links. Please wait a few minutes and try again.',
} as const;

/**
 * Makes a single-use invitation link for an invited admin (random, 72 hours, only its hash kept)
 * and e-mails it to them, in the caller's transaction. Earlier links of the account stop working.
 */
export async function issueInvitation(
  tx: Executor,
  deps: { publicUrl: string; now: () => Date },
  invitee: Pick<UserRow, 'id' | 'email' | 'fullName'>,
  inviter: Pick<UserRow, 'id' | 'fullName' | 'email'>,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const issuedAt = deps.now();
  await tx
    .update(staffInvitations)
    .set({ expiresAt: issuedAt })
    .where(and(eq(staffInvitations.userId, invitee.id), isNull(staffInvitations.usedAt)));
  await tx.insert(staffInvitations).values({
    userId: invitee.id,
    tokenHash: hashToken(token),
    invitedBy: inviter.id,
    expiresAt: new Date(issuedAt.getTime() + STAFF_INVITATION_HOURS * 60 * 60 * 1000),
  });
  await queueMail(tx, {
    to: invitee.email,
    ...buildMail({
      publicUrl: deps.publicUrl,
      subject: 'Letsema: you are invited to be an admin',
      greetingName: invitee.fullName,
      paragraphs: [
        `${inviter.fullName ?? inviter.email} invited you to help run the cooperative on Letsema as an admin.`,
        `Open the link within ${STAFF_INVITATION_HOURS} hours to choose your own password and set up two-factor sign-in. The link works once. Nobody else knows or sets your password.`,
        'If you did not expect this, ignore this e-mail.',
      ],
      action: { label: 'Accept the invitation', path: `/staff-invitation?token=${encodeURIComponent(token)}` },
    }),
  });
}

/**
 * The invitee's side of an invitation (public calls, limited per address like sign-in): read it,
 * then accept it with their own password and, while the cooperative requires it for admins, the
 * first code of their authenticator app. Accepting signs them in.
 */
export function createStaffInvitationService(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'mfa' | 'rateLimits'>;
  limiter: RateLimiter;
  auth: Pick<AuthService, 'openSession' | 'twoFactor'>;
  now?: () => Date;
}) {
  const { db, config, limiter, auth } = deps;
  const now = deps.now ?? (() => new Date());
  const mfaRequired = config.mfa.requiredForAdmins;

  async function countTry(ip: string) {
    await limiter.hit(`staff-invitation:ip:${ip}`, config.rateLimits.loginPerIp, invitationMessages.tooManyTries);
  }

  /** The open invitation a token names, with its account, or the one refusal for every bad link. */
  async function openInvitation(tx: Executor, token: string, lock = false) {
    const query = tx
      .select({ invitation: staffInvitations, user: users })
      .from(staffInvitations)
      .innerJoin(users, eq(users.id, staffInvitations.userId))
      .where(
        and(
          eq(staffInvitations.tokenHash, hashToken(token)),
          isNull(staffInvitations.usedAt),
          gt(staffInvitations.expiresAt, now()),
        ),
      );
    const [row] = lock ? await query.for('update') : await query;
    if (!row || row.user.accountStatus !== 'invited' || !row.user.isAdmin) throw invalidLink();
    return row;
  }

  return {
    async read(
      input: StaffInvitationBody,
      ip: string,
    ): Promise<{ fullName: string | null; email: string; mfaRequired: boolean; mfaSetup: MfaSetup | null }> {
      await countTry(ip);
      const { user } = await openInvitation(db, input.token);
      // Each opening of the page offers a new secret; the last one shown is the one accepted.
      const mfaSetup = mfaRequired ? await auth.twoFactor.setup(user.id) : null;
      return { fullName: user.fullName, email: user.email, mfaRequired, mfaSetup };
    },

    async accept(input: AcceptStaffInvitationBody, ip: string): Promise<{ token: string; recoveryCodes: string[] }> {
      await countTry(ip);
      const { user } = await openInvitation(db, input.token);
      assertStrongPassword(input.password, 'password', [user.email, user.fullName]);
      if (mfaRequired && !input.code) {
        throw new AppError('VALIDATION', twoFactorMessages.codeRequired, {
          details: { code: twoFactorMessages.codeRequired },
        });
      }
      const passwordHash = await hashPassword(input.password);
      const recoveryCodes = await db.transaction(async (tx) => {
        // Locked, so of two acceptances at the same moment the second finds the link used.
        const { invitation } = await openInvitation(tx, input.token, true);
        const [invitee] = await tx.select().from(users).where(eq(users.id, invitation.userId)).for('update');
        if (!invitee || invitee.accountStatus !== 'invited') throw invalidLink();
        const codes = mfaRequired
          ? (await auth.twoFactor.enableWithin(tx, invitee.id, { code: input.code! })).recoveryCodes
          : [];
        const acceptedAt = now();
        await tx
          .update(logins)
          // The link came to the address, so the address is proven, and the password is its owner's.
          .set({ passwordHash, emailVerifiedAt: acceptedAt, passwordSetAt: acceptedAt, updatedAt: acceptedAt })
          .where(eq(logins.id, invitee.loginId));
        await tx
          .update(users)
          .set({ accountStatus: 'active', lastLoginAt: acceptedAt, updatedAt: acceptedAt })
          .where(eq(users.id, invitee.id));
        await tx.update(staffInvitations).set({ usedAt: now() }).where(eq(staffInvitations.id, invitation.id));
        await writeAudit(tx, {
          actorId: invitee.id,
          action: 'staff.activate',
          targetType: 'user',
          targetId: invitee.id,
          after: { invitedBy: invitation.invitedBy, adminRoles: invitee.adminRoles, twoFactor: mfaRequired },
        });
        const [inviter] = invitation.invitedBy
          ? await tx.select().from(users).where(eq(users.id, invitation.invitedBy))
          : [];
        await tellStaffManagers(tx, config.publicUrl, {
          title: 'A new admin is active',
          paragraphs: [
            `${invitee.fullName ?? invitee.email} (${invitee.email}) accepted the invitation${inviter ? ` from ${inviter.fullName ?? inviter.email}` : ''} and can now sign in.`,
            `Roles in effect: ${roleNames(invitee.adminRoles)}.`,
          ],
        });
        return codes;
      });
      return { token: await auth.openSession(user.id), recoveryCodes };
    },
  };
}

export type StaffInvitationService = ReturnType<typeof createStaffInvitationService>;
