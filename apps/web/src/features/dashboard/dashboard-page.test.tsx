import type { MemberPosition, MembershipView } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../lib/current-user';
import { myContributionsKey } from '../../lib/contributions';
import { drawPage, readText } from '../../lib/test-render';
import { dashboardKeys, type DashboardLoan } from './api';
import { DashboardPage } from './dashboard-page';
import { PositionView } from './position-card';

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

/** Capital, returns partly withdrawn, a loan partly repaid and a guarantee, as the API answers them. */
const position: MemberPosition = {
  asOf: '2026-04-10',
  capital: 3000,
  returns: 250,
  loansOwed: 700,
  netPosition: 2550,
  heldForGuarantees: 1000,
  guaranteesHeld: 1,
};

const dashboardWith = (answer: MemberPosition) =>
  readText(
    drawPage(<DashboardPage />, {
      user: member,
      data: [
        [dashboardKeys.membership(), null],
        [dashboardKeys.loans(), []],
        [dashboardKeys.position(), answer],
      ],
    }),
  );
const noRetry = () => undefined;

describe("the dashboard's net position", () => {
  it('shows the net position, its parts and the capital held for guarantees, in rand', () => {
    const text = dashboardWith(position);
    expect(text).toContain('Net positionR 2 550.00');
    expect(text).toContain('Capital plus returns, less loans owed, as your statement closes today.');
    expect(text).toContain('CapitalR 3 000.00');
    expect(text).toContain('ReturnsR 250.00Allocated, not yet paid out');
    expect(text).toContain('Loans owedR 700.00On loans paid out');
    expect(text).toContain(
      'Held for guaranteesR 1 000.00Pledged for the loan you guarantee: it cannot be taken out until repaid',
    );
  });

  it('shows a negative net position when the loans are more than the holding', () => {
    const text = dashboardWith({ ...position, returns: 0, loansOwed: 4000, netPosition: -1000 });
    expect(text).toContain('Net position-R 1 000.00');
  });

  it('says there is nothing yet for a new member', () => {
    const text = dashboardWith({
      ...position,
      capital: 0,
      returns: 0,
      loansOwed: 0,
      netPosition: 0,
      heldForGuarantees: 0,
      guaranteesHeld: 0,
    });
    expect(text).toContain('Net positionR 0.00');
    expect(text).toContain('Nothing yet: your capital, returns and loans appear here once you invest or borrow.');
    // The same four figures as a member with money, at zero: the card keeps its loading height.
    expect(text).toContain('CapitalR 0.00');
    expect(text).toContain('Held for guaranteesR 0.00You guarantee no loan');
  });

  it('holds its place while loading, with no figure yet', () => {
    const text = readText(drawPage(<PositionView state={{ kind: 'loading' }} onRetry={noRetry} />));
    expect(text).toContain('Net position');
    expect(text).toContain('Held for guarantees');
    expect(text).not.toContain('R ');
  });

  it('says when it could not be loaded, with a retry', () => {
    const text = readText(
      drawPage(
        <PositionView state={{ kind: 'error', message: 'Your net position could not be loaded' }} onRetry={noRetry} />,
      ),
    );
    expect(text).toContain('Your net position could not be loaded');
    expect(text).toContain('Retry');
    expect(text).not.toContain('Held for guarantees');
  });
});
