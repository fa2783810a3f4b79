import type { PoolStatus } from '@letsema/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PoolView } from '../../components/pools/pool-display';
import { invalidatePoolQueries, POOLS_QUERY_ROOT, type CreatePoolRequest } from '../../components/pools/pool-queries';
import { apiClient } from '../../lib/api-client';

export const poolKeys = {
  all: [POOLS_QUERY_ROOT] as const,
  list: () => [...poolKeys.all, 'list'] as const,
  detail: (id: string) => [...poolKeys.all, 'detail', id] as const,
};

/** Pools this user may see, oldest first (drafts only their creator's, or every draft for admins). */
export function fetchPools(signal?: AbortSignal): Promise<PoolView[]> {
  return apiClient.get<PoolView[]>('/api/pools', signal);
}

export function fetchPool(id: string, signal?: AbortSignal): Promise<PoolView> {
  return apiClient.get<PoolView>(`/api/pools/${encodeURIComponent(id)}`, signal);
}

export function postPool(body: CreatePoolRequest): Promise<PoolView> {
  return apiClient.post<PoolView>('/api/pools', body);
}

export function patchPoolStatus(id: string, status: PoolStatus): Promise<PoolView> {
  return apiClient.patch<PoolView>(`/api/pools/${encodeURIComponent(id)}/status`, { status });
}

export function poolsQuery() {
  return queryOptions({ queryKey: poolKeys.list(), queryFn: ({ signal }) => fetchPools(signal) });
}

export function poolQuery(id: string) {
  return queryOptions({ queryKey: poolKeys.detail(id), queryFn: ({ signal }) => fetchPool(id, signal) });
}

export function usePools() {
  return useQuery(poolsQuery());
}

export function usePool(id: string) {
  return useQuery(poolQuery(id));
}

/** Proposes a pool; it is created as a draft. */
export function useCreatePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPool,
    onSuccess: (pool) => {
      queryClient.setQueryData(poolKeys.detail(pool.id), pool);
      return invalidatePoolQueries(queryClient);
    },
  });
}

/** Opens a draft pool for members to join ('Approve & Open'). */
export function useApprovePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => patchPoolStatus(id, 'open'),
    onSuccess: (pool) => {
      queryClient.setQueryData(poolKeys.detail(pool.id), pool);
      return invalidatePoolQueries(queryClient);
    },
  });
}
