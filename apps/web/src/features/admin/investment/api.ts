import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchPool,
  fetchPools,
  patchPoolStatus,
  postPool,
  POOLS_QUERY_ROOT,
  putPool,
  storeSavedPool,
  type UpdatePoolRequest,
} from '../../../components/pools/pool-queries';
import { adminKeys } from '../shared/query-keys';

export const investmentKeys = {
  all: [...adminKeys.all, POOLS_QUERY_ROOT] as const,
  list: () => [...investmentKeys.all, 'list'] as const,
  detail: (id: string) => [...investmentKeys.all, 'detail', id] as const,
};

/** Every pool, drafts included, oldest first: the investment screen shows the first. */
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
    onSuccess: (pool) => storeSavedPool(queryClient, investmentKeys.detail(pool.id), pool),
  });
}

/** Saves the pool's terms, methods and contribution plans. */
export function useUpdatePool(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePoolRequest) => putPool(id, body),
    onSuccess: (pool) => storeSavedPool(queryClient, investmentKeys.detail(pool.id), pool),
  });
}

/** Opens a draft pool for members ('Approve & Open'). */
export function useApprovePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => patchPoolStatus(id, 'open'),
    onSuccess: (pool) => storeSavedPool(queryClient, investmentKeys.detail(pool.id), pool),
  });
}
