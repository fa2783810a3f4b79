import { z } from 'zod';
import { MAX_PAGE, NOTIFICATIONS_MAX_LIMIT, NOTIFICATIONS_PAGE_SIZE, notificationMessages } from './limits.js';

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
