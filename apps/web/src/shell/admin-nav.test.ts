import { adminPagePermissions, adminRoles } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import {
  adminNavEntries,
  canOpenAdminPage,
  getAdminLabel,
  getAdminPageRole,
  getVisibleAdminEntries,
} from './admin-nav';

function labelsFor(roles: string[], isAdmin = true): string[] {
  return getVisibleAdminEntries({ isAdmin, adminRoles: roles }).map((entry) => entry.label);
}

describe('getVisibleAdminEntries', () => {
  it('shows every entry to an admin holding every role', () => {
    expect(labelsFor([...adminRoles])).toEqual([
      'Dashboard',
      'My Tasks',
      'Members',
      'Staff',
      'Payments',
      'Contributions',
      'Arrears',
      'Pool Requests',
      'Loans',
      'Expenses',
      'Month End',
      'Exit Requests',
      'Withdrawals',
      'Investment',
      'Audit Log',
    ]);
  });

  it.each([
    [[], ['Dashboard', 'My Tasks']],
    [['member_management'], ['Dashboard', 'My Tasks', 'Members']],
    [['payment_management'], ['Dashboard', 'My Tasks', 'Payments', 'Contributions', 'Arrears']],
    [['investment_management'], ['Dashboard', 'My Tasks', 'Pool Requests', 'Investment']],
    [['staff_management'], ['Dashboard', 'My Tasks', 'Staff']],
    [['loan_management'], ['Dashboard', 'My Tasks', 'Loans']],
    [['expense_management'], ['Dashboard', 'My Tasks', 'Expenses']],
    [['month_end'], ['Dashboard', 'My Tasks', 'Month End']],
    [['exit_requests'], ['Dashboard', 'My Tasks', 'Exit Requests', 'Withdrawals']],
  ])('roles %j show %j', (roles, expected) => {
    expect(labelsFor(roles)).toEqual(expected);
  });
});

describe('the shared page map', () => {
  it('names every sidebar entry, and has no page that is not an entry or under one', () => {
    const entries = adminNavEntries.map((entry) => entry.path);
    expect(entries.filter((path) => !Object.hasOwn(adminPagePermissions, path))).toEqual([]);
    expect(
      Object.keys(adminPagePermissions).filter(
        (page) => !entries.some((path) => page === path || page.startsWith(`${path}/`)),
      ),
    ).toEqual([]);
  });

  it('hides everything from someone who is not an admin, whatever roles they carry', () => {
    expect(labelsFor([...adminRoles], false)).toEqual([]);
  });
});

describe('getAdminPageRole', () => {
  it.each([
    ['/admin', null],
    ['/admin/', null],
    ['/admin/tasks', null],
    ['/admin/members/pending', 'member_management'],
    ['/admin/members/pending/123', 'member_management'],
    ['/admin/payments/pending', 'payment_management'],
    ['/admin/loans/pending', 'loan_management'],
    ['/admin/loans/repayments', 'payment_management'],
    ['/admin/exits/pending', 'exit_requests'],
    ['/admin/staff', 'staff_management'],
    ['/admin/withdrawals/pending', 'exit_requests'],
    ['/dashboard', undefined],
  ])('%s needs %s', (path, role) => {
    expect(getAdminPageRole(path)).toBe(role);
  });
});

describe('canOpenAdminPage', () => {
  const paymentsOnly = { isAdmin: true, adminRoles: ['payment_management'] };
  it.each([
    ['/admin', true],
    ['/admin/payments/pending', true],
    ['/admin/loans/repayments', true],
    ['/admin/loans/pending', false],
    ['/admin/members/pending', false],
    ['/admin/staff', false],
    ['/dashboard', false],
  ])('a payments-only admin opens %s: %s', (path, isAllowed) => {
    expect(canOpenAdminPage(paymentsOnly, path)).toBe(isAllowed);
  });
});

describe('getAdminLabel', () => {
  it.each([
    [true, 'Super Admin'],
    [false, 'Staff Admin'],
  ])('isSuperAdmin %s is labelled %s', (isSuperAdmin, label) => {
    expect(getAdminLabel({ isSuperAdmin })).toBe(label);
  });
});
