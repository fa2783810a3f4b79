import { notificationCategories, type NotificationPage, type NotificationView } from '@letsema/domain';
import { z } from 'zod';
import { id, timestamp } from '../types.js';

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

// The domain's types are what the web app reads: the schemas above must describe exactly them.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameView: Same<z.output<typeof notificationView>, NotificationView> = true;
const samePage: Same<z.output<typeof notificationPage>, NotificationPage> = true;
void sameView;
void samePage;
