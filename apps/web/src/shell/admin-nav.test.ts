import { adminRoles } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import { getAdminLabel, getVisibleAdminEntries } from './admin-nav';

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
      'Pool Requests',
      'Loans',
      'Expenses',
      'Month End',
      'Exit Requests',
      'Investment',
    ]);
  });

  it.each([
    [[], ['Dashboard', 'My Tasks']],
    [['member_management'], ['Dashboard', 'My Tasks', 'Members']],
    [['payment_management'], ['Dashboard', 'My Tasks', 'Payments']],
    [['investment_management'], ['Dashboard', 'My Tasks', 'Pool Requests', 'Investment']],
    [['staff_management'], ['Dashboard', 'My Tasks', 'Staff']],
    [['loan_management'], ['Dashboard', 'My Tasks', 'Loans']],
    [['expense_management'], ['Dashboard', 'My Tasks', 'Expenses']],
    [['month_end'], ['Dashboard', 'My Tasks', 'Month End']],
    [['exit_requests'], ['Dashboard', 'My Tasks', 'Exit Requests']],
  ])('roles %j show %j', (roles, expected) => {
    expect(labelsFor(roles)).toEqual(expected);
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
