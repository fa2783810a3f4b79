import type { ArrearsPage, ContributionRegisterPage } from '@letsema/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { fetchPools } from '../../../components/pools/pool-queries';
import { apiClient, fetchFile } from '../../../lib/api-client';
import { filterSearch } from '../../../lib/filter-search';
import { saveBlob } from '../../../lib/save-blob';
import { adminKeys } from '../shared/query-keys';

/** The register's filters as typed (empty strings for unset ones; an empty month is the books' month). */
export interface RegisterFilters {
  month: string;
  poolId: string;
  status: string;
  search: string;
}
export const emptyRegisterFilters: RegisterFilters = { month: '', poolId: '', status: '', search: '' };

export interface ArrearsFilters {
  poolId: string;
  search: string;
}
export const emptyArrearsFilters: ArrearsFilters = { poolId: '', search: '' };

export const CONTRIBUTIONS_PAGE_SIZE = 25;

export const contributionKeys = {
  all: [...adminKeys.all, 'contributions'] as const,
  register: (filters: RegisterFilters, page: number) => [...contributionKeys.all, 'register', filters, page] as const,
  arrears: (filters: ArrearsFilters, page: number) => [...contributionKeys.all, 'arrears', filters, page] as const,
  pools: () => [...contributionKeys.all, 'pools'] as const,
};

const paging = (page: number) => ({ page: String(page), limit: String(CONTRIBUTIONS_PAGE_SIZE) });

export function useContributionRegister(filters: RegisterFilters, page: number) {
  return useQuery({
    queryKey: contributionKeys.register(filters, page),
    queryFn: ({ signal }) =>
      apiClient.get<ContributionRegisterPage>(
        `/api/admin/contributions?${filterSearch(filters, paging(page))}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useArrears(filters: ArrearsFilters, page: number) {
  return useQuery({
    queryKey: contributionKeys.arrears(filters, page),
    queryFn: ({ signal }) =>
      apiClient.get<ArrearsPage>(`/api/admin/arrears?${filterSearch(filters, paging(page))}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useContributionPools() {
  return useQuery({ queryKey: contributionKeys.pools(), queryFn: ({ signal }) => fetchPools(signal) });
}

/** Downloads everything in the register that matches the filters as CSV, with the session's token. */
export function useRegisterExport() {
  return useMutation({
    mutationFn: async ({ filters, month }: { filters: RegisterFilters; month: string }) => {
      const blob = await fetchFile(`/api/admin/contributions/export?${filterSearch({ ...filters, month })}`);
      saveBlob(blob, `letsema-contributions-${month}.csv`);
    },
  });
}
