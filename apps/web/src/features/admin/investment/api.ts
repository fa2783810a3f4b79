import type { PoolStatus } from '@letsema/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PoolView } from '../../../components/pools/pool-display';
import {
  invalidatePoolQueries,
  POOLS_QUERY_ROOT,
  type CreatePoolRequest,
  type UpdatePoolRequest,
} from '../../../components/pools/pool-queries';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from '../shared/query-keys';

export const investmentKeys = {
  all: [...adminKeys.all, POOLS_QUERY_ROOT] as const,
  list: () => [...investmentKeys.all, 'list'] as const,
  detail: (id: string) => [...investmentKeys.all, 'detail', id] as const,
};

/** Every pool, drafts included, oldest first: the investment screen shows the first. */
export function fetchPools(signal?: AbortSignal): Promise<PoolView[]> {
  return apiClient.get<PoolView[]>('/api/pools', signal);
}

export function fetchPool(id: string, signal?: AbortSignal): Promise<PoolView> {
  return apiClient.get<PoolView>(`/api/pools/${encodeURIComponent(id)}`, signal);
}

export function postPool(body: CreatePoolRequest): Promise<PoolView> {
  return apiClient.post<PoolView>('/api/pools', body);
}

export function putPool(id: string, body: UpdatePoolRequest): Promise<PoolView> {
  return apiClient.put<PoolView>(`/api/pools/${encodeURIComponent(id)}`, body);
}

export function patchPoolStatus(id: string, status: PoolStatus): Promise<PoolView> {
  return apiClient.patch<PoolView>(`/api/pools/${encodeURIComponent(id)}/status`, { status });
}

export function usePools() {
  return useQuery(queryOptions({ queryKey: investmentKeys.list(), queryFn: ({ signal }) => fetchPools(signal) }));
}

export function usePool(id: string) {
  return useQuery(
    queryOptions({ queryKey: investmentKeys.detail(id), queryFn: ({ signal }) => fetchPool(id, signal) }),
  );
}

export function useCreatePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPool,
    onSuccess: (pool) => {
      queryClient.setQueryData(investmentKeys.detail(pool.id), pool);
      return invalidatePoolQueries(queryClient);
    },
  });
}

/** Saves the pool's terms, methods and contribution plans. */
export function useUpdatePool(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePoolRequest) => putPool(id, body),
    onSuccess: (pool) => {
      queryClient.setQueryData(investmentKeys.detail(pool.id), pool);
      return invalidatePoolQueries(queryClient);
    },
  });
}

/** Opens a draft pool for members ('Approve & Open'). */
export function useApprovePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => patchPoolStatus(id, 'open'),
    onSuccess: (pool) => {
      queryClient.setQueryData(investmentKeys.detail(pool.id), pool);
      return invalidatePoolQueries(queryClient);
    },
  });
}
