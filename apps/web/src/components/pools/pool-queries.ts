import type { PaymentFrequency, PoolStatus } from '@letsema/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { ADMIN_QUERY_ROOT } from '../../lib/query-client';
import type { PoolView } from './pool-display';

/** Member screens key their pool queries under this; admin screens under `['admin', 'pools']`. */
export const POOLS_QUERY_ROOT = 'pools';

/** `POST /api/pools` as sent: money in rand. */
export interface CreatePoolRequest {
  name: string;
  description: string;
  targetAmount: number;
  totalShares: number;
  paymentFrequencies: PaymentFrequency[];
  paymentMethods: string[];
  maxMembers: number;
  investmentDuration: number;
}

/** `PUT /api/pools/{id}` as sent: money in rand; each plan's amount is the instalment for one share. */
export interface UpdatePoolRequest {
  name: string;
  description: string;
  targetAmount: number;
  maxMembers: number;
  investmentDuration: number;
  paymentMethods: string[];
  paymentInstallments: { amount: number; frequency: PaymentFrequency }[];
}

/** A pool changed: every pool list and detail, on the member and the admin side, reloads. */
export async function invalidatePoolQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [POOLS_QUERY_ROOT] }),
    queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, POOLS_QUERY_ROOT] }),
  ]);
}

/** A pool was saved: its answer becomes the cached detail under `detailKey`, and every pool query reloads. */
export function storeSavedPool(queryClient: QueryClient, detailKey: QueryKey, pool: PoolView): Promise<void> {
  queryClient.setQueryData(detailKey, pool);
  return invalidatePoolQueries(queryClient);
}

/** Pools this user may see, oldest first (drafts only their creator's, or every draft for admins). */
export function fetchPools(signal?: AbortSignal): Promise<PoolView[]> {
  return apiClient.get<PoolView[]>('/api/pools', signal);
}

export function fetchPool(id: string, signal?: AbortSignal): Promise<PoolView> {
  return apiClient.get<PoolView>(`/api/pools/${encodeURIComponent(id)}`, signal);
}

export function postPool(body: CreatePoolRequest): Promise<PoolView> {
  return apiClient.post<PoolView>('/api/pools', body);
}

export function putPool(id: string, body: UpdatePoolRequest): Promise<PoolView> {
  return apiClient.put<PoolView>(`/api/pools/${encodeURIComponent(id)}`, body);
}

export function patchPoolStatus(id: string, status: PoolStatus): Promise<PoolView> {
  return apiClient.patch<PoolView>(`/api/pools/${encodeURIComponent(id)}/status`, { status });
}
