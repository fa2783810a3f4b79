import type { NotificationView } from '@letsema/domain';
import Box from '@mui/material/Box';
import { NotificationItem, type NotificationItemProps } from './notification-item';

/** A list of notifications, newest first; unread ones are buttons that mark them read. */
export function NotificationList({
  notifications,
  label,
  ...itemProps
}: Omit<NotificationItemProps, 'notification'> & { notifications: readonly NotificationView[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} {...itemProps} />
      ))}
    </Box>
  );
}
