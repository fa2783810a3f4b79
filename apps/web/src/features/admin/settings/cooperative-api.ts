import type {
  CooperativeDetails,
  CooperativeDetailsBody,
  CooperativeSettings,
  CooperativeSettingsInput,
} from '@letsema/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from '../shared/query-keys';

export const cooperativeKeys = {
  details: () => [...adminKeys.all, 'cooperative-details'] as const,
  settings: () => [...adminKeys.all, 'cooperative-settings'] as const,
};

/** The cooperative's name, slug, registration number and province (the super admin only). */
export function useCooperativeDetails() {
  return useQuery({
    queryKey: cooperativeKeys.details(),
    queryFn: ({ signal }) => apiClient.get<CooperativeDetails>('/api/admin/settings/cooperative', signal),
  });
}

export function useSaveCooperativeDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CooperativeDetailsBody) =>
      apiClient.put<CooperativeDetails>('/api/admin/settings/cooperative', body),
    onSuccess: (saved) => queryClient.setQueryData(cooperativeKeys.details(), saved),
  });
}

/** The cooperative's settings in force, with the installation's defaults (the super admin only). */
export function useCooperativeSettings() {
  return useQuery({
    queryKey: cooperativeKeys.settings(),
    queryFn: ({ signal }) => apiClient.get<CooperativeSettings>('/api/admin/settings/rules', signal),
  });
}

/** Saves the settings, sent as the API takes them: the amount in rand. */
export function useSaveCooperativeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CooperativeSettingsInput) =>
      apiClient.put<CooperativeSettings>('/api/admin/settings/rules', body),
    onSuccess: (saved) => queryClient.setQueryData(cooperativeKeys.settings(), saved),
  });
}
