import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { theme } from '../theme';
import type { CurrentUser } from './current-user';

/** A signed-in super admin, for pages that ask who is signed in. */
export const testAdmin = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'admin@example.org',
  fullName: 'Ada Admin',
  isAdmin: true,
  isSuperAdmin: true,
  adminRoles: [] as string[],
} as CurrentUser;

/**
 * The markup of a page as the server would draw it in unit tests (its styles left out): at `path`
 * of `route`, inside a signed-in shell, with `data` already answered for each query key.
 */
export function drawPage(
  page: ReactNode,
  {
    path = '/',
    route = path,
    data = [],
    user = testAdmin,
  }: { path?: string; route?: string; data?: [QueryKey, unknown][]; user?: CurrentUser } = {},
): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [key, value] of data) client.setQueryData(key, value);
  return renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<Outlet context={{ user }} />}>
              <Route path={route} element={page} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  ).replace(/<style[^>]*>.*?<\/style>/gs, '');
}

/** The text of markup, tags dropped and entities read, as a person reads it. */
export function readText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
