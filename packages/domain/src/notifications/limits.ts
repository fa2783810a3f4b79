// The notifications' constants and messages, apart from the schemas so pages can use them without zod.

/** What a notification is about (spec section 3). */
export const notificationCategories = ['registration', 'pool', 'payment', 'profit'] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

/** The notifications page shows 20 at a time, the bell's popover 10; no page is larger than 50. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_POPOVER_SIZE = 10;
export const NOTIFICATIONS_MAX_LIMIT = 50;
export const MAX_PAGE = 100_000;

export const notificationMessages = {
  page: 'Page must be a whole number of at least 1',
  limit: `Limit must be a whole number from 1 to ${NOTIFICATIONS_MAX_LIMIT}`,
  notFound: 'Notification not found',
} as const;
