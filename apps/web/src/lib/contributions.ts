import type { ContributionCalendarView, MyContributions } from '@letsema/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { INVESTING_QUERY_ROOT } from './query-client';

export type { ContributionCalendarView };

export const myContributionsKey = () => [INVESTING_QUERY_ROOT, 'contributions'] as const;

/** The member's contribution calendars, under the investing root so a payment's change refreshes them. */
export function useMyContributions(isEnabled = true) {
  return useQuery({
    queryKey: myContributionsKey(),
    queryFn: ({ signal }) => apiClient.get<MyContributions>('/api/payments/my-contributions', signal),
    enabled: isEnabled,
  });
}

/** "1 day" or "12 days". */
export function formatDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
