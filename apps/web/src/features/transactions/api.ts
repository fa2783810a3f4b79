import type { PaymentCounts, TransactionView } from '@letsema/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { INVESTING_QUERY_ROOT } from '../../lib/query-client';
import type { TransactionTabKey } from './transaction-rules';

/** The largest page the API gives. */
export const TRANSACTIONS_PAGE_SIZE = 100;

/** How many transactions of each type the member has, over all of them. */
export type TransactionCounts = PaymentCounts;

export const transactionKeys = {
  all: [INVESTING_QUERY_ROOT, 'payments', 'transactions'] as const,
  tab: (tab: TransactionTabKey) => [...transactionKeys.all, tab] as const,
  counts: () => [INVESTING_QUERY_ROOT, 'payments', 'transaction-counts'] as const,
};

export function fetchTransactions(
  page: number,
  limit: number,
  tab: TransactionTabKey,
  signal?: AbortSignal,
): Promise<TransactionView[]> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (tab !== 'all') query.set('tab', tab);
  return apiClient.get<TransactionView[]>(`/api/payments/my-transactions?${query}`, signal);
}

/**
 * The member's money movements a tab shows, newest first, a page at a time: what the ledger posts
 * for them (as on their statement) and payments not posted yet. The server picks the tab's types.
 */
export function useTransactions(tab: TransactionTabKey) {
  return useInfiniteQuery({
    queryKey: transactionKeys.tab(tab),
    queryFn: ({ pageParam, signal }) => fetchTransactions(pageParam, TRANSACTIONS_PAGE_SIZE, tab, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.length === TRANSACTIONS_PAGE_SIZE ? pages.length + 1 : undefined),
  });
}

/** How many transactions of each type the member has: the tabs' counts, over every page. */
export function useTransactionCounts() {
  return useQuery({
    queryKey: transactionKeys.counts(),
    queryFn: ({ signal }) => apiClient.get<TransactionCounts>('/api/payments/my-transactions/counts', signal),
  });
}
