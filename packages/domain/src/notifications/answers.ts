import { z } from 'zod';
import { id, timestamp } from '../answer-fields.js';
import { notificationCategories } from './limits.js';

/** A notification (`NotificationView` in the domain). */
export const notificationView = z
  .object({
    id,
    title: z.string(),
    message: z.string(),
    category: z.enum(notificationCategories),
    isRead: z.boolean(),
    createdAt: timestamp,
  })
  .meta({ id: 'Notification' });

/** `GET /api/notifications`, as the spec shapes it. */
export const notificationPage = z.object({
  notifications: z.array(notificationView),
  pagination: z.object({
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
    total: z.number().int().min(0),
    totalPages: z.number().int().min(0).describe('0 when there is nothing to show'),
  }),
});

/** `GET /api/notifications/unread-count`: what the bell shows. */
export const unreadCount = z.object({ count: z.number().int().min(0) });

/** `POST /api/notifications/mark-all-read`. */
export const markedAllRead = z.object({ updated: z.number().int().min(0).describe('How many were unread') });

// What the web app reads: the types of the answers above.
export type NotificationView = z.infer<typeof notificationView>;
export type NotificationPage = z.infer<typeof notificationPage>;
export type UnreadCount = z.infer<typeof unreadCount>;
export type MarkedAllRead = z.infer<typeof markedAllRead>;
