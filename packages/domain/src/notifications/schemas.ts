import { z } from 'zod';

/** What a notification is about (spec section 3). */
export const notificationCategories = ['registration', 'pool', 'payment', 'profit'] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

/** The notifications page shows 20 at a time, the bell's popover 10; no page is larger than 50. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_POPOVER_SIZE = 10;
export const NOTIFICATIONS_MAX_LIMIT = 50;
const MAX_PAGE = 100_000;

export const notificationMessages = {
  page: 'Page must be a whole number of at least 1',
  limit: `Limit must be a whole number from 1 to ${NOTIFICATIONS_MAX_LIMIT}`,
  notFound: 'Notification not found',
} as const;

/** The query of `GET /api/notifications`: page from 1, limit from 1 to 50, both optional. */
export const listNotificationsQuery = z.object({
  page: z.coerce
    .number({ error: notificationMessages.page })
    .int({ error: notificationMessages.page })
    .min(1, { error: notificationMessages.page })
    .max(MAX_PAGE, { error: notificationMessages.page })
    .default(1),
  limit: z.coerce
    .number({ error: notificationMessages.limit })
    .int({ error: notificationMessages.limit })
    .min(1, { error: notificationMessages.limit })
    .max(NOTIFICATIONS_MAX_LIMIT, { error: notificationMessages.limit })
    .default(NOTIFICATIONS_PAGE_SIZE),
});
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuery>;

/** A notification as the API answers it; `createdAt` is ISO 8601 UTC. */
export interface NotificationView {
  id: string;
  title: string;
  message: string;
  category: NotificationCategory;
  isRead: boolean;
  createdAt: string;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  /** 0 when there is nothing to show. */
  totalPages: number;
}

/** The answer of `GET /api/notifications`. */
export interface NotificationPage {
  notifications: NotificationView[];
  pagination: Pagination;
}
