import type { NotificationPage } from '@letsema/domain';

/** The page asked for in the address (`?page=2`); anything that is not a whole number from 1 gives 1. */
export function parsePageParam(value: string | null): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** A page past the last one (after the list shrank, or a typed address) becomes the last page. */
export function clampPage(page: number, totalPages: number): number {
  return totalPages > 0 && page > totalPages ? totalPages : page;
}

/** The page with one notification shown as read; the same object when nothing changes. */
export function markReadInPage(page: NotificationPage, id: string): NotificationPage {
  if (!page.notifications.some((n) => n.id === id && !n.isRead)) return page;
  return {
    ...page,
    notifications: page.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
  };
}

/** The page with every notification shown as read; the same object when nothing changes. */
export function markAllReadInPage(page: NotificationPage): NotificationPage {
  if (page.notifications.every((n) => n.isRead)) return page;
  return { ...page, notifications: page.notifications.map((n) => (n.isRead ? n : { ...n, isRead: true })) };
}

/** The range a page shows, for the line under the list ('21–26 of 26'). */
export function describePageRange(pagination: NotificationPage['pagination'], shown: number): string {
  if (pagination.total === 0 || shown === 0) return '';
  const first = (pagination.page - 1) * pagination.limit + 1;
  return `${first}–${first + shown - 1} of ${pagination.total}`;
}
