import type {
  AcceptedInvitation,
  changePasswordBody,
  EmailPreferences,
  MfaSetup,
  MfaStatus,
  RecoveryCodesAnswer,
  StaffInvitationView,
} from '@letsema/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { apiClient } from '../../lib/api-client';
import { currentUserKey } from '../../lib/current-user';
import { clearToken, setToken } from '../../lib/session';

export const SIGNED_OUT_EVERYWHERE_MESSAGE = 'You have been signed out on every device.';

export const settingsKeys = {
  all: ['settings'] as const,
  emailPreferences: () => [...settingsKeys.all, 'email-preferences'] as const,
};

export function fetchEmailPreferences(signal?: AbortSignal): Promise<EmailPreferences> {
  return apiClient.get<EmailPreferences>('/api/auth/email-preferences', signal);
}

export function putEmailPreferences(body: EmailPreferences): Promise<EmailPreferences> {
  return apiClient.put<EmailPreferences>('/api/auth/email-preferences', body);
}

export function postChangePassword(body: z.input<typeof changePasswordBody>): Promise<unknown> {
  return apiClient.post<unknown>('/api/auth/change-password', body);
}

export function postLogoutAll(): Promise<unknown> {
  return apiClient.post<unknown>('/api/auth/logout-all');
}

/** Which notification categories also come by e-mail. */
export function useEmailPreferences() {
  return useQuery({
    queryKey: settingsKeys.emailPreferences(),
    queryFn: ({ signal }) => fetchEmailPreferences(signal),
  });
}

/** Saves the whole set of e-mail preferences; the saved answer replaces what is cached. */
export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putEmailPreferences,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.emailPreferences(), saved),
  });
}

/**
 * Changes (or, for an account made through Google, sets) the password; this session stays open. The
 * signed-in user loads again: `hasPassword` changes once a password is set.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postChangePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}

/** Ends every session of the account, this one included, then forgets it here and goes to sign in. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: postLogoutAll,
    onSuccess: () => {
      clearToken();
      void navigate('/login', { replace: true, state: { message: SIGNED_OUT_EVERYWHERE_MESSAGE } });
      queryClient.clear();
    },
  });
}

export const twoFactorKeys = {
  status: () => [...settingsKeys.all, 'two-factor'] as const,
};

export function fetchMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  return apiClient.get<MfaStatus>('/api/auth/mfa', signal);
}

/** Whether two-factor sign-in is on, and how many recovery codes are left. */
export function useMfaStatus() {
  return useQuery({ queryKey: twoFactorKeys.status(), queryFn: ({ signal }) => fetchMfaStatus(signal) });
}

/** Starts enrolment: a new secret and its QR code (nothing changes until a code confirms it). */
export function useStartMfaSetup() {
  return useMutation({ mutationFn: () => apiClient.post<MfaSetup>('/api/auth/mfa/setup') });
}

/** Invalidates what a two-factor change alters: its status and the signed-in user. */
function useRefreshTwoFactor() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorKeys.status() }),
      queryClient.invalidateQueries({ queryKey: currentUserKey }),
    ]);
}

/** Turns two-factor on with the app's first code; answers the ten recovery codes. */
export function useEnableMfa() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (body: { code: string }) => apiClient.post<RecoveryCodesAnswer>('/api/auth/mfa/enable', body),
    onSuccess: () => refresh(),
  });
}

export function useDisableMfa() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (body: { password?: string; code: string }) => apiClient.post<unknown>('/api/auth/mfa/disable', body),
    onSuccess: () => refresh(),
  });
}

export function useNewRecoveryCodes() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (body: { code: string }) => apiClient.post<RecoveryCodesAnswer>('/api/auth/mfa/recovery-codes', body),
    onSuccess: () => refresh(),
  });
}

/** What an admin invitation link shows: who it is for and, when required, the two-factor set-up. */
export type StaffInvitation = StaffInvitationView;

/** Reads an admin invitation from its link's token (no sign-in needed). */
export function useStaffInvitation(token: string | null) {
  return useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: () => apiClient.post<StaffInvitation>('/api/auth/staff-invitation', { token }),
    enabled: token !== null,
    retry: false,
    // Each read offers a new two-factor secret: read once per visit.
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Accepts an admin invitation with the invitee's own password (and first code); keeps the session. */
export function useAcceptStaffInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; password: string; code?: string }) =>
      apiClient.post<AcceptedInvitation>('/api/auth/staff-invitation/accept', body),
    onSuccess: ({ token }) => {
      queryClient.removeQueries({ queryKey: currentUserKey });
      setToken(token);
    },
  });
}
