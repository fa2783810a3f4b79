import { invitationMessage, joinMessages, type CooperativeCard, type InvitationLink } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { openCooperativeByLink } from '../../db/accounts.js';
import type { Db } from '../../db/client.js';
import { currentCooperativeId, enterCooperative } from '../../db/scope.js';
import { cooperatives, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-guard.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { addressKey } from '../../lib/address-group.js';

/** Joins a person may ask for in an hour: each is an application the cooperative's admins review. */
const JOINS_PER_HOUR = { limit: 5, windowSeconds: 60 * 60 };

/**
 * A cooperative's invitation link (`/join/<slug>`) and joining by it: a person who already has a
 * login joins with it, as an application of its own (a new row in that cooperative, waiting for its
 * registration and its admins' review, as a new member's does).
 */
export function createCooperativeJoin(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'rateLimits'>;
  limiter: RateLimiter;
  openSession: (userId: string) => Promise<string>;
}) {
  const { db, config, limiter } = deps;

  async function cardOf(slug: string): Promise<CooperativeCard> {
    const found = await openCooperativeByLink(db, slug);
    if (!found) throw notFound(joinMessages.noSuchCooperative);
    return found;
  }

  return {
    /** What the invitation page shows of the cooperative a link names; links tried are counted per address. */
    async cardFor(slug: string, ip: string): Promise<CooperativeCard> {
      await limiter.hit(addressKey('cooperative-link', ip), config.rateLimits.loginPerIp, joinMessages.tooManyLookups);
      return cardOf(slug);
    },

    /** The same, for a registration by the link (counted as a registration). */
    cardOf,

    /** The signed-in person joins the cooperative of `slug` with their login; a session there. */
    async join(user: AuthUser, slug: string): Promise<{ token: string }> {
      await limiter.hit(`join:login:${user.loginId}`, JOINS_PER_HOUR, joinMessages.tooManyJoins);
      const target = await cardOf(slug);
      // From here the request works in the cooperative joined: what it writes is that one's.
      enterCooperative(target.id);
      const joined = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ cooperativeId: target.id, loginId: user.loginId, email: user.email })
          .onConflictDoNothing({ target: [users.loginId, users.cooperativeId] })
          .returning({ id: users.id });
        if (!row) throw conflict(joinMessages.alreadyMember);
        await writeAudit(tx, {
          actorId: row.id,
          action: 'cooperative.join',
          targetType: 'cooperative',
          targetId: target.id,
          after: { from: user.cooperativeId },
        });
        return row;
      });
      return { token: await deps.openSession(joined.id) };
    },

    /** The current cooperative's invitation link, with a WhatsApp message and a QR code of it. */
    async invitation(): Promise<InvitationLink> {
      const [cooperative] = await db
        .select({ name: cooperatives.name, slug: cooperatives.slug })
        .from(cooperatives)
        .where(eq(cooperatives.id, currentCooperativeId()));
      if (!cooperative) throw notFound();
      const url = `${config.publicUrl}/join/${cooperative.slug}`;
      const { default: QRCode } = await import('qrcode');
      return {
        url,
        whatsappUrl: `https://wa.me/?text=${encodeURIComponent(invitationMessage(cooperative.name, url))}`,
        qrDataUrl: await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 }),
      };
    },
  };
}
