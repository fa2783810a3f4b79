import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchPool,
  fetchPools,
  patchPoolStatus,
  postPool,
  POOLS_QUERY_ROOT,
  storeSavedPool,
} from '../../components/pools/pool-queries';

export const poolKeys = {
  all: [POOLS_QUERY_ROOT] as const,
  list: () => [...poolKeys.all, 'list'] as const,
  detail: (id: string) => [...poolKeys.all, 'detail', id] as const,
};

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
    onSuccess: (pool) => storeSavedPool(queryClient, poolKeys.detail(pool.id), pool),
  });
}

/** Opens a draft pool for members to join ('Approve & Open'). */
export function useApprovePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => patchPoolStatus(id, 'open'),
    onSuccess: (pool) => storeSavedPool(queryClient, poolKeys.detail(pool.id), pool),
  });
}
