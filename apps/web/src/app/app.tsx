import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { ErrorBoundary } from '../components/error-boundary';
import { UpdatePrompt } from '../components/update-prompt';
import { queryClient } from '../lib/query-client';
import { theme } from '../theme';
import { router } from './router';

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ErrorBoundary>
      <UpdatePrompt />
    </ThemeProvider>
  );
}
