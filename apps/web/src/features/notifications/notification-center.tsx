import { NOTIFICATIONS_PAGE_SIZE } from '@letsema/domain';
import DoneAll from '@mui/icons-material/DoneAll';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { getErrorMessage } from '../../lib/api-client';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications, useUnreadCount } from './api';
import { ListSkeleton } from './components/list-skeleton';
import { NotificationList } from './components/notification-list';
import { clampPage, describePageRange, parsePageParam } from './notification-rules';
import { useNow } from './use-now';
import { RetryAlert } from '../../components/retry-alert';

/**
 * Every notification of the signed-in user, 20 a page (the page number kept in the address), with
 * 'Mark all as read'. Member pages say 'Yesterday'; the admin area does not.
 */
export function NotificationCenter({ showsYesterday }: { showsYesterday: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const list = useNotifications(page, NOTIFICATIONS_PAGE_SIZE);
  const unread = useUnreadCount({ shouldPoll: false });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const now = useNow();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });

  const data = list.data;
  const notifications = data?.notifications ?? [];
  const totalPages = data?.pagination.totalPages ?? 0;
  const unreadCount = unread.data ?? 0;
  const hasUnread = unreadCount > 0 || notifications.some((n) => !n.isRead);

  // An address past the last page (or a list that shrank) shows the last page instead of nothing.
  const shownPage = clampPage(page, totalPages);
  useEffect(() => {
    if (!list.isPlaceholderData && shownPage !== page) setSearchParams(toPageParams(shownPage), { replace: true });
  }, [shownPage, page, list.isPlaceholderData, setSearchParams]);

  const changePage = (next: number) => {
    setSearchParams(toPageParams(next));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <PageHeader
        title="Notifications"
        subtitle={getSubtitle(unread.isSuccess ? unreadCount : null)}
        actions={
          <Button
            variant="outlined"
            startIcon={<DoneAll />}
            onClick={() => markAll.mutate()}
            disabled={!hasUnread || markAll.isPending}
          >
            {markAll.isPending ? 'Marking…' : 'Mark all as read'}
          </Button>
        }
      />

      {list.isError && (
        <RetryAlert sx={{ mb: 3 }} onRetry={() => void list.refetch()}>
          {getErrorMessage(list.error, 'Failed to load notifications')}
        </RetryAlert>
      )}

      <Paper sx={{ overflow: 'hidden' }}>
        {list.isPending && <ListSkeleton rows={5} />}
        {list.isSuccess && notifications.length === 0 && (
          <EmptyState
            icon={<NotificationsNoneOutlined />}
            title="No notifications"
            text="Updates about registration, the pool, payments and profits will appear here."
          />
        )}
        {notifications.length > 0 && (
          <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms ease' }}>
            <NotificationList
              notifications={notifications}
              label={
                totalPages > 1 && data
                  ? `Notifications, page ${data.pagination.page} of ${totalPages}`
                  : 'Notifications'
              }
              now={now}
              showsYesterday={showsYesterday}
              onMarkRead={(notification) => markRead.mutate(notification)}
            />
          </Box>
        )}
        {data && totalPages > 1 && (
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 1.5,
              px: { xs: 2, sm: 3 },
              py: 2,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Typography variant="body2" color="text.secondary">
              {describePageRange(data.pagination, notifications.length)}
            </Typography>
            <Pagination
              count={totalPages}
              page={shownPage}
              onChange={(_event, next) => changePage(next)}
              color="primary"
              shape="rounded"
              siblingCount={isPhone ? 0 : 1}
            />
          </Box>
        )}
      </Paper>
    </Box>
  );
}

/** Page 1 is the plain address; later pages carry `?page=n`. */
function toPageParams(page: number): Record<string, string> {
  return page === 1 ? {} : { page: String(page) };
}

function getSubtitle(unreadCount: number | null): string | undefined {
  if (unreadCount === null) return undefined;
  if (unreadCount === 0) return "You're all caught up.";
  return unreadCount === 1 ? '1 unread notification' : `${unreadCount} unread notifications`;
}
