import {
  notificationMessages,
  type ListNotificationsQuery,
  type NotificationCategory,
  type NotificationPage,
  type NotificationView,
} from '@letsema/domain';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { cooperatives, emailOutbox, notifications, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { buildMail, maskLongDigitRuns } from '../../lib/mail.js';
import { isUuid } from '../../lib/tokens.js';

type NotificationRow = typeof notifications.$inferSelect;

export interface OutboxMail {
  subject: string;
  text: string;
  html?: string | null | undefined;
}

export interface NotifyInput {
  userId: string;
  category: NotificationCategory;
  title: string;
  message: string;
  /** Also e-mail the member (through the outbox) when given; build it with `buildMail`. */
  email?: OutboxMail | undefined;
}

/**
 * Tells a member about a change: writes the notification and, when `email` is given, an outbox
 * row addressed to the member's e-mail. Call it with the transaction of the change it reports, so
 * the change, the notification and the e-mail are kept or rolled back together.
 */
export async function notify(executor: Executor, input: NotifyInput): Promise<{ id: string }> {
  const [row] = await executor
    .insert(notifications)
    .values({ userId: input.userId, category: input.category, title: input.title, message: input.message })
    .returning({ id: notifications.id });
  if (input.email) {
    const [user] = await executor
      .select({ email: users.email, preferences: users.emailPreferences })
      .from(users)
      .where(eq(users.id, input.userId))
      .limit(1);
    // The member chose which categories also come by e-mail; the notification is written either way.
    if (user!.preferences?.[input.category] !== false) await queueMail(executor, { ...input.email, to: user!.email });
  }
  return { id: row!.id };
}

/**
 * Queues an e-mail to any address (one not tied to a notification) in the caller's transaction.
 * Long digit runs are masked to their last four digits (`maskLongDigitRuns`): no ID or account number
 * is mailed or kept in the outbox.
 */
export async function queueMail(executor: Executor, mail: OutboxMail & { to: string }): Promise<{ id: string }> {
  const [row] = await executor
    .insert(emailOutbox)
    .values({
      to: mail.to,
      subject: maskLongDigitRuns(mail.subject),
      text: maskLongDigitRuns(mail.text),
      html: mail.html ? maskLongDigitRuns(mail.html) : null,
    })
    .returning({ id: emailOutbox.id });
  return { id: row!.id };
}

/** A notification as the API answers it. */
export function toNotificationView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    category: row.category as NotificationCategory,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A member's own notifications: the list, the unread count, and marking them read. */
export function createNotificationService(deps: { db: Db }) {
  const { db } = deps;
  // The bell polls this every 30 seconds from every open tab: prepared once, and answered from the
  // partial index of unread notifications.
  const countUnread = db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), eq(notifications.isRead, false)))
    .prepare('notifications_unread_count');
  const notificationPage = db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('notifications_page');
  const countAll = db
    .select({ total: count() })
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .prepare('notifications_count');

  return {
    /** How many of the member's notifications are unread. */
    async countUnread(userId: string): Promise<number> {
      const [row] = await countUnread.execute({ userId });
      return row?.count ?? 0;
    },

    /** A page of the member's notifications, newest first. */
    async listNotifications(userId: string, query: ListNotificationsQuery): Promise<NotificationPage> {
      const { page, limit } = query;
      const [rows, [counted]] = await Promise.all([
        notificationPage.execute({ userId, limit, offset: (page - 1) * limit }),
        countAll.execute({ userId }),
      ]);
      const total = counted?.total ?? 0;
      return {
        notifications: rows.map(toNotificationView),
        pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
      };
    },

    /** Marks one of the member's notifications read; another member's, or none, is 404. */
    async markRead(userId: string, notificationId: string): Promise<NotificationView> {
      if (!isUuid(notificationId)) throw notFound(notificationMessages.notFound);
      const [row] = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
        .returning();
      if (!row) throw notFound(notificationMessages.notFound);
      return toNotificationView(row);
    },

    /** Marks every unread notification of the member read and answers how many changed. */
    async markAllRead(userId: string): Promise<{ updated: number }> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
        .returning({ id: notifications.id });
      return { updated: rows.length };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;

/**
 * A notification's title as an e-mail subject after "Letsema: ": its first letter in lower case and
 * the rest as written, so a month or a name keeps its capital ("your share of the November 2026
 * profit").
 */
export function asSubject(title: string): string {
  return title.charAt(0).toLowerCase() + title.slice(1);
}

/**
 * The name of the cooperative a mail is about: that of the `users` row it is sent to, read as one
 * more column of the query that finds its readers.
 */
export const cooperativeName = sql<
  string | null
>`(select ${cooperatives.name} from ${cooperatives} where ${cooperatives.id} = ${users.cooperativeId})`;

/**
 * Tells a member about a decision in the app and by the cooperative's standard e-mail (greeting,
 * the paragraphs, a button to `path`), inside the caller's transaction.
 */
export async function notifyMember(
  executor: Executor,
  publicUrl: string,
  input: {
    userId: string;
    category: NotificationCategory;
    title: string;
    paragraphs: string[];
    path: string;
    actionLabel?: string;
  },
): Promise<void> {
  const [user] = await executor
    .select({ fullName: users.fullName, cooperative: cooperativeName })
    .from(users)
    .where(eq(users.id, input.userId));
  await notify(executor, {
    userId: input.userId,
    category: input.category,
    title: input.title,
    message: input.paragraphs.join(' '),
    email: buildMail({
      publicUrl,
      subject: `Letsema: ${asSubject(input.title)}`,
      greetingName: user?.fullName,
      paragraphs: input.paragraphs,
      action: { label: input.actionLabel ?? 'Open Letsema', path: input.path },
      cooperative: user?.cooperative,
    }),
  });
}
