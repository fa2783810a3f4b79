import type { MembershipView } from '@letsema/domain';
import { paymentFrequencies, type PaymentFrequency } from '@letsema/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PoolView } from '../../components/pools/pool-display';
import { apiClient } from '../../lib/api-client';
import { INVESTING_QUERY_ROOT } from '../../lib/query-client';

/**
 * The pool members join, as `GET /api/payments/first-pool` answers it (amounts in rand), with its
 * plans and methods read into lists.
 */
export interface JoinablePool extends Omit<PoolView, 'paymentInstallments' | 'paymentMethods'> {
  paymentInstallments: { frequency: PaymentFrequency; amount: number | null }[];
  paymentMethods: string[];
}

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

export async function fetchFirstPool(signal?: AbortSignal): Promise<JoinablePool | null> {
  const pool = await apiClient.get<JoinablePool | null>('/api/payments/first-pool', signal);
  return pool ? normalisePool(pool) : null;
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

/** Plans arrive as `{frequency, amount}` pairs; plain frequencies or a JSON string are accepted too. */
export function readPlans(value: unknown): JoinablePool['paymentInstallments'] {
  if (typeof value === 'string') {
    try {
      return readPlans(JSON.parse(value));
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  const plans = value.flatMap((item): JoinablePool['paymentInstallments'] => {
    const frequency: unknown = typeof item === 'string' ? item : (item as { frequency?: unknown })?.frequency;
    if (!paymentFrequencies.includes(frequency as PaymentFrequency)) return [];
    const amount = typeof item === 'object' && item !== null ? (item as { amount?: unknown }).amount : null;
    return [{ frequency: frequency as PaymentFrequency, amount: typeof amount === 'number' ? amount : null }];
  });
  // One entry per frequency, in the order of the domain's list.
  return paymentFrequencies.flatMap((f) => plans.find((plan) => plan.frequency === f) ?? []);
}

function readMethods(value: unknown): string[] {
  if (typeof value === 'string') {
    try {
      return readMethods(JSON.parse(value));
    } catch {
      return [];
    }
  }
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function normalisePool(pool: JoinablePool): JoinablePool {
  return {
    ...pool,
    paymentInstallments: readPlans(pool.paymentInstallments),
    paymentMethods: readMethods(pool.paymentMethods),
  };
}
