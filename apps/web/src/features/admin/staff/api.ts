import type { CreateStaffBody, SentAnswer, StaffView, UpdateStaffBody } from '@letsema/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client';
import { adminKeys } from '../shared/query-keys';

export type StaffMember = StaffView;
export type StaffStatus = StaffView['status'];
/** Someone named in an admin's history. */
export type StaffPerson = NonNullable<StaffView['invitedBy']>;
/** Roles asked for an admin, waiting for a second admin with Staff Management. */
export type PendingStaffGrant = NonNullable<StaffView['pendingGrant']>;

export const staffKeys = {
  all: [...adminKeys.all, 'staff'] as const,
  list: () => [...staffKeys.all, 'list'] as const,
};

export function fetchStaff(signal?: AbortSignal): Promise<StaffMember[]> {
  return apiClient.get<StaffMember[]>('/api/admin/staff', signal);
}

export function createStaff(body: CreateStaffBody): Promise<StaffMember> {
  return apiClient.post<StaffMember>('/api/admin/staff', body);
}

export function updateStaff(id: string, body: UpdateStaffBody): Promise<StaffMember> {
  return apiClient.put<StaffMember>(`/api/admin/staff/${encodeURIComponent(id)}`, body);
}

export function suspendStaff(id: string): Promise<StaffMember> {
  return apiClient.delete<StaffMember>(`/api/admin/staff/${encodeURIComponent(id)}`);
}

export function useStaffList() {
  return useQuery({
    queryKey: staffKeys.list(),
    queryFn: ({ signal }) => fetchStaff(signal),
  });
}

/** Reloads the list after every change, whatever the answer: a refusal often means the list moved on. */
function useReloadStaffOnSettled() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffKeys.all });
}

export function useCreateStaff() {
  const reload = useReloadStaffOnSettled();
  return useMutation({ mutationFn: createStaff, onSettled: reload });
}

export function useUpdateStaff() {
  const reload = useReloadStaffOnSettled();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateStaffBody }) => updateStaff(id, body),
    onSettled: reload,
  });
}

export function useSuspendStaff() {
  const reload = useReloadStaffOnSettled();
  return useMutation({ mutationFn: suspendStaff, onSettled: reload });
}

export function reactivateStaff(id: string): Promise<StaffMember> {
  return apiClient.post<StaffMember>(`/api/admin/staff/${encodeURIComponent(id)}/reactivate`);
}

export function useReactivateStaff() {
  const reload = useReloadStaffOnSettled();
  return useMutation({ mutationFn: reactivateStaff, onSettled: reload });
}

export function decideStaffGrant(grantId: string, decision: 'approve' | 'reject'): Promise<StaffMember> {
  return apiClient.post<StaffMember>(`/api/admin/staff/grants/${encodeURIComponent(grantId)}/${decision}`);
}

/** Approves or refuses roles waiting for a second admin (approving asks for the password again). */
export function useDecideStaffGrant() {
  const reload = useReloadStaffOnSettled();
  return useMutation({
    mutationFn: ({ grantId, decision }: { grantId: string; decision: 'approve' | 'reject' }) =>
      decideStaffGrant(grantId, decision),
    onSettled: reload,
  });
}

/** Sends an invited admin a new link; the earlier ones stop working. */
export function useResendInvitation() {
  const reload = useReloadStaffOnSettled();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<StaffMember>(`/api/admin/staff/${encodeURIComponent(id)}/invitation`),
    onSettled: reload,
  });
}

/** E-mails an active admin a link to choose a new password; the acting admin never sees it. */
export function useSendStaffPasswordReset() {
  return useMutation({
    mutationFn: (id: string) => apiClient.post<SentAnswer>(`/api/admin/staff/${encodeURIComponent(id)}/password-reset`),
  });
}

/** Types the acting admin's password again: a change to another admin's roles needs it. */
export function useReauthenticate() {
  return useMutation({
    mutationFn: (password: string) => apiClient.post<unknown>('/api/auth/reauthenticate', { password }),
  });
}

/** Whether the server asks for the password again before this change. */
export function isReauthRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'REAUTH_REQUIRED';
}
