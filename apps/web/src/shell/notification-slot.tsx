import { useLocation } from 'react-router';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { isPathActive } from './nav-paths';

/** The place in both app bars where the notification bell goes, left of the user menu. */
export function NotificationSlot() {
  const { pathname } = useLocation();
  const isAdminArea = isPathActive(pathname, '/admin');
  return (
    <NotificationBell allPath={isAdminArea ? '/admin/notifications' : '/notifications'} showsYesterday={!isAdminArea} />
  );
}
