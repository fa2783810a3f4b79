import Popover from '@mui/material/Popover';
import { useId } from 'react';
import { belowAppBarButton } from '../../../components/app-bar-popover';
import { NotificationPopoverContent } from './notification-popover-content';
import { MuiTheme } from '../../../components/mui-theme';

/** What the bell opens: the latest notifications in a popover. Fetched the first time the bell opens. */
export function NotificationPopover({
  id,
  anchor,
  onClose,
  unreadCount,
  allPath,
  showsYesterday,
}: {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  unreadCount: number;
  allPath: string;
  showsYesterday: boolean;
}) {
  const titleId = useId();
  return (
    <MuiTheme>
      <Popover
        id={id}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={onClose}
        {...belowAppBarButton}
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
          unreadCount={unreadCount}
          allPath={allPath}
          showsYesterday={showsYesterday}
          onClose={onClose}
        />
      </Popover>
    </MuiTheme>
  );
}
