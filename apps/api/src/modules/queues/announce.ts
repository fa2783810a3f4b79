import { queueOf, type QueueKey } from '@letsema/domain';
import { and, eq, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notifications, users } from '../../db/schema.js';
import { buildMail } from '../../lib/mail.js';
import { asSubject, cooperativeName, queueMail } from '../notifications/service.js';

/** What entered a queue, for the admins who decide it. */
export interface WaitingItem {
  /** Who caused it (every admin who signed it): they are not told of their own doing. */
  by: string | readonly string[] | null;
  /** One sentence naming the item ("Payment of R 500.00 from Thandi Mokoena."). */
  what: string;
  /** The admin page where it is decided, when closer than the queue's own page. */
  path?: string;
  publicUrl: string;
}

/**
 * Tells every active admin whose roles decide queue `key`, except whoever caused it, that an item
 * waits: one in-app notification each and one e-mail each through the outbox (as their e-mail
 * preferences allow), written with the caller's transaction so they exist exactly when the item does.
 * Call it once where an item enters the queue, never where it is read.
 */
export async function announceWaiting(tx: Executor, key: QueueKey, item: WaitingItem): Promise<void> {
  const queue = queueOf(key);
  const byIds = item.by === null ? [] : typeof item.by === 'string' ? [item.by] : [...item.by];
  const admins = await tx
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      preferences: users.emailPreferences,
      cooperative: cooperativeName,
    })
    .from(users)
    .where(
      and(
        eq(users.isAdmin, true),
        eq(users.accountStatus, 'active'),
        or(eq(users.isSuperAdmin, true), sql`${users.adminRoles} @> ${JSON.stringify([queue.role])}::jsonb`),
        byIds.length ? notInArray(users.id, byIds) : undefined,
      ),
    );
  if (admins.length === 0) return;
  const title = `${queue.item} waits for you`;
  const paragraphs = [item.what, `It is in ${queue.label}, waiting for a decision by an admin with your role.`];
  const path = item.path ?? queue.path;
  await tx.insert(notifications).values(
    admins.map((admin) => ({
      userId: admin.id,
      category: queue.category,
      title,
      message: paragraphs.join(' '),
    })),
  );
  for (const admin of admins) {
    if (admin.preferences?.[queue.category] === false) continue;
    const mail = buildMail({
      publicUrl: item.publicUrl,
      subject: `Letsema: ${asSubject(title)}`,
      greetingName: admin.fullName,
      paragraphs,
      action: { label: `Open ${queue.label}`, path },
      cooperative: admin.cooperative,
    });
    await queueMail(tx, { ...mail, to: admin.email });
  }
}
