import type { PendingPaymentView } from '@letsema/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { QueueDecision } from '../shared/decision-queue';
import { adminKeys } from '../shared/query-keys';

export type PendingPayment = PendingPaymentView;

export const PENDING_PAYMENTS_PAGE_SIZE = 50;

export const paymentAdminKeys = {
  all: [...adminKeys.all, 'payments'] as const,
  pending: () => [...paymentAdminKeys.all, 'pending'] as const,
};

export function fetchPendingPayments(page: number, limit: number, signal?: AbortSignal): Promise<PendingPayment[]> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  return apiClient.get<PendingPayment[]>(`/api/admin/pending-payments?${query}`, signal);
}

export function approvePayment(id: string): Promise<unknown> {
  return apiClient.post(`/api/admin/payments/${encodeURIComponent(id)}/approve`);
}

export function rejectPayment(id: string, reason: string): Promise<unknown> {
  return apiClient.post(`/api/admin/payments/${encodeURIComponent(id)}/reject`, { reason });
}

/** Payments waiting for a decision, oldest first, a page at a time. */
export function usePendingPayments() {
  return useInfiniteQuery({
    queryKey: paymentAdminKeys.pending(),
    queryFn: ({ pageParam, signal }) => fetchPendingPayments(pageParam, PENDING_PAYMENTS_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length === PENDING_PAYMENTS_PAGE_SIZE ? pages.length + 1 : undefined,
  });
}

/**
 * Approves or rejects a payment. Whatever the answer, the list and the dashboard counts load again:
 * a refusal (409) usually means another admin decided first.
 */
export function usePaymentDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: QueueDecision) =>
      decision.action === 'approve' ? approvePayment(decision.id) : rejectPayment(decision.id, decision.reason),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.pendingCounts() }),
      ]),
  });
}
