import type { AdminLoanPage, LoanDetail, LoanRepayment, LoanStatus, LoanWaiver } from '@letsema/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, uploadWithProgress } from '../../../lib/api-client';
import { adminKeys } from '../shared/query-keys';
import type { LoanFilters } from './loan-rules';

export const LOAN_PAGE_SIZE = 20;

export const loanKeys = {
  all: () => [...adminKeys.all, 'loans'] as const,
  list: (filters: LoanFilters) => [...loanKeys.all(), 'list', filters] as const,
  count: (status: LoanStatus) => [...loanKeys.all(), 'count', status] as const,
  detail: (id: string) => [...loanKeys.all(), 'detail', id] as const,
  waivers: () => [...loanKeys.all(), 'waivers'] as const,
  repayments: () => [...adminKeys.all, 'loan-repayments'] as const,
};

/** The query string of `GET /api/admin/loans` for these filters and page. */
export function toLoansQuery(filters: LoanFilters, limit = LOAN_PAGE_SIZE): string {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.type) query.set('type', filters.type);
  if (filters.bucket) query.set('bucket', filters.bucket);
  if (filters.inArrears) query.set('inArrears', filters.inArrears);
  query.set('page', String(filters.page));
  query.set('limit', String(limit));
  return query.toString();
}

/** A page of loans with the filters, and the ageing of the whole book's arrears. */
export function useAdminLoans(filters: LoanFilters) {
  return useQuery({
    queryKey: loanKeys.list(filters),
    queryFn: ({ signal }) => apiClient.get<AdminLoanPage>(`/api/admin/loans?${toLoansQuery(filters)}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** How many loans are in one state (the list's total, asking for one row). */
export function useLoanCount(status: LoanStatus, isEnabled = true) {
  return useQuery({
    queryKey: loanKeys.count(status),
    queryFn: ({ signal }) =>
      apiClient
        .get<AdminLoanPage>(`/api/admin/loans?status=${status}&page=1&limit=1`, signal)
        .then((page) => page.total),
    enabled: isEnabled,
  });
}

/** Loans in one state, for the decision queues (the first 100, newest first). */
export function useLoansInState(status: LoanStatus, isEnabled = true) {
  return useQuery({
    queryKey: [...loanKeys.all(), 'state', status] as const,
    queryFn: ({ signal }) =>
      apiClient
        .get<AdminLoanPage>(`/api/admin/loans?status=${status}&page=1&limit=100`, signal)
        .then((page) => page.items),
    enabled: isEnabled,
  });
}

export function useAdminLoan(id: string) {
  return useQuery({
    queryKey: loanKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<LoanDetail>(`/api/admin/loans/${encodeURIComponent(id)}`, signal),
  });
}

/** Penalty waivers waiting for a second admin, oldest first. */
export function usePendingWaivers(isEnabled = true) {
  return useQuery({
    queryKey: loanKeys.waivers(),
    queryFn: ({ signal }) => apiClient.get<LoanWaiver[]>('/api/admin/loan-waivers?status=pending', signal),
    enabled: isEnabled,
  });
}

/** Loan repayments waiting for the payments desk, oldest first. */
export function usePendingRepayments(isEnabled = true) {
  return useQuery({
    queryKey: loanKeys.repayments(),
    queryFn: ({ signal }) =>
      apiClient.get<LoanRepayment[]>('/api/admin/loan-repayments?status=pending&limit=100', signal),
    enabled: isEnabled,
  });
}

function useReloadLoans() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: loanKeys.all() }),
      queryClient.invalidateQueries({ queryKey: loanKeys.repayments() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.pendingCounts() }),
      queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'tasks'] }),
    ]);
}

export type LoanStep =
  | { step: 'approve' }
  | { step: 'reject'; reason: string }
  | { step: 'disburse'; proofUrl: string }
  | { step: 'waive'; penaltyId: string; reason: string };

/** One decision on a loan (approve, reject, pay out) or a request to waive one of its penalties. */
export function useLoanStep(loanId: string) {
  const reload = useReloadLoans();
  return useMutation({
    mutationFn: (input: LoanStep) => {
      const base = `/api/admin/loans/${encodeURIComponent(loanId)}`;
      switch (input.step) {
        case 'approve':
          return apiClient.post<LoanDetail>(`${base}/approve`);
        case 'reject':
          return apiClient.post<LoanDetail>(`${base}/reject`, { reason: input.reason });
        case 'disburse':
          return apiClient.post<LoanDetail>(`${base}/disburse`, { proofUrl: input.proofUrl });
        case 'waive':
          return apiClient.post<LoanDetail>(`${base}/penalties/${encodeURIComponent(input.penaltyId)}/waive`, {
            reason: input.reason,
          });
      }
    },
    onSettled: reload,
  });
}

export type ItemDecision = { id: string; action: 'approve' } | { id: string; action: 'reject'; reason: string };

/** The second admin's decision on a penalty waiver. */
export function useWaiverDecision() {
  const reload = useReloadLoans();
  return useMutation({
    mutationFn: (decision: ItemDecision) =>
      apiClient.post(
        `/api/admin/loan-waivers/${encodeURIComponent(decision.id)}/${decision.action}`,
        decision.action === 'reject' ? { reason: decision.reason } : undefined,
      ),
    onSettled: reload,
  });
}

/** The payments desk's decision on a loan repayment. */
export function useRepaymentDecision() {
  const reload = useReloadLoans();
  return useMutation({
    mutationFn: (decision: ItemDecision) =>
      apiClient.post(
        `/api/admin/loan-repayments/${encodeURIComponent(decision.id)}/${decision.action}`,
        decision.action === 'reject' ? { reason: decision.reason } : undefined,
      ),
    onSettled: reload,
  });
}

/** Uploads the proof of a loan's payout to the member; answers its URL. */
export async function uploadDisbursementProof(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { url } = await uploadWithProgress<{ url: string }>('/api/uploads/loan-disbursement-proof', form);
  return url;
}
