import type { MemberPosition } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../lib/current-user';
import { drawPage, readText } from '../../lib/test-render';
import { dashboardKeys } from './api';
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
    expect(text).not.toContain('Held for guarantees');
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
