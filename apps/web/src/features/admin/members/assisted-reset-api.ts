import type { ApprovedAssistedReset, AssistedReset, RejectedAnswer } from '@letsema/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { memberKeys } from './api';

export const assistedResetKeys = {
  all: [...memberKeys.all, 'assisted-resets'] as const,
};

/** Resets waiting for a second admin, and approved ones whose code is not used yet. */
export function useAssistedResets() {
  return useQuery({
    queryKey: assistedResetKeys.all,
    queryFn: ({ signal }) => apiClient.get<AssistedReset[]>('/api/admin/assisted-resets', signal),
  });
}

function useInvalidateResets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: assistedResetKeys.all });
}

/** Starts a reset for a member whose identity was checked in person. */
export function useStartAssistedReset() {
  const invalidate = useInvalidateResets();
  return useMutation({
    mutationFn: (userId: string) =>
      apiClient.post<AssistedReset>(`/api/admin/members/${encodeURIComponent(userId)}/assisted-reset`),
    onSettled: invalidate,
  });
}

/** A second admin approves (answering the one-time code, once) or refuses. */
export function useDecideAssistedReset() {
  const invalidate = useInvalidateResets();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      apiClient.post<ApprovedAssistedReset | RejectedAnswer>(
        `/api/admin/assisted-resets/${encodeURIComponent(id)}/${decision}`,
      ),
    onSettled: invalidate,
  });
}
