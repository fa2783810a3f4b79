import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a success message stays on screen (spec section 9). */
export const SUCCESS_MESSAGE_MS = 3000;

/** A success message that clears itself after a few seconds. */
export function useSuccessMessage(duration = SUCCESS_MESSAGE_MS) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), duration);
    },
    [duration],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}
