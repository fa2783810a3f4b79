import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/** The current time, renewed every minute, so labels such as '5m ago' stay true while a list is open. */
export function useNow(intervalMs = MINUTE_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
