import type { CorrectionPage, CorrectionView, DecideCorrectionBody, MyTasks } from '@letsema/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from '../shared/query-keys';

export const taskKeys = {
  corrections: () => [...adminKeys.all, 'corrections'] as const,
  mine: () => [...adminKeys.all, 'tasks'] as const,
};

/** What waits for this admin's decision, and what they started that waits for someone else. */
export function useMyTasks() {
  return useQuery({
    queryKey: taskKeys.mine(),
    queryFn: ({ signal }) => apiClient.get<MyTasks>('/api/admin/tasks', signal),
    refetchInterval: 60_000,
  });
}

/** The members' correction requests waiting for an answer, oldest first. */
export function usePendingCorrections(isAllowed: boolean) {
  return useQuery({
    queryKey: taskKeys.corrections(),
    queryFn: ({ signal }) => apiClient.get<CorrectionPage>('/api/admin/corrections?limit=50', signal),
    enabled: isAllowed,
  });
}

export function useDecideCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DecideCorrectionBody }) =>
      apiClient.post<CorrectionView>(`/api/admin/corrections/${encodeURIComponent(id)}/decide`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
