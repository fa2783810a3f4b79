import type { ExitView, MyWithdrawals, RequestWithdrawalInput } from '@letsema/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { INVESTING_QUERY_ROOT } from '../../lib/query-client';

export type MyExit = ExitView;

export const leavingKeys = {
  exits: () => [INVESTING_QUERY_ROOT, 'exits'] as const,
  withdrawals: () => [INVESTING_QUERY_ROOT, 'withdrawals'] as const,
};

export function useMyExits() {
  return useQuery({
    queryKey: leavingKeys.exits(),
    queryFn: ({ signal }) => apiClient.get<MyExit[]>('/api/exits/mine', signal),
  });
}

export function useMyWithdrawals() {
  return useQuery({
    queryKey: leavingKeys.withdrawals(),
    queryFn: ({ signal }) => apiClient.get<MyWithdrawals>('/api/withdrawals/mine', signal),
  });
}

/** Anything the member does here can change their membership, exits and withdrawals. */
function useReloadInvesting() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [INVESTING_QUERY_ROOT] });
}

export function useRequestExit() {
  const reload = useReloadInvesting();
  return useMutation({
    mutationFn: (body: { poolId: string; reason: string }) => apiClient.post<MyExit>('/api/exits', body),
    onSettled: reload,
  });
}

export function useCancelExit() {
  const reload = useReloadInvesting();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<MyExit>(`/api/exits/${encodeURIComponent(id)}/cancel`),
    onSettled: reload,
  });
}

export function useRequestWithdrawal() {
  const reload = useReloadInvesting();
  return useMutation({
    mutationFn: (body: RequestWithdrawalInput) => apiClient.post('/api/withdrawals', body),
    onSettled: reload,
  });
}

export function useCancelWithdrawal() {
  const reload = useReloadInvesting();
  return useMutation({
    mutationFn: (id: string) => apiClient.post(`/api/withdrawals/${encodeURIComponent(id)}/cancel`),
    onSettled: reload,
  });
}
