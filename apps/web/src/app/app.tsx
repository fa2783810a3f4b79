import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { ErrorBoundary } from '../components/error-boundary';
import { UpdatePrompt } from '../components/update-prompt';
import { queryClient } from '../lib/query-client';
import { router } from './router';

export function App() {
  return (
    <>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ErrorBoundary>
      <UpdatePrompt />
    </>
  );
}
