import type { PoolRequestView } from '@letsema/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { QueueDecision } from '../shared/decision-queue';
import { adminKeys } from '../shared/query-keys';

export type PoolRequest = PoolRequestView;

export const POOL_REQUESTS_PAGE_SIZE = 50;

export const poolRequestKeys = {
  all: [...adminKeys.all, 'pool-requests'] as const,
  pending: () => [...poolRequestKeys.all, 'pending'] as const,
};

export function fetchPoolRequests(page: number, limit: number, signal?: AbortSignal): Promise<PoolRequest[]> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  return apiClient.get<PoolRequest[]>(`/api/admin/pool-requests?${query}`, signal);
}

export function approvePoolRequest(id: string): Promise<unknown> {
  return apiClient.post(`/api/admin/pool-requests/${encodeURIComponent(id)}/approve`);
}

export function rejectPoolRequest(id: string, reason: string): Promise<unknown> {
  return apiClient.post(`/api/admin/pool-requests/${encodeURIComponent(id)}/reject`, { reason });
}

/** Requests waiting for a decision, oldest first, a page at a time. */
export function usePoolRequests() {
  return useInfiniteQuery({
    queryKey: poolRequestKeys.pending(),
    queryFn: ({ pageParam, signal }) => fetchPoolRequests(pageParam, POOL_REQUESTS_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.length === POOL_REQUESTS_PAGE_SIZE ? pages.length + 1 : undefined),
  });
}

/**
 * Approves or rejects a request. Whatever the answer, the list, the pool figures (shares and members
 * change on approval) and the dashboard counts load again.
 */
export function usePoolRequestDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: QueueDecision) =>
      decision.action === 'approve' ? approvePoolRequest(decision.id) : rejectPoolRequest(decision.id, decision.reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
