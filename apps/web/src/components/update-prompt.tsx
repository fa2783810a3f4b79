import { lazy, Suspense } from 'react';
import { useWaitingUpdate } from '../lib/service-worker';

// Fetched only once a new release is waiting: most visits never need the snackbar.
const UpdateSnackbar = lazy(() => import('./update-snackbar').then((module) => ({ default: module.UpdateSnackbar })));

/**
 * Offers a newly deployed release once its service worker is waiting. It does not block the page: a
 * member in the middle of a form reloads when they are ready, or dismisses it and gets the new
 * release the next time Letsema starts.
 */
export function UpdatePrompt() {
  const applyUpdate = useWaitingUpdate();
  if (!applyUpdate) return null;
  return (
    <Suspense fallback={null}>
      <UpdateSnackbar applyUpdate={applyUpdate} />
    </Suspense>
  );
}
