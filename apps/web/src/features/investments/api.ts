import type { MembershipView, PaymentFrequency, PoolView } from '@letsema/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { INVESTING_QUERY_ROOT } from '../../lib/query-client';

/**
 * The pool members join, as `GET /api/payments/first-pool` answers it (amounts in rand): the
 * domain's pool answer, which the API writes from its schema, plans and methods as lists.
 */
export type JoinablePool = PoolView;

/** `POST /api/payments/join-pool`: amounts in rand; the server works them out again and refuses others. */
export interface JoinPoolRequest {
  poolId: string;
  numberOfShares: number;
  totalCommitment: number;
  installmentPlan: PaymentFrequency;
  contributionAmount: number;
}

export const investmentKeys = {
  all: [INVESTING_QUERY_ROOT] as const,
  firstPool: () => [INVESTING_QUERY_ROOT, 'first-pool'] as const,
  membership: () => [INVESTING_QUERY_ROOT, 'membership'] as const,
};

export function fetchFirstPool(signal?: AbortSignal): Promise<JoinablePool | null> {
  return apiClient.get<JoinablePool | null>('/api/payments/first-pool', signal);
}

export function fetchMyMembership(signal?: AbortSignal): Promise<MembershipView | null> {
  return apiClient.get<MembershipView | null>('/api/payments/my-membership', signal);
}

export function postJoinPool(body: JoinPoolRequest): Promise<MembershipView> {
  return apiClient.post<MembershipView>('/api/payments/join-pool', body);
}

export function useFirstPool() {
  return useQuery({ queryKey: investmentKeys.firstPool(), queryFn: ({ signal }) => fetchFirstPool(signal) });
}

export function useMyMembership() {
  return useQuery({ queryKey: investmentKeys.membership(), queryFn: ({ signal }) => fetchMyMembership(signal) });
}

/**
 * Asks to join the pool. Whatever the answer, the membership, the pool's figures and every money view
 * load again: a refusal (409) usually means they changed meanwhile.
 */
export function useJoinPool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postJoinPool,
    onSettled: () => queryClient.invalidateQueries({ queryKey: investmentKeys.all }),
  });
}
