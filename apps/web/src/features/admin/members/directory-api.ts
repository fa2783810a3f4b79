import type { MemberDetail, MemberDirectoryPage } from '@letsema/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, fetchFile } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { fetchPools } from '../../../components/pools/pool-queries';
import { memberKeys } from './api';

export interface DirectoryFilters {
  search: string;
  registrationStatus: string;
  accountStatus: string;
  poolId: string;
  sort: 'name' | 'joined' | 'status';
  order: 'asc' | 'desc';
}

export type DirectoryPage = MemberDirectoryPage;
export type MemberPage = MemberDetail;

export const DIRECTORY_PAGE_SIZE = 25;

export function useDirectory(filters: DirectoryFilters, page: number) {
  const params = new URLSearchParams({
    page: String(page),
    limit: String(DIRECTORY_PAGE_SIZE),
    sort: filters.sort,
    order: filters.order,
  });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.registrationStatus) params.set('registrationStatus', filters.registrationStatus);
  if (filters.accountStatus) params.set('accountStatus', filters.accountStatus);
  if (filters.poolId) params.set('poolId', filters.poolId);
  return useQuery({
    queryKey: [...memberKeys.all, 'directory', filters, page] as const,
    queryFn: ({ signal }) => apiClient.get<DirectoryPage>(`/api/admin/members?${params.toString()}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMemberPage(userId: string) {
  return useQuery({
    queryKey: [...memberKeys.all, 'page', userId] as const,
    queryFn: ({ signal }) => apiClient.get<MemberPage>(`/api/admin/members/${encodeURIComponent(userId)}`, signal),
  });
}

export function useSetMemberStatus(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ status, reason }: { status: 'suspend' | 'reactivate'; reason: string }) =>
      apiClient.post<MemberPage>(`/api/admin/members/${encodeURIComponent(userId)}/${status}`, { reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

/** Downloads a member's statement of a date range as PDF, with the session's token. */
export function useMemberStatement(userId: string) {
  return useMutation({
    mutationFn: async ({ from, to }: { from: string; to: string }) => {
      const blob = await fetchFile(
        `/api/admin/members/${encodeURIComponent(userId)}/statement?from=${from}&to=${to}&format=pdf`,
      );
      saveBlob(blob, `letsema-statement-${from}-to-${to}.pdf`);
    },
  });
}

export function useDirectoryPools() {
  return useQuery({ queryKey: [...memberKeys.all, 'pools'] as const, queryFn: ({ signal }) => fetchPools(signal) });
}
