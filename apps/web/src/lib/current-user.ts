import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { hasSession } from './session';
import type { MeView } from '@letsema/domain';

/** The signed-in user as `GET /api/auth/me` answers it. */
export type CurrentUser = MeView;

/** The signed-in user's query key: whatever changes the account refreshes it. */
export const currentUserKey = ['auth', 'me'] as const;

export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return apiClient.get<CurrentUser>('/api/auth/me', signal);
}

export function currentUserQuery() {
  return queryOptions({
    queryKey: currentUserKey,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
  });
}

/** The signed-in user; nothing is fetched while no usable token is stored. */
export function useCurrentUser(options: { retry?: number; staleTime?: number } = {}) {
  return useQuery({ ...currentUserQuery(), ...options, enabled: hasSession() });
}
