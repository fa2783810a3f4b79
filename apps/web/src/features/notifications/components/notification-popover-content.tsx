import { NOTIFICATIONS_POPOVER_SIZE } from '@letsema/domain';
import DoneAll from '@mui/icons-material/DoneAll';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api';
import { useNow } from '../use-now';
import { ListSkeleton } from './list-skeleton';
import { NotificationList } from './notification-list';

/** What the bell's popover holds: the latest ten notifications, 'Mark all as read' and 'View all'. */
export function NotificationPopoverContent({
  titleId,
  unreadCount,
  allPath,
  showsYesterday,
  onClose,
}: {
  titleId: string;
  unreadCount: number;
  allPath: string;
  showsYesterday: boolean;
  onClose: () => void;
}) {
  const latest = useNotifications(1, NOTIFICATIONS_POPOVER_SIZE);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const now = useNow();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const notifications = latest.data?.notifications ?? [];
  const hasUnread = unreadCount > 0 || notifications.some((n) => !n.isRead);

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 2, pr: 1, py: 1.25 }}>
        <Typography
          id={titleId}
          ref={titleRef}
          tabIndex={-1}
          variant="h6"
          component="h2"
          sx={{ flexGrow: 1, outline: 'none' }}
        >
          Notifications
        </Typography>
        <Button
          size="small"
          startIcon={<DoneAll />}
          onClick={() => {
            // The button is disabled once nothing is unread: focus moves to the title so Escape still closes.
            titleRef.current?.focus();
            markAll.mutate();
          }}
          disabled={!hasUnread || markAll.isPending}
          sx={{ px: 1.25, py: 0.5 }}
        >
          Mark all as read
        </Button>
      </Box>
      <Divider />
      <Box sx={{ overflowY: 'auto', maxHeight: 'min(440px, calc(100vh - 200px))' }}>
        {latest.isPending && <ListSkeleton rows={3} isCompact />}
        {latest.isError && (
          <Box sx={{ px: 2, py: 3, textAlign: 'center' }}>
            <Typography color="error" sx={{ fontWeight: 500 }}>
              Failed to load notifications
            </Typography>
            <Button size="small" onClick={() => void latest.refetch()} sx={{ mt: 1 }}>
              Retry
            </Button>
          </Box>
        )}
        {latest.isSuccess && notifications.length === 0 && (
          <Box sx={{ px: 2, py: 4, textAlign: 'center', color: 'text.secondary' }}>
            <NotificationsNoneOutlined sx={{ fontSize: 40, opacity: 0.6 }} />
            <Typography sx={{ mt: 0.5 }}>No notifications</Typography>
          </Box>
        )}
        {latest.isSuccess && notifications.length > 0 && (
          <NotificationList
            notifications={notifications}
            label="Latest notifications"
            now={now}
            showsYesterday={showsYesterday}
            isCompact
            onMarkRead={(notification) => markRead.mutate(notification)}
          />
        )}
      </Box>
      <Divider />
      <Button component={RouterLink} to={allPath} onClick={onClose} fullWidth sx={{ borderRadius: 0, py: 1.25 }}>
        View all
      </Button>
    </>
  );
}
