import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { ApiError } from '../lib/api-client';
import { currentUserKey, type CurrentUser } from '../lib/current-user';
import { dashboardKeys } from '../features/dashboard/api';
import { setToken } from '../lib/session';
import { createMemoryStorage, createTestToken } from '../lib/test-storage';
import { readText } from '../lib/test-render';
import { tellsUserLoadFailure, USER_LOAD_FAILED } from '../lib/user-load-failure';
import { theme } from '../theme';
import { RequireActiveMember } from './guards';

const member = {
  id: '00000000-0000-4000-8000-000000000002',
  email: 'lerato@example.org',
  fullName: 'Lerato Dlamini',
  isAdmin: false,
  registrationStatus: 'active',
} as CurrentUser;

/**
 * The markup of the member area at `path`, its account query in the state given: `data` loaded
 * before, and `error` from the last load.
 */
function drawMemberArea(path: string, account: { data?: CurrentUser; error: Error }): string {
  // Drawn once, as the screen stands after the failed load (not a new attempt, as a fresh mount would make).
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } },
  });
  client.setQueryData(dashboardKeys.membership(), null);
  const query = client.getQueryCache().build(client, { queryKey: currentUserKey });
  query.setState({
    status: 'error',
    error: account.error,
    data: account.data,
    dataUpdatedAt: account.data ? Date.now() : 0,
    errorUpdatedAt: Date.now(),
    fetchStatus: 'idle',
  });
  const page = (text: string): ReactNode => <p>{text}</p>;
  return renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<RequireActiveMember />}>
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="/transactions" element={page('The transactions page')} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('localStorage', createMemoryStorage());
  setToken(createTestToken({ sub: member.id, exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a failed load of the member’s own account', () => {
  it.each([
    ['/dashboard', true],
    ['/dashboard/', true],
    ['/profile', true],
    ['/transactions', false],
    ['/pools', false],
    ['/investments', false],
  ])('is told on %s before going to /login: %s', (path, expected) => {
    expect(tellsUserLoadFailure(path)).toBe(expected);
  });

  it('on a fresh dashboard, says the spec’s words when the server gives none', () => {
    const html = drawMemberArea('/dashboard', { error: new ApiError(null, { status: 503 }) });
    expect(html).toContain('role="alert"');
    expect(readText(html)).toContain(USER_LOAD_FAILED);
  });

  it('on a fresh dashboard, says the server’s text when it gives one', () => {
    const html = drawMemberArea('/dashboard', { error: new ApiError('The service is busy', { status: 503 }) });
    expect(readText(html)).toContain('The service is busy');
    expect(readText(html)).not.toContain(USER_LOAD_FAILED);
  });

  it('on the dashboard the member came back to, is told above the figures', () => {
    const html = drawMemberArea('/dashboard', { data: member, error: new ApiError(null, { status: 503 }) });
    const text = readText(html);
    expect(text).toContain('Welcome back, Lerato');
    expect(text).toContain(USER_LOAD_FAILED);
  });

  it('on another member page, goes to /login without a word', () => {
    const html = drawMemberArea('/transactions', { error: new ApiError(null, { status: 503 }) });
    expect(readText(html)).not.toContain(USER_LOAD_FAILED);
  });
});
