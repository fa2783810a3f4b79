import { useEffect, useState } from 'react';

/** The value as it was once it stopped changing for `delayMs`: a quote is asked for when the member pauses typing. */
export function useDebouncedValue<T>(value: T, delayMs: number, isEqual: (a: T, b: T) => boolean): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (isEqual(settled, value)) return;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, settled, delayMs, isEqual]);
  return settled;
}
