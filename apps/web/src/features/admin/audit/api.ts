import type { AuditPage } from '@letsema/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient, fetchFile } from '../../../lib/api-client';
import { filterSearch } from '../../../lib/filter-search';
import { saveBlob } from '../../../lib/save-blob';
import { adminKeys } from '../shared/query-keys';

/** The viewer's filters as typed (empty strings for unset ones). */
export interface AuditFilters {
  actor: string;
  subject: string;
  action: string;
  from: string;
  to: string;
}

export const emptyAuditFilters: AuditFilters = { actor: '', subject: '', action: '', from: '', to: '' };

export const AUDIT_PAGE_SIZE = 25;

export const auditKeys = {
  all: [...adminKeys.all, 'audit'] as const,
  page: (filters: AuditFilters, page: number) => [...auditKeys.all, filters, page] as const,
};

export function useAuditPage(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: auditKeys.page(filters, page),
    queryFn: ({ signal }) =>
      apiClient.get<AuditPage>(
        `/api/admin/audit?${filterSearch(filters, { page: String(page), limit: String(AUDIT_PAGE_SIZE) })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the filtered view as CSV with the session's token. */
export function useAuditExport() {
  return useMutation({
    mutationFn: async (filters: AuditFilters) => {
      const blob = await fetchFile(`/api/admin/audit/export?${filterSearch(filters)}`);
      saveBlob(blob, `letsema-audit-${new Date().toISOString().slice(0, 10)}.csv`);
    },
  });
}
