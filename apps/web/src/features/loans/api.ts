import type { LoanDetail, LoanOffer, LoanQuote, LoanRepayment, LoanSummary, LoanType } from '@letsema/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

// The answers' types come from their schemas in the domain. Amounts are numbers of rand, as the API
// answers them; pages read them into cents (randAmountToCents) to add or compare.

/** A product on offer, with what this member may borrow on it now. */
export type LoanProductOffer = LoanOffer['products'][number];

/** `POST /api/loans/quote` (and a quote's body). */
export interface LoanQuoteRequest {
  type: LoanType;
  amount: number;
  termMonths: number;
  poolId?: string;
}

/** `POST /api/loans`. */
export interface LoanApplicationRequest extends LoanQuoteRequest {
  purpose: string;
  guarantor?: string;
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
