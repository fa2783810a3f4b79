import type { MembershipView, PaymentView } from '@letsema/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { INVESTING_QUERY_ROOT } from '../../lib/query-client';

/** `POST /api/payments/create`: the amount in rand. */
export interface CreatePaymentRequest {
  poolId: string;
  amount: number;
  paymentMethod: string;
  proofOfPaymentUrl: string;
}

export const PAYMENT_HISTORY_PAGE_SIZE = 20;

export const paymentKeys = {
  all: [INVESTING_QUERY_ROOT] as const,
  membership: () => [INVESTING_QUERY_ROOT, 'membership'] as const,
  history: () => [INVESTING_QUERY_ROOT, 'payments', 'history'] as const,
};

export function fetchMyMembership(signal?: AbortSignal): Promise<MembershipView | null> {
  return apiClient.get<MembershipView | null>('/api/payments/my-membership', signal);
}

export function fetchMyPayments(page: number, limit: number, signal?: AbortSignal): Promise<PaymentView[]> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  return apiClient.get<PaymentView[]>(`/api/payments/my-payments?${query}`, signal);
}

export function postPayment(body: CreatePaymentRequest): Promise<PaymentView> {
  return apiClient.post<PaymentView>('/api/payments/create', body);
}

export function useMyMembership() {
  return useQuery({ queryKey: paymentKeys.membership(), queryFn: ({ signal }) => fetchMyMembership(signal) });
}

/** The member's payments, newest first, a page at a time. */
export function usePaymentHistory() {
  return useInfiniteQuery({
    queryKey: paymentKeys.history(),
    queryFn: ({ pageParam, signal }) => fetchMyPayments(pageParam, PAYMENT_HISTORY_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length === PAYMENT_HISTORY_PAGE_SIZE ? pages.length + 1 : undefined,
  });
}

/**
 * Submits a payment. Whatever the answer, the membership and every list of payments load again: a
 * refusal often means the figures changed (another payment was approved meanwhile).
 */
export function useCreatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
