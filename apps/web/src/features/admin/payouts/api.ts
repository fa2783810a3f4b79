import type { ExitView, WithdrawalView } from '@letsema/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, uploadWithProgress } from '../../../lib/api-client';
import { adminKeys } from '../shared/query-keys';

/** In the admins' answers the member who asked is always there. */
export type AdminExit = ExitView & Required<Pick<ExitView, 'member'>>;

export type AdminWithdrawal = WithdrawalView & Required<Pick<WithdrawalView, 'member'>>;

export const payoutKeys = {
  exits: () => [...adminKeys.all, 'exits'] as const,
  withdrawals: () => [...adminKeys.all, 'withdrawals'] as const,
};

export function useAdminExits() {
  return useQuery({
    queryKey: payoutKeys.exits(),
    queryFn: ({ signal }) => apiClient.get<AdminExit[]>('/api/admin/exits', signal),
  });
}

export function useAdminWithdrawals() {
  return useQuery({
    queryKey: payoutKeys.withdrawals(),
    queryFn: ({ signal }) => apiClient.get<AdminWithdrawal[]>('/api/admin/withdrawals', signal),
  });
}

function useReload() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: payoutKeys.exits() }),
      queryClient.invalidateQueries({ queryKey: payoutKeys.withdrawals() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.pendingCounts() }),
    ]);
}

/** One step of an exit or a withdrawal (settle, approve, pay, reject), with its body. */
export function usePayoutStep(kind: 'exits' | 'withdrawals') {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ id, step, body }: { id: string; step: 'settle' | 'approve' | 'pay' | 'reject'; body?: object }) =>
      apiClient.post(`/api/admin/${kind}/${encodeURIComponent(id)}/${step}`, body),
    onSettled: reload,
  });
}

/** Uploads the proof of a transfer to a member; answers its URL. */
export async function uploadPayoutProof(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { url } = await uploadWithProgress<{ url: string }>('/api/uploads/payout-proof', form);
  return url;
}
