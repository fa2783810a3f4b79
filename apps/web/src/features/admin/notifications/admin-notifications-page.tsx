import { NotificationCenter } from '../../notifications/notification-center';

/** /admin/notifications: the same list as the member's page, with the back office's time labels (no 'Yesterday'). */
export function AdminNotificationsPage() {
  return <NotificationCenter showsYesterday={false} />;
}
