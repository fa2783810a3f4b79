import type { PaymentFrequency } from '@letsema/domain';
import type { QueryClient } from '@tanstack/react-query';
import { ADMIN_QUERY_ROOT } from '../../lib/query-client';

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
