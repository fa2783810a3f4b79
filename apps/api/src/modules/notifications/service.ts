import {
  notificationMessages,
  type ListNotificationsQuery,
  type NotificationCategory,
  type NotificationPage,
  type NotificationView,
} from '@letsema/domain';
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { emailOutbox, notifications, sessions, users } from '../../db/schema.js';
import { isoTime, jsonArrayText } from '../../db/sql-json.js';
import { notFound } from '../../lib/errors.js';
import { liveSessionsAmong, perSession } from '../../lib/auth-guard.js';
import { buildMail, maskLongDigitRuns } from '../../lib/mail.js';
import { isUuid, type TokenClaims } from '../auth/tokens.js';

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

/** `toNotificationView` in SQL, for answers the database writes as JSON (a parity test keeps them equal). */
export function notificationViewJson(): SQL<unknown> {
  return sql`json_build_object(
    'id', ${notifications.id},
    'title', ${notifications.title},
    'message', ${notifications.message},
    'category', ${notifications.category},
    'isRead', ${notifications.isRead},
    'createdAt', ${isoTime(notifications.createdAt)}
  )`;
}

/** A member's own notifications: the list, the unread count, and marking them read. */
export function createNotificationService(deps: { db: Db; idleMinutes: { admin: number; member: number } }) {
  const { db } = deps;
  // The bell polls this every 30 seconds from every open tab: one round trip checks the session
  // exactly as the sign-in guard does (live, not expired, not idle, account active) and counts, for
  // every request that comes at the same time (`perSession`). Polling is not activity: it never moves
  // the session's last-seen time.
  const unreadForSession = perSession(
    db
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        count: sql<number>`(select count(*)::int from ${notifications} where ${notifications.userId} = ${users.id} and ${notifications.isRead} = false)`,
        isAdmin: users.isAdmin,
        mfaEnabledAt: users.mfaEnabledAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(liveSessionsAmong(deps.idleMinutes))
      .prepare('notifications_unread_for_sessions'),
  );

  // The notifications page: prepared like the count, since building the query cost more than running
  // it. The page is written as JSON by the database (one column for the page, with its total), so the
  // server neither reads nor rebuilds each row.
  const pageOf = (userId: SQLWrapper, limit: SQLWrapper, offset: SQLWrapper) => ({
    rows: sql`(select ${notificationViewJson()} as view, ${notifications.createdAt} as created_at, ${notifications.id} as id
      from ${notifications} where ${notifications.userId} = ${userId}
      order by ${notifications.createdAt} desc, ${notifications.id} desc limit ${limit} offset ${offset}) as page`,
    json: jsonArrayText(sql`page.view`, [sql`page.created_at desc`, sql`page.id desc`]),
    total: sql<number>`(select count(*)::integer from ${notifications} where ${notifications.userId} = ${userId})`,
  });
  const alone = pageOf(sql.placeholder('userId'), sql.placeholder('limit'), sql.placeholder('offset'));
  const pageOfNotifications = db
    .select({ json: alone.json, total: alone.total })
    .from(alone.rows)
    .prepare('notifications_page');
  // The page as one text, read with the session check (`Guards.sessionRead`: the session's account and
  // the request's page): the total, a space, then the page's JSON array.
  const ridden = pageOf(users.id, sql`r."limit"`, sql`r."offset"`);
  const pageWithTotal = db
    .select({ page: sql<string>`${ridden.total}::text || ' ' || ${ridden.json}` })
    .from(ridden.rows);
  const answer = (query: ListNotificationsQuery, json: string, total: number): string => {
    const { page, limit } = query;
    const pagination: NotificationPage['pagination'] = { page, limit, total, totalPages: Math.ceil(total / limit) };
    return `{"notifications":${json},"pagination":${JSON.stringify(pagination)}}`;
  };

  return {
    /** The unread count for a live session of an active account, or null when the session is not valid. */
    /** The unread count of a live session, with what the guard judges of its account; null when it ended. */
    async countUnreadForSession(
      claims: TokenClaims,
    ): Promise<{ count: number; isAdmin: boolean; mfaEnabledAt: Date | null } | null> {
      const row = await unreadForSession(claims);
      return row ? { count: row.count, isAdmin: row.isAdmin, mfaEnabledAt: row.mfaEnabledAt } : null;
    },

    /**
     * A page of the signed-in account's notifications to read with the session check (the session's
     * account, the request's page); `pageAnswer` writes the answer from what it read.
     */
    pageWithTotal,

    /** The answer to `query` from what `pageWithTotal` read. */
    pageAnswer(query: ListNotificationsQuery, read: string): string {
      const space = read.indexOf(' ');
      return answer(query, read.slice(space + 1), Number(read.slice(0, space)));
    },

    /** A page of the member's notifications, newest first, as the JSON the API answers (a NotificationPage). */
    async listNotificationsJson(userId: string, query: ListNotificationsQuery): Promise<string> {
      const { page, limit } = query;
      const [row] = await pageOfNotifications.execute({ userId, limit, offset: (page - 1) * limit });
      return answer(query, row?.json ?? '[]', Number(row?.total ?? 0));
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
  const [user] = await executor.select({ fullName: users.fullName }).from(users).where(eq(users.id, input.userId));
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
    }),
  });
}
