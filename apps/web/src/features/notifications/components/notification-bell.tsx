import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { notificationKeys, useUnreadCount } from '../api';
import { NotificationPopoverContent } from './notification-popover-content';

/** The badge shows at most this; more reads '99+'. */
const MAX_BADGE_COUNT = 99;

export interface NotificationBellProps {
  /** Where 'View all' leads: /notifications, or /admin/notifications in the back office. */
  allPath: string;
  /** Member pages say 'Yesterday'; the admin area says '1d ago'. */
  showsYesterday: boolean;
}

/** The app bar's bell: the unread count as a badge, and a popover with the latest notifications. */
export function NotificationBell({ allPath, showsYesterday }: NotificationBellProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const titleId = useId();
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  useReloadListsOnNewArrivals(unread.data);

  useEffect(() => {
    // The badge is a hint: a failed count keeps the last one and never interrupts the page.
    if (unread.error) console.error('Failed to load the unread notification count', unread.error);
  }, [unread.error, unread.errorUpdatedAt]);

  const isOpen = Boolean(anchor);
  const close = () => setAnchor(null);
  // The name carries the badge's own text ("99+"), so what is seen is part of what is heard.
  const shownCount = count > MAX_BADGE_COUNT ? `${MAX_BADGE_COUNT}+` : String(count);
  const label = count > 0 ? `Notifications, ${shownCount} unread` : 'Notifications';

  return (
    <>
      {/* The browser's own hint on hover: MUI's tooltip would bring its positioning engine (10 KB) to every
          member page. */}
      <IconButton
        title="Notifications"
        aria-label={label}
        aria-haspopup="dialog"
        aria-controls={isOpen ? popoverId : undefined}
        aria-expanded={isOpen ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {/* No badge at all at zero: a hidden "0" would still count as the button's visible text. */}
        {count > 0 ? (
          <Badge badgeContent={count} max={MAX_BADGE_COUNT} color="error" overlap="circular">
            <NotificationsOutlined />
          </Badge>
        ) : (
          <NotificationsNoneOutlined />
        )}
      </IconButton>
      <Popover
        id={popoverId}
        open={isOpen}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: {
              mt: 1,
              width: 360,
              maxWidth: 'calc(100% - 32px)',
              display: 'flex',
              flexDirection: 'column',
              overflow: 'hidden',
            },
          },
        }}
      >
        <NotificationPopoverContent
          titleId={titleId}
          unreadCount={count}
          allPath={allPath}
          showsYesterday={showsYesterday}
          onClose={close}
        />
      </Popover>
    </>
  );
}

/** When the count goes up, something new has arrived: open lists are reloaded to show it. */
function useReloadListsOnNewArrivals(count: number | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(count);
  useEffect(() => {
    if (count !== undefined && previous.current !== undefined && count > previous.current) {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    }
    previous.current = count;
  }, [count, queryClient]);
}
