import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../lib/current-user';
import { drawPage, testAdmin } from '../../../lib/test-render';
import { bookKeys, getRecordExport, type BookRecord, type RecordKind, type RecordPage } from './api';
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

describe('a reversal waiting on an approved expense', () => {
  const recorder = '00000000-0000-4000-8000-0000000000a1';
  const approver = '00000000-0000-4000-8000-0000000000a2';
  const requester = '00000000-0000-4000-8000-0000000000a3';
  const expense: BookRecord = {
    id: '00000000-0000-4000-8000-0000000000e1',
    category: 'banking_fees',
    categoryLabel: 'Banking Fees',
    isAdjustment: false,
    amount: 50,
    date: '2026-08-20',
    period: '2026-08',
    description: 'Monthly account fee',
    documentUrl: '/api/files/k/receipt.pdf',
    status: 'approved',
    approvalsNeeded: 1,
    approverIds: [approver],
    rejectionReason: null,
    pool: { id: '00000000-0000-4000-8000-0000000000p1', name: 'Stokvel' },
    recordedBy: { id: recorder, fullName: 'Rita Recorder' },
    decidedAt: '2026-08-21T08:00:00.000Z',
    createdAt: '2026-08-20T08:00:00.000Z',
    reversal: {
      id: '00000000-0000-4000-8000-0000000000r1',
      status: 'pending',
      reason: 'Paid twice by mistake',
      approvalsNeeded: 1,
      approverIds: [],
      requestedBy: { id: requester, fullName: 'Rory Requester' },
      rejectionReason: null,
      createdAt: '2026-09-02T08:00:00.000Z',
      decidedAt: null,
    },
  };
  const drawAs = (id: string) =>
    drawPage(<ExpensesPage />, {
      route: '*',
      data: [[bookKeys.page('expense', noFilters, 1), { ...emptyPage, items: [expense], total: 1 }]],
      user: { ...admin, id },
    });

  it.each([
    ['who asked for it', requester],
    ['who recorded the expense', recorder],
    ['who approved the expense', approver],
  ])('waits for another admin when shown to %s', (_who, id) => {
    const html = drawAs(id);
    expect(html).toContain('Reversal asked by Rory Requester: Paid twice by mistake');
    expect(html).toContain('Waiting for another admin');
    expect(html).toContain(
      'You recorded, approved or asked to reverse this, so another admin must decide the reversal.',
    );
    expect(buttons(html)).not.toContain('Approve reversal');
  });

  it('offers approve and reject to any other admin, and no second request', () => {
    const html = drawAs('00000000-0000-4000-8000-0000000000a4');
    expect(buttons(html)).toEqual(expect.arrayContaining(['Approve reversal', 'Reject reversal']));
    expect(buttons(html)).not.toContain('Ask to reverse');
  });
});
