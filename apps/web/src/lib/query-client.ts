import { notifyManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Every admin query key starts with this, so the admin area gets its own retry and focus rules. */
export const ADMIN_QUERY_ROOT = 'admin';

/**
 * Every query key of the member's money (membership, first pool, payments) starts with this: one
 * invalidation after joining or paying reloads the dashboard, investments, payments and transactions.
 */
export const INVESTING_QUERY_ROOT = 'investing';

const READ_RETRIES = 3;
const ADMIN_READ_RETRIES = 1;

/** 1 s, 2 s, 4 s, ... capped at 30 s. */
export function getRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30000);
}

/** A 4xx answer will not change by asking again. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError && error.isClientError);
}

function retryUpTo(limit: number) {
  return (failureCount: number, error: unknown) => isRetryable(error) && failureCount < limit;
}

export function createQueryClient(): QueryClient {
  // A query or mutation tells the components using it of a change in a microtask, not in a timer
  // (the library's default). A button that a pending mutation disables is then disabled before the
  // browser takes the next input: a double-click on "Approve" sent the decision twice, and the
  // admin read the second answer's "already decided" instead of the success message.
  notifyManager.setScheduler(queueMicrotask);
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryUpTo(READ_RETRIES),
        retryDelay: getRetryDelay,
      },
      mutations: {
        retry: false,
      },
    },
  });
  queryClient.setQueryDefaults([ADMIN_QUERY_ROOT], {
    retry: retryUpTo(ADMIN_READ_RETRIES),
    refetchOnWindowFocus: false,
  });
  return queryClient;
}

export const queryClient = createQueryClient();
