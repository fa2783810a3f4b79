import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorFallback } from '../components/error-fallback';
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
