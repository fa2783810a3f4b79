import { formatTimeAgo, type NotificationView } from '@letsema/domain';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useRef } from 'react';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { CategoryIcon } from './category-icon';

export interface NotificationItemProps {
  notification: NotificationView;
  /** The time the labels count from (renewed every minute by the list). */
  now: number;
  /** Member pages say 'Yesterday'; the admin area says '1d ago'. */
  showsYesterday: boolean;
  /** The popover's compact form: smaller icon and the message cut to two lines. */
  isCompact?: boolean;
  onMarkRead: (notification: NotificationView) => void;
}

/**
 * One notification: category icon, title, time label and message. An unread one carries a dot and
 * is a button that marks it read; a read one is plain text.
 */
export function NotificationItem({
  notification,
  now,
  showsYesterday,
  isCompact = false,
  onMarkRead,
}: NotificationItemProps) {
  const rowRef = useRef<HTMLLIElement>(null);
  const isUnread = !notification.isRead;
  const timeLabel = formatTimeAgo(notification.createdAt, now, { yesterday: showsYesterday });
  const content = (
    <>
      <CategoryIcon category={notification.category} size={isCompact ? 36 : 40} />
      <Box component="span" sx={{ display: 'block', minWidth: 0, flexGrow: 1 }}>
        <Box component="span" sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography
            component="span"
            sx={{
              flexGrow: 1,
              minWidth: 0,
              fontWeight: isUnread ? 700 : 500,
              fontSize: isCompact ? '0.9375rem' : '1rem',
              lineHeight: 1.35,
              overflowWrap: 'anywhere',
            }}
          >
            {notification.title}
          </Typography>
          <Typography
            component="time"
            dateTime={notification.createdAt}
            variant="caption"
            sx={{
              flexShrink: 0,
              whiteSpace: 'nowrap',
              color: isUnread ? 'primary.main' : 'text.secondary',
              fontWeight: isUnread ? 600 : 400,
            }}
          >
            {timeLabel}
          </Typography>
        </Box>
        <Typography
          component="span"
          variant="body2"
          sx={{
            display: isCompact ? '-webkit-box' : 'block',
            mt: 0.25,
            color: isUnread ? 'text.primary' : 'text.secondary',
            opacity: isUnread ? 0.8 : 1,
            overflowWrap: 'anywhere',
            ...(isCompact && { WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }),
          }}
        >
          {notification.message}
        </Typography>
      </Box>
      <Box
        component="span"
        aria-hidden
        sx={{
          width: 8,
          height: 8,
          mt: 0.875,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: isUnread ? 'primary.main' : 'transparent',
        }}
      />
      {isUnread && (
        <Box component="span" sx={visuallyHidden}>
          Unread
        </Box>
      )}
    </>
  );

  const rowSx: SxProps<Theme> = {
    display: 'flex',
    alignItems: 'flex-start',
    gap: isCompact ? 1.5 : 2,
    width: '100%',
    textAlign: 'left',
    px: isCompact ? 2 : { xs: 2, sm: 3 },
    py: isCompact ? 1.5 : 2,
    bgcolor: isUnread ? 'rgba(0, 122, 255, 0.05)' : 'transparent',
  };

  return (
    <Box
      component="li"
      ref={rowRef}
      tabIndex={-1}
      sx={{ position: 'relative', outline: 'none', '& + &': { borderTop: 1, borderColor: 'divider' } }}
    >
      {isUnread ? (
        <ButtonBase
          onClick={() => {
            // The button is about to become plain text: focus stays on its row, not lost to the page.
            rowRef.current?.focus({ preventScroll: true });
            onMarkRead(notification);
          }}
          sx={[
            rowSx,
            {
              transition: 'background-color 150ms ease',
              '&:hover': { bgcolor: 'rgba(0, 122, 255, 0.09)' },
              '&.Mui-focusVisible': { bgcolor: 'rgba(0, 122, 255, 0.12)' },
            },
          ]}
        >
          {content}
        </ButtonBase>
      ) : (
        <Box component="span" sx={rowSx}>
          {content}
        </Box>
      )}
    </Box>
  );
}
