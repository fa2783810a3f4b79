import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { PlainIcon } from '../../../components/plain/plain-icon';
import { notificationsOutlined } from '../../../components/plain/plain-icons';
import styles from '../../../components/plain/plain.module.css';
import { loadOnce } from '../../../lib/load-once';
import { ADMIN_QUERY_ROOT } from '../../../lib/query-client';
import { usePanelOnDemand } from '../../../lib/use-panel-on-demand';
import { notificationKeys, useUnreadCount } from '../api';

/** The badge shows at most this; more reads '99+'. */
const MAX_BADGE_COUNT = 99;

// The popover (MUI's, with the list) is fetched when the bell is first about to open, not with the page.
const loadPopover = loadOnce(() => import('./notification-popover').then((module) => module.NotificationPopover));

export interface NotificationBellProps {
  /** Where 'View all' leads: /notifications, or /admin/notifications in the back office. */
  allPath: string;
  /** Member pages say 'Yesterday'; the admin area says '1d ago'. */
  showsYesterday: boolean;
}

/**
 * The app bar's bell: the unread count as a badge, and a popover with the latest notifications. The
 * button is a plain element; the popover's code comes when a pointer or the keyboard reaches it.
 */
export function NotificationBell({ allPath, showsYesterday }: NotificationBellProps) {
  const { anchor, isOpen, Panel: Popover, preload, open, close } = usePanelOnDemand(loadPopover, 'notifications');
  const popoverId = useId();
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  useReloadListsOnNewArrivals(unread.data);

  useEffect(() => {
    // The badge is a hint: a failed count keeps the last one and never interrupts the page.
    if (unread.error) console.error('Failed to load the unread notification count', unread.error);
  }, [unread.error, unread.errorUpdatedAt]);

  // The name carries the badge's own text ("99+"), so what is seen is part of what is heard.
  const shownCount = count > MAX_BADGE_COUNT ? `${MAX_BADGE_COUNT}+` : String(count);
  const label = count > 0 ? `Notifications, ${shownCount} unread` : 'Notifications';

  return (
    <>
      {/* The browser's own hint on hover: MUI's tooltip would bring its positioning engine (10 KB) to every
          member page. */}
      <button
        type="button"
        className={styles.iconButton}
        title="Notifications"
        aria-label={label}
        aria-haspopup="dialog"
        aria-controls={isOpen ? popoverId : undefined}
        aria-expanded={isOpen ? 'true' : undefined}
        onClick={(event) => open(event.currentTarget)}
        onPointerEnter={preload}
        onFocus={preload}
      >
        {/* No badge at all at zero: a hidden "0" would still count as the button's visible text. */}
        {count > 0 ? (
          <span className={styles.badgeHolder}>
            <PlainIcon drawing={notificationsOutlined} />
            <span className={styles.badge}>{shownCount}</span>
          </span>
        ) : (
          <PlainIcon drawing={notificationsOutlined} />
        )}
      </button>
      {Popover && (
        <Popover
          id={popoverId}
          anchor={anchor}
          onClose={close}
          unreadCount={count}
          allPath={allPath}
          showsYesterday={showsYesterday}
        />
      )}
    </>
  );
}

/**
 * When the count goes up, something new has arrived: open notification lists are reloaded to show it,
 * and so are the admin pages on screen (the dashboard's counts, the queues), since what arrives for an
 * admin is mostly something new waiting for them.
 */
function useReloadListsOnNewArrivals(count: number | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(count);
  useEffect(() => {
    if (count !== undefined && previous.current !== undefined && count > previous.current) {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] });
    }
    previous.current = count;
  }, [count, queryClient]);
}
