import type { RegistrationStatus } from '@letsema/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient, fetchFile } from '../../lib/api-client';

/** The account as `GET /api/auth/me` answers it: the fields the profile shows. */
export interface ProfileUser {
  id: string;
  email: string;
  fullName: string | null;
  phoneNumber: string | null;
  identityType: string | null;
  nationalId: string | null;
  dateOfBirth: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  profilePictureUrl: string | null;
  registrationStatus: RegistrationStatus;
  createdAt: string;
}

export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  photo: (url: string) => [...profileKeys.all, 'photo', url] as const,
};

export function fetchProfile(signal?: AbortSignal): Promise<ProfileUser> {
  return apiClient.get<ProfileUser>('/api/auth/me', signal);
}

/** The member's own account, loaded on entry; one retry, so a failure is told quickly. */
export function useProfile() {
  return useQuery({ queryKey: profileKeys.me(), queryFn: ({ signal }) => fetchProfile(signal), retry: 1 });
}

/** The member's photo, loaded with the token (files are private); stored files never change under their key. */
export function useProfilePhoto(url: string | null) {
  const isProtected = typeof url === 'string' && url.startsWith('/api/files/');
  return useQuery({
    queryKey: profileKeys.photo(url ?? ''),
    queryFn: ({ signal }) => fetchFile(url as string, signal),
    enabled: isProtected,
    staleTime: Infinity,
    retry: false,
  });
}
