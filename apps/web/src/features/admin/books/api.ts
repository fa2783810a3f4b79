import type {
  BooksRecord,
  BooksStart,
  CreateExpenseInput,
  CreateIncomeInput,
  MonthEndStep,
  PeriodDetail,
  PeriodRequestKind,
  PeriodSummary,
  RecordPage,
} from '@letsema/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPools } from '../../../components/pools/pool-queries';
import { apiClient, fetchFile, uploadWithProgress } from '../../../lib/api-client';
import { filterSearch } from '../../../lib/filter-search';
import { saveBlob } from '../../../lib/save-blob';
import { adminKeys } from '../shared/query-keys';

/** Expenses and income are the same kind of record: recorded with a document, decided by another admin. */
export type RecordKind = 'expense' | 'income';

/** An expense or an income as the admin pages read it. */
export type BookRecord = BooksRecord;

export type { RecordPage };

export interface RecordFilters {
  period: string;
  category: string;
  status: string;
}

export const RECORD_PAGE_SIZE = 20;

const collection = (kind: RecordKind) => (kind === 'expense' ? '/api/admin/expenses' : '/api/admin/income');

export const bookKeys = {
  all: [...adminKeys.all, 'books'] as const,
  records: (kind: RecordKind) => [...bookKeys.all, kind] as const,
  page: (kind: RecordKind, filters: RecordFilters, page: number) => [...bookKeys.records(kind), filters, page] as const,
  pools: () => [...bookKeys.all, 'pools'] as const,
  periods: () => [...bookKeys.all, 'periods'] as const,
  period: (period: string) => [...bookKeys.all, 'periods', period] as const,
  booksStart: () => [...bookKeys.all, 'books-start'] as const,
};

/** Which months may take a posting, as `GET /api/admin/books-start` answers it. */
export type { BooksStart };

export function useBooksStart() {
  return useQuery({
    queryKey: bookKeys.booksStart(),
    queryFn: ({ signal }) => apiClient.get<BooksStart>('/api/admin/books-start', signal),
  });
}

/** The super admin sets the month the books start in, before anything is posted. */
export function useSetBooksStart() {
  const reload = useReloadBooks();
  return useMutation({
    mutationFn: (period: string) => apiClient.put<BooksStart>('/api/admin/books-start', { period }),
    onSuccess: reload,
  });
}

export function useRecordPage(kind: RecordKind, filters: RecordFilters, page: number) {
  return useQuery({
    queryKey: bookKeys.page(kind, filters, page),
    queryFn: ({ signal }) =>
      apiClient.get<RecordPage>(
        `${collection(kind)}?${filterSearch(filters, { page: String(page), limit: String(RECORD_PAGE_SIZE) })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useBookPools() {
  return useQuery({ queryKey: bookKeys.pools(), queryFn: ({ signal }) => fetchPools(signal) });
}

/** Anything that moves the books reloads the records, the months and the dashboard counts. */
function useReloadBooks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bookKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminKeys.pendingCounts() }),
    ]);
}

export function useRecordBook(kind: RecordKind) {
  const reload = useReloadBooks();
  return useMutation({
    mutationFn: (body: CreateExpenseInput | CreateIncomeInput) => apiClient.post<BookRecord>(collection(kind), body),
    onSuccess: reload,
  });
}

/** A decision on a record, or on the reversal asked of it, and the path it is posted to. */
export type RecordDecision = 'approve' | 'reject' | 'request-reversal' | 'approve-reversal' | 'reject-reversal';

const decisionPaths: Record<RecordDecision, string> = {
  approve: 'approve',
  reject: 'reject',
  'request-reversal': 'reversal',
  'approve-reversal': 'reversal/approve',
  'reject-reversal': 'reversal/reject',
};

export function useDecideRecord(kind: RecordKind) {
  const reload = useReloadBooks();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: RecordDecision; reason?: string }) =>
      apiClient.post<BookRecord>(
        `${collection(kind)}/${encodeURIComponent(id)}/${decisionPaths[decision]}`,
        decision === 'approve' || decision === 'approve-reversal' ? undefined : { reason },
      ),
    onSettled: reload,
  });
}

/** Where the CSV of a list comes from, with the list's filters, and the name it is saved under. */
export function getRecordExport(kind: RecordKind, filters: RecordFilters): { url: string; fileName: string } {
  const name = kind === 'expense' ? 'expenses' : 'income';
  return {
    url: `${collection(kind)}/export?${filterSearch(filters)}`,
    fileName: `letsema-${name}${filters.period ? `-${filters.period}` : ''}.csv`,
  };
}

/** Downloads the expenses (or income) that match the filters as CSV. */
export function useExportRecords(kind: RecordKind) {
  return useMutation({
    mutationFn: async (filters: RecordFilters) => {
      const { url, fileName } = getRecordExport(kind, filters);
      saveBlob(await fetchFile(url), fileName);
    },
  });
}

/** Uploads a receipt, proof of income or bank statement; answers its URL. */
export async function uploadBookDocument(
  kind: 'expense-receipt' | 'income-proof' | 'bank-statement',
  file: File,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { url } = await uploadWithProgress<{ url: string }>(`/api/uploads/${kind}`, form, { onProgress });
  return url;
}

/** Opens a stored document (receipt, report) by downloading it with the session's token. */
export async function downloadDocument(url: string, fileName: string): Promise<void> {
  saveBlob(await fetchFile(url), fileName);
}

export type { PeriodSummary };

/** One month's close: its steps, what still waits in it, the bank, the split and the reports. */
export type { PeriodDetail };

export function usePeriods() {
  return useQuery({
    queryKey: bookKeys.periods(),
    queryFn: ({ signal }) => apiClient.get<PeriodSummary[]>('/api/admin/month-end', signal),
  });
}

export function usePeriod(period: string | null) {
  return useQuery({
    queryKey: bookKeys.period(period ?? ''),
    queryFn: ({ signal }) => apiClient.get<PeriodDetail>(`/api/admin/month-end/${period}`, signal),
    enabled: Boolean(period),
  });
}

export function useRunStep(period: string) {
  const reload = useReloadBooks();
  return useMutation({
    mutationFn: ({ step, body }: { step: MonthEndStep; body?: object }) =>
      apiClient.post<PeriodDetail>(`/api/admin/month-end/${period}/${step}`, body),
    onSettled: reload,
  });
}

/** Asks to reopen a closed month, or to unlock a locked one, with the reason. */
export function useReopen(period: string, kind: PeriodRequestKind = 'reopen') {
  const reload = useReloadBooks();
  return useMutation({
    mutationFn: (reason: string) => apiClient.post<PeriodDetail>(`/api/admin/month-end/${period}/${kind}`, { reason }),
    onSettled: reload,
  });
}

export function useDecideReopen(kind: PeriodRequestKind = 'reopen') {
  const reload = useReloadBooks();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      apiClient.post<PeriodDetail>(`/api/admin/month-end/${kind}-requests/${encodeURIComponent(id)}/${decision}`),
    onSettled: reload,
  });
}
