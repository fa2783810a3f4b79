import { formatRand, randToCents } from '@letsema/domain';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import { createActiveMember, joinOverApi, payOverApi } from '../../fixtures/investing.js';
import { setUpPersonalLoansOverApi } from '../../fixtures/lending.js';
import type { SubmittedMember } from '../../fixtures/onboarding.js';
import { useOwnServer } from '../../fixtures/own-server.js';
import { expectNoSideScroll } from '../../fixtures/page-checks.js';
import { setUpMemberWithReturns } from '../../fixtures/returns.js';

const newPage = useBrowser();
const CHECKER = { email: 'position-checker@letsema.test', password: 'a-position-checker-password' };
const SET_UP_TIMEOUT_MS = 240_000;
const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

/** R 1 000.00 of capital each; the borrower asks for R 1 500.00, so R 500.00 above it is guaranteed. */
const CAPITAL_CENTS = 100_000;
const LOAN_CENTS = 150_000;
const HELD_CENTS = LOAN_CENTS - CAPITAL_CENTS;

interface Statement {
  closingBalance: number;
  returns: number;
  loans: { closingOwed: number };
}

/** The value a `Figure` shows under its label, within `scope`. */
function figure(scope: Locator, label: string): Locator {
  return scope.getByText(label, { exact: true }).first().locator('xpath=..');
}

describe("a member's net position and the capital held for a guarantee", () => {
  const own = useOwnServer('position');
  let guarantor: SubmittedMember;
  let statement: Statement;

  beforeAll(async () => {
    // The guarantor has R 1 000.00 of capital and last month's returns allocated.
    const setUp = await setUpMemberWithReturns(own, CHECKER);
    guarantor = setUp.member;
    const borrower = await createActiveMember('Lindiwe Zulu');
    const membership = await joinOverApi(borrower.token, setUp.pool, 1, 'once');
    await api('POST', `/api/admin/pool-requests/${membership.id}/approve`, undefined, setUp.adminToken);
    const payment = await payOverApi(borrower.token, setUp.pool.id, CAPITAL_CENTS, 'EFT / bank transfer');
    await api('POST', `/api/admin/payments/${payment.id}/approve`, undefined, setUp.adminToken);

    await setUpPersonalLoansOverApi(setUp.adminToken);
    const loan = await api<{ id: string; guarantor: { guaranteedAmount: number } }>(
      'POST',
      '/api/loans',
      {
        type: 'personal',
        amount: LOAN_CENTS / 100,
        termMonths: 6,
        purpose: 'Stock for the spaza shop',
        guarantor: guarantor.email,
      },
      borrower.token,
    );
    expect(randToCents(loan.guarantor.guaranteedAmount)).toBe(HELD_CENTS);
    await api('POST', `/api/loans/${loan.id}/guarantor/accept`, undefined, guarantor.token);

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Johannesburg' });
    statement = await api<Statement>('GET', `/api/statements?from=2024-01-01&to=${today}`, undefined, guarantor.token);
  }, SET_UP_TIMEOUT_MS);

  for (const [name, viewport] of [
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ] as const) {
    it(`shows the statement's closing figures and the R 500.00 held on ${name}`, async () => {
      // The statement the dashboard must agree with: capital and returns, no loan owed.
      const closingCents = randToCents(statement.closingBalance)!;
      const returnsCents = randToCents(statement.returns)!;
      expect(returnsCents).toBeGreaterThan(0);
      expect(closingCents).toBe(CAPITAL_CENTS + returnsCents);
      expect(statement.loans.closingOwed).toBe(0);

      const page = await newPage({ ...viewport, baseURL: own.baseUrl });
      await signIn(page, guarantor.email, guarantor.password);
      await page.goto('/dashboard');
      const position = page.getByRole('region', { name: 'Net position' });
      await position.getByText(formatRand(closingCents), { exact: true }).first().waitFor();
      await figure(position, 'Capital').getByText(formatRand(CAPITAL_CENTS), { exact: true }).waitFor();
      await figure(position, 'Returns').getByText(formatRand(returnsCents), { exact: true }).waitFor();
      await figure(position, 'Loans owed').getByText(formatRand(0), { exact: true }).waitFor();
      const held = figure(position, 'Held for guarantees');
      await held.getByText(formatRand(HELD_CENTS), { exact: true }).waitFor();
      await held.getByText('Pledged for the loan you guarantee: it cannot be taken out until repaid').waitFor();
      if (viewport === PHONE) await expectNoSideScroll(page);
    });
  }
});
