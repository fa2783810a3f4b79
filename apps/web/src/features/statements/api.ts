import type { ClosedMonths, StatementView } from '@letsema/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient, fetchFile } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-blob';

export type StatementMonths = ClosedMonths;

export const statementKeys = {
  all: ['statements'] as const,
  months: () => [...statementKeys.all, 'months'] as const,
  range: (from: string, to: string) => [...statementKeys.all, from, to] as const,
};

export function useStatementMonths() {
  return useQuery({
    queryKey: statementKeys.months(),
    queryFn: ({ signal }) => apiClient.get<StatementMonths>('/api/statements/months', signal),
  });
}

export function useStatement(range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: statementKeys.range(range?.from ?? '', range?.to ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<StatementView>(`/api/statements?from=${range!.from}&to=${range!.to}`, signal),
    enabled: Boolean(range),
  });
}

/** Downloads the statement of a date range as PDF or CSV, with the session's token. */
export function useDownloadStatement() {
  return useMutation({
    mutationFn: async ({ from, to, format }: { from: string; to: string; format: 'pdf' | 'csv' }) => {
      const blob = await fetchFile(`/api/statements?from=${from}&to=${to}&format=${format}`);
      saveBlob(blob, `letsema-statement-${from}-to-${to}.${format}`);
    },
  });
}
