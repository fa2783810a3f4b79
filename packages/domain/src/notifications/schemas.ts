import { z } from 'zod';
import {
  MAX_PAGE,
  NOTIFICATIONS_MAX_LIMIT,
  NOTIFICATIONS_PAGE_SIZE,
  notificationMessages,
  type NotificationCategory,
} from './limits.js';

export * from './limits.js';

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
