import { dayOf, describeMovedClock, type BooksClockView } from '@letsema/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

const booksClockKey = ['books-clock'] as const;
/** The clock moves only when the server restarts with another CLOCK_OFFSET_DAYS: an hour is fresh enough. */
const CLOCK_FRESH_MS = 60 * 60 * 1000;

function useBooksClock() {
  return useQuery({
    queryKey: booksClockKey,
    queryFn: ({ signal }) => apiClient.get<BooksClockView>('/api/clock', signal),
    staleTime: CLOCK_FRESH_MS,
    // A banner and a default date: a failure leaves the device's day in place, nothing to retry loudly.
    retry: 1,
  });
}

/**
 * The cooperative's day the books are at, which the server checks dates against: the device's day
 * until the server has said, and whenever it cannot.
 */
export function useBooksDay(): string {
  return useBooksClock().data?.day ?? dayOf(new Date());
}

/** The rehearsal notice every shell shows while CLOCK_OFFSET_DAYS moves the books' clock; null otherwise. */
export function useMovedClockNotice(): string | null {
  const clock = useBooksClock().data;
  return clock ? describeMovedClock(clock) : null;
}
