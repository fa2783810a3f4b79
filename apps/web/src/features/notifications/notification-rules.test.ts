import type { NotificationPage, NotificationView } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import { clampPage, describePageRange, markAllReadInPage, markReadInPage, parsePageParam } from './notification-rules';

function buildNotification(overrides: Partial<NotificationView> = {}): NotificationView {
  return {
    id: 'n1',
    title: 'Registration received',
    message: 'Thank you.',
    category: 'registration',
    isRead: false,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

function buildPage(notifications: NotificationView[], page = 1, total = notifications.length): NotificationPage {
  return { notifications, pagination: { page, limit: 20, total, totalPages: Math.ceil(total / 20) } };
}

describe('parsePageParam', () => {
  it.each([
    [null, 1],
    ['', 1],
    ['1', 1],
    ['2', 2],
    ['0', 1],
    ['-3', 1],
    ['2.5', 1],
    ['abc', 1],
    ['99999999999999999999', 1],
  ])('reads %j as page %i', (value, page) => {
    expect(parsePageParam(value)).toBe(page);
  });
});

describe('clampPage', () => {
  it.each([
    [1, 0, 1],
    [3, 0, 3],
    [2, 2, 2],
    [5, 2, 2],
    [1, 4, 1],
  ])('page %i of %i pages is shown as page %i', (page, totalPages, shown) => {
    expect(clampPage(page, totalPages)).toBe(shown);
  });
});

describe('markReadInPage', () => {
  it('marks only the given notification read', () => {
    const page = buildPage([buildNotification({ id: 'a' }), buildNotification({ id: 'b' })]);
    const next = markReadInPage(page, 'b');
    expect(next.notifications.map((n) => n.isRead)).toEqual([false, true]);
    expect(page.notifications[1]!.isRead).toBe(false);
  });

  it('answers the same page when the notification is not there or already read', () => {
    const page = buildPage([buildNotification({ id: 'a', isRead: true })]);
    expect(markReadInPage(page, 'a')).toBe(page);
    expect(markReadInPage(page, 'missing')).toBe(page);
  });
});

describe('markAllReadInPage', () => {
  it('marks every notification read', () => {
    const page = buildPage([buildNotification({ id: 'a' }), buildNotification({ id: 'b', isRead: true })]);
    expect(markAllReadInPage(page).notifications.map((n) => n.isRead)).toEqual([true, true]);
  });

  it('answers the same page when all are read already', () => {
    const page = buildPage([buildNotification({ isRead: true })]);
    expect(markAllReadInPage(page)).toBe(page);
  });
});

describe('describePageRange', () => {
  it.each([
    [1, 20, 26, '1–20 of 26'],
    [2, 6, 26, '21–26 of 26'],
    [1, 3, 3, '1–3 of 3'],
    [1, 0, 0, ''],
  ])('page %i with %i shown of %i reads %j', (pageNumber, shown, total, text) => {
    const page = buildPage([], pageNumber, total);
    expect(describePageRange(page.pagination, shown)).toBe(text);
  });
});
