import type { CorrectionRequestBody, CorrectionView } from '@letsema/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, fetchFile } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-blob';

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

/** Downloads everything the cooperative holds about the member, as a ZIP (POPIA section 23). */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const blob = await fetchFile('/api/auth/my-data');
      saveBlob(blob, `letsema-my-data-${new Date().toISOString().slice(0, 10)}.zip`);
    },
  });
}

export const correctionKeys = {
  mine: () => [...profileKeys.all, 'corrections'] as const,
};

/** The member's correction requests, newest first. */
export function useMyCorrections() {
  return useQuery({
    queryKey: correctionKeys.mine(),
    queryFn: ({ signal }) => apiClient.get<CorrectionView[]>('/api/auth/corrections', signal),
  });
}

export function useRequestCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectionRequestBody) => apiClient.post<CorrectionView>('/api/auth/corrections', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: correctionKeys.mine() }),
  });
}
