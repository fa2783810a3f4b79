import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../lib/current-user';
import { theme } from '../../../theme';
import { bookKeys, getRecordExport, type RecordKind, type RecordPage } from './api';
import { ExpensesPage, IncomePage } from './pages';

const admin = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'admin@example.org',
  fullName: 'Ada Admin',
  isAdmin: true,
  isSuperAdmin: false,
  adminRoles: ['expense_management', 'investment_management'],
} as CurrentUser;

const noFilters = { period: '', category: '', status: '' };
const emptyPage: RecordPage = { items: [], total: 0, page: 1, limit: 20, totalsByCategory: [] };

function draw(kind: RecordKind, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(bookKeys.page(kind, noFilters, 1), emptyPage);
  return renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Routes>
            <Route element={<Outlet context={{ user: admin }} />}>
              <Route path="*" element={page} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  ).replace(/<style[^>]*>.*?<\/style>/gs, '');
}

const buttons = (html: string) =>
  [...html.matchAll(/<button[^>]*>(.*?)<\/button>/gs)].map((match) => match[1]!.replace(/<[^>]+>/g, '').trim());

describe('the expenses and income pages', () => {
  it.each([
    ['expense', <ExpensesPage key="expenses" />, 'Record expense'],
    ['income', <IncomePage key="income" />, 'Record income'],
  ] as const)('%s: a Download CSV button beside the record button', (kind, page, record) => {
    expect(buttons(draw(kind, page))).toEqual(expect.arrayContaining(['Download CSV', record]));
  });
});

describe('the CSV of a list', () => {
  it.each([
    ['expense', noFilters, '/api/admin/expenses/export?', 'letsema-expenses.csv'],
    [
      'expense',
      { period: '2026-08', category: 'banking_fees', status: 'approved' },
      '/api/admin/expenses/export?period=2026-08&category=banking_fees&status=approved',
      'letsema-expenses-2026-08.csv',
    ],
    ['income', noFilters, '/api/admin/income/export?', 'letsema-income.csv'],
    [
      'income',
      { period: '2026-10', category: 'dividends', status: '' },
      '/api/admin/income/export?period=2026-10&category=dividends',
      'letsema-income-2026-10.csv',
    ],
  ] as const)('%s with %j comes from %s, saved as %s', (kind, filters, url, fileName) => {
    expect(getRecordExport(kind, filters)).toEqual({ url, fileName });
  });
});
