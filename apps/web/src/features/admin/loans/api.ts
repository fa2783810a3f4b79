import type { AgeingBucket, GuarantorStatus, LoanStatus, LoanType, PenaltyType, WaiverStatus } from '@letsema/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, uploadWithProgress } from '../../../lib/api-client';
import type { AdminPayoutAccount } from '../../../lib/payout-account';
import type { LoanInstalmentView, LoanRepaymentView } from '../../../lib/loan-views';
import { adminKeys } from '../shared/query-keys';
import type { LoanFilters } from './loan-rules';

/** A loan as `GET /api/admin/loans` lists it (amounts in rand, as the API answers). */
export interface AdminLoan {
  id: string;
  number: string;
  type: LoanType;
  typeLabel: string;
  productName: string;
  pool: { id: string; name: string };
  member: { id: string; fullName: string | null; email: string | null };
  amount: number;
  termMonths: number;
  annualRatePercent: number;
  instalment: number;
  totalInterest: number;
  totalRepayable: number;
  purpose: string;
  status: LoanStatus;
  statusLabel: string;
  guarantor: {
    id: string;
    fullName: string | null;
    status: GuarantorStatus;
    statusLabel: string;
    guaranteedAmount: number;
    decidedAt: string | null;
  } | null;
  capitalAtApplication: number;
  graceDays: number;
  penaltyType: PenaltyType;
  penaltyFixed: number;
  penaltyPercent: number;
  approvalsNeeded: number;
  approverIds: string[];
  approvedAt: string | null;
  rejectionReason: string | null;
  decidedAt: string | null;
  disbursedAt: string | null;
  disbursedOn: string | null;
  disbursementProofUrl: string | null;
  principalRepaid: number;
  outstandingPrincipal: number;
  arrears: {
    daysOverdue: number;
    bucket: AgeingBucket | null;
    overdueAmount: number;
    overdueInstalments: number;
  };
  nextInstalment: { number: number; dueOn: string; amount: number } | null;
  createdAt: string;
  closedAt: string | null;
}

export interface LoanRepayment extends LoanRepaymentView {
  member?: { id: string; fullName: string | null; email: string };
}

export interface LoanWaiver {
  id: string;
  penaltyId: string;
  loanId: string;
  loanNumber: string;
  instalmentNumber: number;
  amount: number;
  reason: string;
  status: WaiverStatus;
  requestedBy: string;
  decidedBy: string | null;
  decidedAt: string | null;
  rejectionReason: string | null;
  createdAt: string;
}

export interface ScheduleRow extends LoanInstalmentView {
  penaltyId: string | null;
}

export interface AdminLoanDetail extends AdminLoan {
  schedule: ScheduleRow[];
  projectedSchedule:
    | { number: number; dueOn: string; principal: number; interest: number; amount: number; balanceAfter: number }[]
    | null;
  settlement: { asOf: string; amount: number; principal: number; interest: number; penalties: number } | null;
  repayments: LoanRepayment[];
  waivers: LoanWaiver[];
  /** The member's payout account the loan is paid into (null when they have none). */
  payoutAccount?: AdminPayoutAccount | null;
}

export interface AgeingRow {
  bucket: AgeingBucket;
  loans: number;
  overdueAmount: number;
  outstandingPrincipal: number;
}

export interface AdminLoanPage {
  items: AdminLoan[];
  total: number;
  page: number;
  limit: number;
  ageing: {
    asOf: string;
    buckets: AgeingRow[];
    loansInArrears: number;
    overdueAmount: number;
    activeLoans: number;
    outstandingPrincipal: number;
  };
}

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
    queryFn: ({ signal }) => apiClient.get<AdminLoanDetail>(`/api/admin/loans/${encodeURIComponent(id)}`, signal),
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
          return apiClient.post<AdminLoanDetail>(`${base}/approve`);
        case 'reject':
          return apiClient.post<AdminLoanDetail>(`${base}/reject`, { reason: input.reason });
        case 'disburse':
          return apiClient.post<AdminLoanDetail>(`${base}/disburse`, { proofUrl: input.proofUrl });
        case 'waive':
          return apiClient.post<AdminLoanDetail>(`${base}/penalties/${encodeURIComponent(input.penaltyId)}/waive`, {
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
