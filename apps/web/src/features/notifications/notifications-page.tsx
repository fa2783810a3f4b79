import { NotificationCenter } from './notification-center';

/** /notifications: the member's notifications, 20 a page. */
export function NotificationsPage() {
  return <NotificationCenter showsYesterday />;
}
