import type { ReactNode } from 'react';
import { PlainAlert } from './plain-alert';
import { PlainButton } from './plain-button';

/** A failed load, with a Retry button that loads again: `RetryAlert` for the first screens. */
export function PlainRetryAlert({
  onRetry,
  className,
  children,
}: {
  onRetry: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <PlainAlert
      severity="error"
      className={className}
      action={
        <PlainButton color="inherit" size="small" onClick={onRetry}>
          Retry
        </PlainButton>
      }
    >
      {children}
    </PlainAlert>
  );
}
