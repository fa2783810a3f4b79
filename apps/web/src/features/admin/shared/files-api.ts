import type { FileViewLink } from '@letsema/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient, fetchFile } from '../../../lib/api-client';
import { useObjectUrl } from '../../../lib/use-object-url';
import { adminKeys } from './query-keys';

const FILES_PATH = '/api/files/';

/** Only files of this app are fetched with the bearer token; any other address is ignored. */
export function isProtectedFileUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.startsWith(FILES_PATH) && !url.includes('..');
}

/** Whether a stored file is a PDF, judged from its type once loaded, else from its key. */
export function isPdfFile(url: string, blob?: Blob): boolean {
  if (blob?.type) return blob.type === 'application/pdf';
  return url.toLowerCase().endsWith('.pdf');
}

/**
 * A protected file (`/api/files/...`) loaded with the admin's token, with an object URL for
 * `<img>`, previews and downloads. Stored files never change under their key, so one load is kept.
 */
export function useProtectedFile(url: string | null | undefined) {
  const isEnabled = isProtectedFileUrl(url);
  const query = useQuery({
    queryKey: adminKeys.file(isEnabled ? url : ''),
    queryFn: ({ signal }) => fetchFile(url as string, signal),
    enabled: isEnabled,
    staleTime: Infinity,
  });
  const objectUrl = useObjectUrl(query.data);
  return {
    blob: query.data,
    objectUrl,
    isLoading: isEnabled && (query.isPending || (query.isSuccess && !objectUrl)),
    isError: query.isError,
    retry: () => void query.refetch(),
  };
}

export { saveBlob } from '../../../lib/save-blob';

/** The extension a download of this file gets. */
export function getFileExtension(blob: Blob): string {
  const byType: Record<string, string> = {
    'application/pdf': 'pdf',
    'image/jpeg': 'jpg',
    'image/png': 'png',
    'image/webp': 'webp',
  };
  return byType[blob.type] ?? 'bin';
}

/** A view link lives two minutes on the server; a frame opened later asks for a new one. */
const VIEW_LINK_FRESH_MS = 60_000;

/**
 * A link that shows a protected file inside a frame of this site (`POST /api/files/view-links`): a
 * frame cannot send the bearer token, so the link names the session and the file for two minutes.
 */
export function useFileViewLink(url: string | null | undefined) {
  const isEnabled = isProtectedFileUrl(url);
  return useQuery({
    queryKey: adminKeys.fileViewLink(isEnabled ? url : ''),
    queryFn: async () => (await apiClient.post<FileViewLink>('/api/files/view-links', { url })).url,
    enabled: isEnabled,
    staleTime: VIEW_LINK_FRESH_MS,
    gcTime: VIEW_LINK_FRESH_MS,
    refetchOnWindowFocus: false,
  });
}
