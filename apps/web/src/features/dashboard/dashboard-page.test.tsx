import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../lib/current-user';
import { drawPage, readText } from '../../lib/test-render';
import { dashboardKeys, type DashboardLoan } from './api';
import { DashboardPage } from './dashboard-page';

const member = {
  id: '00000000-0000-4000-8000-000000000002',
  email: 'member@example.org',
  fullName: 'Thandi Member',
  isAdmin: false,
  isSuperAdmin: false,
  adminRoles: [] as string[],
  registrationStatus: 'active',
} as unknown as CurrentUser;

const activeLoan: DashboardLoan = {
  id: '00000000-0000-4000-8000-00000000bbbb',
  number: 'LN-000007',
  status: 'active',
  nextInstalment: { number: 2, dueOn: '2026-04-30', amount: 1062.5 },
};

describe('the member dashboard', () => {
  it("shows the loan's next instalment: amount, due date and loan", () => {
    const text = readText(
      drawPage(<DashboardPage />, {
        user: member,
        data: [
          [dashboardKeys.membership(), null],
          [dashboardKeys.loans(), [activeLoan]],
        ],
      }),
    );
    expect(text).toContain('Next loan instalment');
    expect(text).toContain('R 1 062.50');
    expect(text).toContain('on loan LN-000007');
  });

  it('shows no instalment when no loan is being repaid', () => {
    const text = readText(
      drawPage(<DashboardPage />, {
        user: member,
        data: [
          [dashboardKeys.membership(), null],
          [dashboardKeys.loans(), [{ ...activeLoan, status: 'repaid', nextInstalment: null }]],
        ],
      }),
    );
    expect(text).not.toContain('Next loan instalment');
  });
});
