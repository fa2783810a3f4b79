import { useQuery } from '@tanstack/react-query';
import { fetchFile } from '../../lib/api-client';

export const profileKeys = {
  all: ['profile'] as const,
  photo: (url: string) => [...profileKeys.all, 'photo', url] as const,
};

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
