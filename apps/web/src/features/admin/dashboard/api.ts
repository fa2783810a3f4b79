import type { LedgerMonths, PendingCounts } from '@letsema/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from '../shared/query-keys';

/**
 * What is waiting for review, as `GET /api/admin/dashboard/pending-counts` answers it: a count for
 * each queue the admin's roles decide, and none for the others.
 */
export type { PendingCounts };

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

/** One month of `GET /api/admin/ledger/monthly`: the pools' value, income and expenses in rand. */
export type MonthlyBooks = LedgerMonths[number];

/** The pools' value and the income and expenses of each of the last twelve months. */
export function useMonthlyBooks() {
  return useQuery({
    queryKey: [...adminKeys.all, 'books', 'monthly'] as const,
    queryFn: ({ signal }) => apiClient.get<MonthlyBooks[]>('/api/admin/ledger/monthly', signal),
  });
}
