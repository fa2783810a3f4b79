import type { GuarantorStatus, LoanStatus, LoanType, PenaltyType } from '@letsema/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import type { LoanInstalmentView, LoanRepaymentView } from '../../lib/loan-views';

// Amounts are numbers of rand, as the API answers them; pages turn them into cents to add or compare.

export interface LoanProductOffer {
  id: string;
  type: LoanType;
  typeLabel: string;
  name: string;
  description: string;
  annualRatePercent: number;
  minTermMonths: number;
  maxTermMonths: number;
  maxCapitalMultiple: number;
  graceDays: number;
  penaltyType: PenaltyType;
  penaltyTypeLabel: string;
  penaltyFixed: number;
  penaltyPercent: number;
  guarantorAboveCapital: boolean;
  /** What this member may borrow on it now. */
  maxAmount: number;
}

/** `GET /api/loans/offer`: lending on or off, the products, the member's capital and limits. */
export interface LoanOffer {
  isEnabled: boolean;
  maxAnnualRatePercent: number;
  capital: number;
  owed: number;
  guaranteeHold: number;
  pools: { id: string; name: string; capital: number; paymentMethods: string[] }[];
  products: LoanProductOffer[];
}

export interface QuotedInstalment {
  number: number;
  dueOn: string;
  principal: number;
  interest: number;
  amount: number;
  balanceAfter: number;
}

/** `POST /api/loans/quote` (and a quote's body). */
export interface LoanQuoteRequest {
  type: LoanType;
  amount: number;
  termMonths: number;
  poolId?: string;
}

export interface LoanQuote {
  type: LoanType;
  typeLabel: string;
  amount: number;
  termMonths: number;
  annualRatePercent: number;
  instalment: number;
  totalInterest: number;
  totalRepayable: number;
  firstDueOn: string;
  schedule: QuotedInstalment[];
  eligibility: {
    poolId: string | null;
    capital: number;
    maxAmount: number;
    isGuarantorNeeded: boolean;
    guaranteedAmount: number;
    canApply: boolean;
    refusal: string | null;
    refusalField: string | null;
  };
}

/** `POST /api/loans`. */
export interface LoanApplicationRequest extends LoanQuoteRequest {
  purpose: string;
  guarantor?: string;
}

export interface LoanSummary {
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
  rejectionReason: string | null;
  decidedAt: string | null;
  disbursedAt: string | null;
  disbursedOn: string | null;
  principalRepaid: number;
  outstandingPrincipal: number;
  arrears: { daysOverdue: number; bucket: string | null; overdueAmount: number; overdueInstalments: number };
  nextInstalment: { number: number; dueOn: string; amount: number } | null;
  createdAt: string;
  closedAt: string | null;
}

export type LoanInstalment = LoanInstalmentView;

export type LoanRepayment = LoanRepaymentView;

/** `GET /api/loans/{id}`. */
export interface LoanDetail extends LoanSummary {
  schedule: LoanInstalment[];
  projectedSchedule: QuotedInstalment[] | null;
  settlement: { asOf: string; amount: number; principal: number; interest: number; penalties: number } | null;
  repayments: LoanRepayment[];
}

/** `POST /api/loans/{id}/repayments`. */
export interface LoanRepaymentRequest {
  amount: number;
  paymentMethod: string;
  proofUrl: string;
}

const LOANS_QUERY_ROOT = 'loans';

export const loanKeys = {
  all: [LOANS_QUERY_ROOT] as const,
  offer: () => [LOANS_QUERY_ROOT, 'offer'] as const,
  quote: (body: LoanQuoteRequest) => [LOANS_QUERY_ROOT, 'quote', body] as const,
  mine: () => [LOANS_QUERY_ROOT, 'mine'] as const,
  guarantees: () => [LOANS_QUERY_ROOT, 'guarantees'] as const,
  detail: (id: string) => [LOANS_QUERY_ROOT, 'detail', id] as const,
};

export const fetchLoanOffer = (signal?: AbortSignal) => apiClient.get<LoanOffer>('/api/loans/offer', signal);
export const postLoanQuote = (body: LoanQuoteRequest) => apiClient.post<LoanQuote>('/api/loans/quote', body);
export const postLoanApplication = (body: LoanApplicationRequest) => apiClient.post<LoanDetail>('/api/loans', body);
export const fetchMyLoans = (signal?: AbortSignal) => apiClient.get<LoanSummary[]>('/api/loans', signal);
export const fetchMyGuarantees = (signal?: AbortSignal) =>
  apiClient.get<LoanSummary[]>('/api/loans/guarantees', signal);
export const fetchLoan = (id: string, signal?: AbortSignal) =>
  apiClient.get<LoanDetail>(`/api/loans/${encodeURIComponent(id)}`, signal);

export function useLoanOffer() {
  return useQuery({ queryKey: loanKeys.offer(), queryFn: ({ signal }) => fetchLoanOffer(signal) });
}

/** The quote of what the form holds; `null` while the form holds nothing that can be quoted. */
export function useLoanQuote(body: LoanQuoteRequest | null) {
  return useQuery({
    queryKey: body ? loanKeys.quote(body) : [LOANS_QUERY_ROOT, 'quote', 'none'],
    queryFn: () => postLoanQuote(body!),
    enabled: body !== null,
    // The last schedule stays on screen while the next one loads, so the form does not jump.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useMyLoans() {
  return useQuery({ queryKey: loanKeys.mine(), queryFn: ({ signal }) => fetchMyLoans(signal) });
}

export function useMyGuarantees() {
  return useQuery({ queryKey: loanKeys.guarantees(), queryFn: ({ signal }) => fetchMyGuarantees(signal) });
}

export function useLoan(id: string) {
  return useQuery({ queryKey: loanKeys.detail(id), queryFn: ({ signal }) => fetchLoan(id, signal) });
}

/** Every loan mutation reloads everything about loans: the limit, the lists and the loan itself change together. */
function useLoanMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: loanKeys.all }),
  });
}

export function useApplyForLoan() {
  return useLoanMutation(postLoanApplication);
}

export function useCancelLoan() {
  return useLoanMutation((id: string) => apiClient.post<LoanDetail>(`/api/loans/${encodeURIComponent(id)}/cancel`));
}

export function useAnswerGuarantee() {
  return useLoanMutation(({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
    apiClient.post<LoanSummary>(`/api/loans/${encodeURIComponent(id)}/guarantor/${answer}`),
  );
}

export function useSubmitRepayment() {
  return useLoanMutation(({ id, body }: { id: string; body: LoanRepaymentRequest }) =>
    apiClient.post<LoanRepayment>(`/api/loans/${encodeURIComponent(id)}/repayments`, body),
  );
}
