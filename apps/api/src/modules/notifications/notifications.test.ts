import type { NotificationPage, NotificationView } from '@letsema/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dataOf, registerMember, type TestContext } from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import type { Db } from '../../db/client.js';
import { emailOutbox, notifications } from '../../db/schema.js';
import { buildMail } from '../../lib/mail.js';
import { notify, toNotificationView } from './service.js';

let t: TestContext;
beforeAll(async () => {
  // Every test registers its own members, more than one address may register in an hour.
  t = await createTestApp({ RATE_LIMIT_REGISTER_PER_IP: '1000' });
  // These tests look at the outbox rows themselves; nothing is sent meanwhile.
  await t.app.outbox.stop();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const list = async (token: string, query = '') =>
  dataOf<NotificationPage>(await get(`/api/notifications${query}`, token));
const unreadCount = async (token: string) =>
  dataOf<{ count: number }>(await get('/api/notifications/unread-count', token)).count;
const markRead = (token: string, id: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/notifications/${id}/read`, headers: bearer(token) });
const markAllRead = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/notifications/mark-all-read', headers: bearer(token) });

const base = Date.parse('2026-11-01T08:00:00.000Z');

/** Seeds `count` notifications, the n-th `n` minutes after a fixed moment, inserted oldest last. */
async function seedNotifications(db: Db, userId: string, count: number, overrides: { isRead?: boolean } = {}) {
  const values = Array.from({ length: count }, (_, i) => ({
    userId,
    title: `Notification ${i + 1}`,
    message: `Message number ${i + 1}`,
    category: (['registration', 'pool', 'payment', 'profit'] as const)[i % 4]!,
    isRead: overrides.isRead ?? false,
    createdAt: new Date(base + (i + 1) * 60_000),
  })).reverse();
  return db.insert(notifications).values(values).returning();
}

describe(`notifications (${testEngine})`, () => {
  it.each([
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications/unread-count'],
    ['PATCH', '/api/notifications/00000000-0000-4000-8000-000000000000/read'],
    ['POST', '/api/notifications/mark-all-read'],
  ] as const)('answers %s %s without a token with 401', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, data: null });
  });

  it('lists the member’s notifications newest first in the agreed shape', async () => {
    const member = await registerMember(t.app);
    await seedNotifications(t.db, member.userId, 3);
    const page = await list(member.token);
    expect(page.notifications.map((n) => n.title)).toEqual(['Notification 3', 'Notification 2', 'Notification 1']);
    expect(page.notifications[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Notification 3',
      message: 'Message number 3',
      category: 'payment',
      isRead: false,
      createdAt: '2026-11-01T08:03:00.000Z',
    });
    expect(page.pagination).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
  });

  it('pages through every notification once, with the totals, also when times are equal', async () => {
    const member = await registerMember(t.app);
    await seedNotifications(t.db, member.userId, 22);
    // Three more at one moment: the id decides their order, so no page repeats or skips one.
    const sameMoment = new Date(base + 30 * 60_000);
    await t.db.insert(notifications).values(
      ['A', 'B', 'C'].map((title) => ({
        userId: member.userId,
        title,
        message: title,
        category: 'pool',
        createdAt: sameMoment,
      })),
    );

    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await list(member.token, `?page=${page}&limit=10`));
    expect(pages.map((p) => p.pagination)).toEqual([
      { page: 1, limit: 10, total: 25, totalPages: 3 },
      { page: 2, limit: 10, total: 25, totalPages: 3 },
      { page: 3, limit: 10, total: 25, totalPages: 3 },
    ]);
    expect(pages.map((p) => p.notifications.length)).toEqual([10, 10, 5]);
    const all = pages.flatMap((p) => p.notifications);
    expect(new Set(all.map((n) => n.id)).size).toBe(25);
    expect(
      all
        .slice(0, 3)
        .map((n) => n.title)
        .sort(),
    ).toEqual(['A', 'B', 'C']);
    expect(all.at(-1)!.title).toBe('Notification 1');
    const times = all.map((n) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const beyond = await list(member.token, '?page=4&limit=10');
    expect(beyond.notifications).toEqual([]);
    expect(beyond.pagination).toEqual({ page: 4, limit: 10, total: 25, totalPages: 3 });

    expect((await list(member.token, '?limit=50')).notifications).toHaveLength(25);
    expect((await list(member.token, '?page=25&limit=1')).notifications.map((n) => n.title)).toEqual([
      'Notification 1',
    ]);
  });

  it('answers members who ask at the same time each with their own page', async () => {
    const members = [await registerMember(t.app), await registerMember(t.app), await registerMember(t.app)];
    for (const [n, member] of members.entries()) await seedNotifications(t.db, member.userId, 3 + n);
    const queries = ['?page=1&limit=2', '?page=2&limit=2', '?page=1&limit=10'];
    const alone = [];
    for (const [n, member] of members.entries()) alone.push(await list(member.token, queries[n]));
    const together = await Promise.all(members.map((member, n) => list(member.token, queries[n])));
    expect(together).toEqual(alone);
    expect(together.map((page) => [page.pagination.total, page.notifications.map((n) => n.title)])).toEqual([
      [3, ['Notification 3', 'Notification 2']],
      [4, ['Notification 2', 'Notification 1']],
      [5, ['Notification 5', 'Notification 4', 'Notification 3', 'Notification 2', 'Notification 1']],
    ]);
  });

  it('answers an empty first page for a member without notifications', async () => {
    const member = await registerMember(t.app);
    expect(await list(member.token, '?page=1&limit=10')).toEqual({
      notifications: [],
      pagination: { page: 1, limit: 10, total: 0, totalPages: 0 },
    });
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['page=', 'page'],
    ['limit=0', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=51', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=10&limit=20', 'limit'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const member = await registerMember(t.app);
    const response = await get(`/api/notifications?${query}`, member.token);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, data: null, code: 'VALIDATION' });
    expect(Object.keys(body.details)).toEqual([field]);
    expect(body.error).toBe(body.details[field]);
  });

  it('counts unread notifications and marks one read, idempotently', async () => {
    const member = await registerMember(t.app);
    const rows = await seedNotifications(t.db, member.userId, 4);
    await seedNotifications(t.db, member.userId, 2, { isRead: true });
    expect(await unreadCount(member.token)).toBe(4);

    const target = rows[0]!;
    const response = await markRead(member.token, target.id);
    expect(response.statusCode).toBe(200);
    expect(dataOf<NotificationView>(response)).toMatchObject({ id: target.id, isRead: true, title: target.title });
    expect(await unreadCount(member.token)).toBe(3);

    expect((await markRead(member.token, target.id)).statusCode).toBe(200);
    expect(await unreadCount(member.token)).toBe(3);
    const listed = (await list(member.token)).notifications.find((n) => n.id === target.id);
    expect(listed?.isRead).toBe(true);
  });

  it('answers 404 for another member’s notification and leaves it unread', async () => {
    const owner = await registerMember(t.app);
    const other = await registerMember(t.app);
    const [theirs] = await seedNotifications(t.db, owner.userId, 1);

    const response = await markRead(other.token, theirs!.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, error: 'Notification not found' });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(row!.isRead).toBe(false);
    expect(await unreadCount(owner.token)).toBe(1);
    expect((await list(other.token)).notifications).toEqual([]);
  });

  it.each(['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' or '1'='1", 'x'.repeat(150)])(
    'answers 404 for the id %j',
    async (id) => {
      const member = await registerMember(t.app);
      const response = await markRead(member.token, encodeURIComponent(id));
      expect(response.statusCode).toBe(404);
      expect(response.json().success).toBe(false);
    },
  );

  it('marks all of the member’s notifications read and nobody else’s', async () => {
    const member = await registerMember(t.app);
    const neighbour = await registerMember(t.app);
    await seedNotifications(t.db, member.userId, 5);
    await seedNotifications(t.db, member.userId, 2, { isRead: true });
    await seedNotifications(t.db, neighbour.userId, 3);

    const response = await markAllRead(member.token);
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toEqual({ updated: 5 });
    expect(await unreadCount(member.token)).toBe(0);
    expect((await list(member.token)).notifications.every((n) => n.isRead)).toBe(true);
    expect(await unreadCount(neighbour.token)).toBe(3);

    expect(dataOf(await markAllRead(member.token))).toEqual({ updated: 0 });
  });

  it('writes each notification of a page as toNotificationView does, every field and in order', async () => {
    const member = await registerMember(t.app);
    await t.db.insert(notifications).values([
      {
        userId: member.userId,
        title: 'Payment "approved" \\ ✓',
        message: 'Line one\nline two: ü, 🙂',
        category: 'payment',
      },
      { userId: member.userId, title: 'Read', message: 'Old', category: 'profit', isRead: true },
    ]);
    // Microseconds that JavaScript never sees: cut, not rounded, in both writings.
    await t.db.execute(
      sql`update notifications set created_at = '2026-05-06 07:08:09.999999+00' where user_id = ${member.userId} and title = 'Read'`,
    );
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, member.userId));
    const expected = rows
      .map(toNotificationView)
      .sort((x, y) => y.createdAt.localeCompare(x.createdAt) || y.id.localeCompare(x.id));
    const page = await list(member.token);
    expect(page.notifications).toEqual(expected);
    for (const [i, view] of page.notifications.entries()) expect(Object.keys(view)).toEqual(Object.keys(expected[i]!));
  });
});

describe(`notify (${testEngine})`, () => {
  const email = () =>
    buildMail({
      publicUrl: t.config.publicUrl,
      subject: 'Your payment was approved',
      greetingName: 'Thandi',
      paragraphs: ['Your payment of R 500.00 was approved.'],
      action: { label: 'View payments', path: '/payments' },
    });

  // Registration also queues the address-confirmation e-mail; these tests are about the others.
  const outboxFor = async (to: string) =>
    (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter(
      (mail) => mail.subject !== 'Letsema: confirm your e-mail address',
    );
  const notificationsOf = (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId));

  it('writes the notification and an outbox row to the member’s address in the caller’s transaction', async () => {
    const member = await registerMember(t.app);
    const result = await t.db.transaction((tx) =>
      notify(tx, {
        userId: member.userId,
        category: 'payment',
        title: 'Payment approved',
        message: 'Your payment of R 500.00 was approved.',
        email: email(),
      }),
    );
    const [row] = await notificationsOf(member.userId);
    expect(row).toMatchObject({ id: result.id, title: 'Payment approved', category: 'payment', isRead: false });
    const mails = await outboxFor(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'pending', attempts: 0, subject: 'Your payment was approved' });
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/payments`);
    expect(mails[0]!.html).toContain(`href="${t.config.publicUrl}/payments"`);
    expect(await unreadCount(member.token)).toBe(1);
  });

  it('writes neither the notification nor the e-mail when the transaction rolls back', async () => {
    const member = await registerMember(t.app);
    const failure = t.db.transaction(async (tx) => {
      await notify(tx, {
        userId: member.userId,
        category: 'registration',
        title: 'KYC approved',
        message: 'Welcome',
        email: email(),
      });
      expect(await tx.select().from(notifications).where(eq(notifications.userId, member.userId))).toHaveLength(1);
      throw new Error('the decision failed');
    });
    await expect(failure).rejects.toThrow('the decision failed');
    expect(await notificationsOf(member.userId)).toEqual([]);
    expect(await outboxFor(member.email)).toEqual([]);
  });

  it('queues no e-mail when none is given', async () => {
    const member = await registerMember(t.app);
    await notify(t.db, { userId: member.userId, category: 'pool', title: 'Pool opened', message: 'A pool opened.' });
    expect(await notificationsOf(member.userId)).toHaveLength(1);
    expect(await outboxFor(member.email)).toEqual([]);
  });

  it('masks an identity number in an e-mail to its last four digits, and still notifies', async () => {
    const member = await registerMember(t.app);
    await t.db.transaction((tx) =>
      notify(tx, {
        userId: member.userId,
        category: 'registration',
        title: 'KYC approved',
        message: 'Welcome',
        email: { subject: 'Approved 9001015009087', text: 'Your ID 9001015009087 was approved.' },
      }),
    );
    expect(await notificationsOf(member.userId)).toHaveLength(1);
    const [mail] = await outboxFor(member.email);
    expect(mail).toMatchObject({ subject: 'Approved ****9087', text: 'Your ID ****9087 was approved.' });
  });
});
