import type { MarkedAllRead, NotificationPage, NotificationView, UnreadCount } from '@letsema/domain';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { hasSession } from '../../lib/session';
import { markAllReadInPage, markReadInPage } from './notification-rules';

/** The bell asks for the unread count this often while the tab is visible (spec section 9). */
export const UNREAD_POLL_INTERVAL_MS = 30_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (page: number, limit: number) => [...notificationKeys.lists(), { page, limit }] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

export function fetchNotifications(page: number, limit: number, signal?: AbortSignal): Promise<NotificationPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  return apiClient.get<NotificationPage>(`/api/notifications?${query}`, signal);
}

export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await apiClient.get<UnreadCount>('/api/notifications/unread-count', signal)).count;
}

export function patchNotificationRead(id: string): Promise<NotificationView> {
  return apiClient.patch<NotificationView>(`/api/notifications/${encodeURIComponent(id)}/read`);
}

export function postMarkAllRead(): Promise<{ updated: number }> {
  return apiClient.post<MarkedAllRead>('/api/notifications/mark-all-read');
}

export function notificationsQuery(page: number, limit: number) {
  return queryOptions({
    queryKey: notificationKeys.list(page, limit),
    queryFn: ({ signal }) => fetchNotifications(page, limit, signal),
  });
}

/** One page of the user's notifications, newest first; the previous page stays on screen while the next loads. */
export function useNotifications(page: number, limit: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...notificationsQuery(page, limit),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}

/**
 * The unread count. The bell polls it every 30 seconds while signed in and the tab is visible, and
 * asks again as soon as the tab becomes visible; other readers (`shouldPoll: false`) share its answer.
 */
export function useUnreadCount(options: { shouldPoll?: boolean } = {}) {
  const shouldPoll = options.shouldPoll ?? true;
  return useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    enabled: hasSession(),
    refetchInterval: shouldPoll ? UNREAD_POLL_INTERVAL_MS : false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

/** Reloads every notification list and the unread count (the bell's badge follows). */
export function invalidateNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/**
 * Marks one notification read. The lists and the badge change at once; a failure is only logged
 * (spec section 8) and the lists are reloaded to show the server's state.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: NotificationView) => patchNotificationRead(notification.id),
    onMutate: async (notification) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.lists() }, (page) =>
        page ? markReadInPage(page, notification.id) : page,
      );
      if (!notification.isRead) {
        queryClient.setQueryData<number>(notificationKeys.unreadCount(), (count) =>
          count === undefined ? count : Math.max(count - 1, 0),
        );
      }
    },
    onError: (error) => {
      console.error('Failed to mark the notification as read', error);
    },
    onSettled: () => invalidateNotifications(queryClient),
  });
}

/**
 * Marks every notification of the user read. A failure is only logged (spec section 8): the unread
 * dots stay, and the button can be pressed again.
 */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postMarkAllRead,
    onError: (error) => {
      console.error('Failed to mark all notifications as read', error);
    },
    onSuccess: () => {
      // Lists not on screen keep their cache until next shown: they must not show old dots meanwhile.
      queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.lists() }, (page) =>
        page ? markAllReadInPage(page) : page,
      );
      queryClient.setQueryData<number>(notificationKeys.unreadCount(), 0);
      return invalidateNotifications(queryClient);
    },
  });
}
