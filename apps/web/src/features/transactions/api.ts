import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import type { PaymentView } from '../../lib/investing';
import { INVESTING_QUERY_ROOT } from '../../lib/query-client';

/** The largest page the API gives; tab counts are worked out over what has been loaded. */
export const TRANSACTIONS_PAGE_SIZE = 100;

export const transactionKeys = {
  all: [INVESTING_QUERY_ROOT, 'payments', 'transactions'] as const,
};

export function fetchTransactions(page: number, limit: number, signal?: AbortSignal): Promise<PaymentView[]> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  return apiClient.get<PaymentView[]>(`/api/payments/my-payments?${query}`, signal);
}

/** Every money movement of the member, newest first. */
export function useTransactions() {
  return useInfiniteQuery({
    queryKey: transactionKeys.all,
    queryFn: ({ pageParam, signal }) => fetchTransactions(pageParam, TRANSACTIONS_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.length === TRANSACTIONS_PAGE_SIZE ? pages.length + 1 : undefined),
  });
}
