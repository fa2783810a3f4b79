import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from '../shared/query-keys';

/** What is waiting for review, as `GET /api/admin/dashboard/pending-counts` answers it. */
export interface PendingCounts {
  registrations: number;
  payments: number;
  loans: number;
  withdrawals: number;
  exits: number;
}

export const dashboardKeys = {
  pendingCounts: adminKeys.pendingCounts,
};

export function fetchPendingCounts(signal?: AbortSignal): Promise<PendingCounts> {
  return apiClient.get<PendingCounts>('/api/admin/dashboard/pending-counts', signal);
}

export function pendingCountsQuery() {
  return queryOptions({
    queryKey: dashboardKeys.pendingCounts(),
    queryFn: ({ signal }) => fetchPendingCounts(signal),
  });
}

export function usePendingCounts() {
  return useQuery(pendingCountsQuery());
}
