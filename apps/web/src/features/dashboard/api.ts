import type { LoanSummary, MemberMonths, MemberPosition, MembershipView } from '@letsema/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { INVESTING_QUERY_ROOT } from '../../lib/query-client';

export const dashboardKeys = {
  membership: () => [INVESTING_QUERY_ROOT, 'membership'] as const,
  loans: () => [INVESTING_QUERY_ROOT, 'dashboard-loans'] as const,
  position: () => [INVESTING_QUERY_ROOT, 'position'] as const,
};

/** What the dashboard reads of a member's loan, as `GET /api/loans` answers it. */
export type DashboardLoan = Pick<LoanSummary, 'id' | 'number' | 'status' | 'nextInstalment'>;

/** The member's loans, for the next instalment the dashboard shows. */
export function useMyLoansForDashboard(isEnabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.loans(),
    queryFn: ({ signal }) => apiClient.get<DashboardLoan[]>('/api/loans', signal),
    enabled: isEnabled,
  });
}

export function fetchMyMembership(signal?: AbortSignal): Promise<MembershipView | null> {
  return apiClient.get<MembershipView | null>('/api/payments/my-membership', signal);
}

export function useMyMembership() {
  return useQuery({ queryKey: dashboardKeys.membership(), queryFn: ({ signal }) => fetchMyMembership(signal) });
}

/** One month of `GET /api/statements/monthly`, in rand. */
export type MonthlyHolding = MemberMonths[number];

/** The member's capital and returns at each of the last twelve month ends. */
export function useMonthlyHolding(isEnabled: boolean) {
  return useQuery({
    queryKey: [INVESTING_QUERY_ROOT, 'monthly'] as const,
    queryFn: ({ signal }) => apiClient.get<MonthlyHolding[]>('/api/statements/monthly', signal),
    enabled: isEnabled,
  });
}

/** The member's net position and capital held for guarantees, as a statement ending today closes. */
export function useMyPosition() {
  return useQuery({
    queryKey: dashboardKeys.position(),
    queryFn: ({ signal }) => apiClient.get<MemberPosition>('/api/statements/position', signal),
  });
}
