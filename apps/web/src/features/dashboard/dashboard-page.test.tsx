import type { MembershipView } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../lib/current-user';
import { myContributionsKey } from '../../lib/contributions';
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

  const approved = {
    id: '00000000-0000-4000-8000-00000000cccc',
    poolId: '00000000-0000-4000-8000-00000000dddd',
    pool: null,
    numberOfShares: 12,
    totalCommitment: 1200,
    totalPaid: 100,
    actualReturn: 0,
    installmentPlan: 'monthly',
    contributionAmount: 100,
    contributionStatus: 'approved',
    rejectionReason: null,
    createdAt: '2026-03-01T08:00:00.000Z',
    decidedAt: '2026-03-05T08:00:00.000Z',
  } as MembershipView;
  const calendar = {
    membershipId: approved.id,
    poolId: approved.poolId,
    poolName: 'Growth Pool',
    installmentPlan: 'monthly' as const,
    totalCommitment: 1200,
    totalPaid: 100,
    isFullyPaid: false,
    next: { number: 3, dueOn: '2026-05-05', amount: 100 },
    overdue: { amount: 100, since: '2026-04-05', days: 3, instalments: 1 },
    instalments: [],
  };
  const withCalendars = (calendars: unknown[]) =>
    readText(
      drawPage(<DashboardPage />, {
        user: member,
        data: [
          [dashboardKeys.membership(), approved],
          [dashboardKeys.loans(), []],
          [myContributionsKey(), { today: '2026-04-08', calendars }],
        ],
      }),
    );

  it('shows the next contribution and its date, and what is overdue since when', () => {
    const text = withCalendars([calendar]);
    expect(text).toContain('Next contribution · Growth Pool');
    expect(text).toContain('Due May 5, 2026');
    expect(text).toContain('R 100.00 is overdue since Apr 5, 2026 (3 days). Please pay it as soon as you can.');
  });

  it('says when the commitment is fully paid, and nothing is overdue', () => {
    const text = withCalendars([{ ...calendar, isFullyPaid: true, next: null, overdue: null }]);
    expect(text).toContain('Your commitment is fully paid: nothing more is due.');
    expect(text).not.toContain('overdue');
  });

  it('says when there is no plan yet', () => {
    expect(withCalendars([])).toContain('No contribution plan yet');
  });
});
