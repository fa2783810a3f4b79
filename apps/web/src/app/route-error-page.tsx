import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorFallback } from '../components/error-fallback';
import { errorIcon, MessagePage, messageActionStyles } from '../components/message-page';
import { NotFound } from '../components/not-found';

/** What a route shows when drawing it failed, including a section's code that could not be downloaded. */
export function RouteErrorPage() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!isNotFound) console.error('Unexpected error while showing the page', error);
  }, [error, isNotFound]);

  return isNotFound ? <NotFound /> : <ErrorFallback />;
}

/** MUI's `CloudOff`. */
const offlineIcon = [
  'M24 15c0-2.64-2.05-4.78-4.65-4.96C18.67 6.59 15.64 4 12 4c-1.33 0-2.57.36-3.65.97l1.49 1.49C10.51 6.17 11.23 6 12 6c3.04 0 5.5 2.46 5.5 5.5v.5H19c1.66 0 3 1.34 3 3 0 .99-.48 1.85-1.21 2.4l1.41 1.41c1.09-.92 1.8-2.27 1.8-3.81M4.41 3.86 3 5.27l2.77 2.77h-.42C2.34 8.36 0 10.91 0 14c0 3.31 2.69 6 6 6h11.73l2 2 1.41-1.41zM6 18c-2.21 0-4-1.79-4-4s1.79-4 4-4h1.73l8 8z',
];

/** Whether a page failed because the network is gone: offline, or its code could not be downloaded. */
export function isOfflineFailure(error: unknown, isOnline: boolean): boolean {
  if (!isOnline) return true;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(
    message,
  );
}

/**
 * What a page inside a shell shows when it cannot be drawn: offline (its code was never downloaded),
 * the offline page's words with Retry; any other fault, the error card. The shell's navigation stays.
 */
export function PageErrorPage() {
  const error = useRouteError();
  const isOffline = isOfflineFailure(error, navigator.onLine);
  useEffect(() => {
    if (!isOffline) console.error('Unexpected error while showing the page', error);
  }, [error, isOffline]);
  return (
    <MessagePage
      role="alert"
      icon={isOffline ? offlineIcon : errorIcon}
      iconColour={isOffline ? 'var(--lt-text-secondary)' : 'var(--lt-error)'}
      title={isOffline ? 'You are offline' : 'Something went wrong'}
      message={
        isOffline
          ? 'This page needs the network the first time it opens. Nothing you enter can be sent until you are back online; pages you already opened still work. Connect, then press Retry.'
          : 'An unexpected error stopped this page from loading. Please try again.'
      }
      minHeight="50vh"
      maxWidth={480}
      titleLevel={1}
    >
      <button type="button" style={messageActionStyles.contained} onClick={() => window.location.reload()}>
        Retry
      </button>
    </MessagePage>
  );
}
