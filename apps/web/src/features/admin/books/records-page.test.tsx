import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../lib/current-user';
import { drawPage, testAdmin } from '../../../lib/test-render';
import { bookKeys, getRecordExport, type RecordKind, type RecordPage } from './api';
import { ExpensesPage, IncomePage } from './pages';

const admin = {
  ...testAdmin,
  isSuperAdmin: false,
  adminRoles: ['expense_management', 'investment_management'],
} as CurrentUser;

const noFilters = { period: '', category: '', status: '' };
const emptyPage: RecordPage = { items: [], total: 0, page: 1, limit: 20, totalsByCategory: [] };

const draw = (kind: RecordKind, page: ReactNode) =>
  drawPage(page, { route: '*', data: [[bookKeys.page(kind, noFilters, 1), emptyPage]], user: admin });

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
