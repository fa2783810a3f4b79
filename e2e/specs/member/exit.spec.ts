import { dayOf, daysBetween } from '@letsema/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import { adminToken, createActiveMember, createOpenPool, joinOverApi, payOverApi } from '../../fixtures/investing.js';
import { loginOverApi, makePdf, uploadFile } from '../../fixtures/onboarding.js';
import { useOwnServer } from '../../fixtures/own-server.js';
import { inviteStaffOverApi } from '../../fixtures/staff.js';
import { savePayoutAccountOverApi } from '../../fixtures/payout-account.js';

const newPage = useBrowser();
const PHONE = { width: 375, height: 800 };
const CHECKER = { email: 'exits-checker@letsema.test', password: 'a-second-exit-admin-password' };

/** The member asks to leave 95 days ago (the server's clock moved back for that), and is paid out today. */
const today = dayOf(new Date());
const askedOn = dayOf(new Date(Date.now() - 95 * 24 * 60 * 60 * 1000));
const askedPeriod = askedOn.slice(0, 7);

describe('a member leaves the pool', () => {
  let member: { email: string; password: string; token: string };
  let pool: Awaited<ReturnType<typeof createOpenPool>>;

  const own = useOwnServer('exit');

  beforeAll(async () => {
    await own.start(-daysBetween(askedOn, today));
    const token = await adminToken();
    pool = await createOpenPool(token);
    member = await createActiveMember('Nomsa Dube');
    // Three shares, two paid: a third payment can still be sent while the exit waits.
    const membership = await joinOverApi(member.token, pool, 3, 'once');
    await api('POST', `/api/admin/pool-requests/${membership.id}/approve`, undefined, token);
    const payment = await payOverApi(member.token, pool.id, 200_000, 'EFT / bank transfer');
    await api('POST', `/api/admin/payments/${payment.id}/approve`, undefined, token);
    // Saved 95 days ago: long past its 48 hours when the exit is paid.
    await savePayoutAccountOverApi(member, { bankId: 'nedbank', accountHolder: 'N Dube', accountNumber: '1001234567' });
    await inviteStaffOverApi(
      {
        fullName: 'Thabo Checker',
        email: CHECKER.email,
        password: CHECKER.password,
        roles: ['exit_requests', 'month_end'],
      },
      token,
    );
  }, 240_000);

  it('asks to leave on a phone and sees the 90-day countdown', async () => {
    const page = await newPage({ ...PHONE, baseURL: own.baseUrl });
    await signIn(page, member.email, member.password);
    await page.goto('/investments');
    await page.getByRole('button', { name: 'Request exit' }).click();
    const dialog = page.getByRole('dialog', { name: /Request exit/ });
    await dialog.getByLabel('Why are you leaving?').fill('short');
    await dialog.getByRole('button', { name: 'Request exit' }).click();
    await dialog.getByText('Please tell us why you are leaving (at least 10 characters)').waitFor();
    await dialog.getByLabel('Why are you leaving?').fill('We are moving overseas next year.');
    // The member proves it is them: a stolen session alone cannot ask for their money.
    await dialog.getByText('Paid into your payout account: Nedbank …4567 (N Dube)').waitFor();
    await dialog.getByLabel('Your password, to confirm it is you').fill(member.password);
    await dialog.getByRole('button', { name: 'Request exit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const section = page.getByRole('region', { name: 'Leaving the pool' });
    await section.getByText('90 days of notice left').waitFor();
    await section.getByText('R 2 000.00').waitFor();
    await section.getByRole('progressbar', { name: 'Notice period: 0 of 90 days' }).waitFor();
  });

  it('is settled by one admin after the notice, approved and paid by another, and shows on the statement', async () => {
    await own.stop();
    await own.start(0);
    // The month the notice was given is closed, so the settlement has a month end to be valued at.
    const token = await adminToken();
    const checker = await loginOverApi(CHECKER.email, CHECKER.password);
    await api('POST', `/api/admin/month-end/${askedPeriod}/lock`, undefined, token);
    const state = await api<{ bank: { ledgerBalance: number } }>(
      'GET',
      `/api/admin/month-end/${askedPeriod}`,
      undefined,
      token,
    );
    const statementUrl = await uploadFile(token, 'bank-statement', makePdf('statement.pdf'));
    await api(
      'POST',
      `/api/admin/month-end/${askedPeriod}/reconcile`,
      { bankClosingBalance: state.bank.ledgerBalance, bankStatementUrl: statementUrl },
      token,
    );
    await api('POST', `/api/admin/month-end/${askedPeriod}/calculate`, undefined, token);
    await api('POST', `/api/admin/month-end/${askedPeriod}/allocate`, undefined, checker);
    await api('POST', `/api/admin/month-end/${askedPeriod}/reports`, undefined, token);
    await api('POST', `/api/admin/month-end/${askedPeriod}/close`, undefined, token);

    // A payment still waiting for a decision holds the settlement back, and the admin is told why.
    const waiting = await payOverApi(member.token, pool.id, 100_000, 'EFT / bank transfer');
    const maker = await newPage({ baseURL: own.baseUrl });
    await signIn(maker, ADMIN.email, ADMIN.password);
    await maker.goto('/admin/exits');
    const card = maker.getByRole('listitem', { name: 'Exit of Nomsa Dube' });
    await card
      .getByText(
        `Approve or reject what the member still has pending in this pool first: a payment of R 1 000.00 sent on ${today}.`,
        { exact: false },
      )
      .waitFor();
    expect(await card.getByRole('button', { name: 'Prepare settlement' }).isDisabled()).toBe(true);
    await api('POST', `/api/admin/payments/${waiting.id}/reject`, { reason: 'The transfer never arrived.' }, token);
    await maker.reload();
    await card.getByRole('button', { name: 'Prepare settlement' }).click();
    await card.getByText('Waiting for another admin').waitFor();
    await card.getByText('You prepared this settlement, so another admin must decide it.').waitFor();
    await card.getByText(/= R 2 000\.00/).waitFor();

    // My Tasks: the checker is asked to approve it; the admin who prepared it sees it as started.
    await maker.goto('/admin/tasks');
    await maker
      .getByRole('list', { name: 'Started by you, waiting for another admin' })
      .getByText('Approve the exit of Nomsa Dube')
      .waitFor();
    expect(
      await maker.getByRole('list', { name: 'Waiting for you' }).getByText('Approve the exit of Nomsa Dube').count(),
    ).toBe(0);
    const second = await newPage({ ...PHONE, baseURL: own.baseUrl });
    await signIn(second, CHECKER.email, CHECKER.password);
    await second.goto('/admin/tasks');
    await second
      .getByRole('list', { name: 'Waiting for you' })
      .getByRole('link', { name: 'Approve the exit of Nomsa Dube' })
      .click();
    await second.waitForURL('**/admin/exits/pending');
    const theirs = second.getByRole('listitem', { name: 'Exit of Nomsa Dube' });
    await theirs.getByRole('button', { name: 'Approve settlement' }).click();
    await theirs.getByText('Ready for Payout', { exact: true }).waitFor();
    // Whoever approved it does not also pay it: the admin who prepared it does.
    await theirs.getByText('You approved this settlement, so another admin must pay it.').waitFor();
    expect(await theirs.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
    await second.goto('/admin/tasks');
    await second
      .getByRole('list', { name: 'Started by you, waiting for another admin' })
      .getByText('Pay the exit of Nomsa Dube')
      .waitFor();
    await maker.goto('/admin/tasks');
    await maker
      .getByRole('list', { name: 'Waiting for you' })
      .getByRole('link', { name: 'Pay the exit of Nomsa Dube' })
      .click();
    await maker.waitForURL('**/admin/exits/pending');
    await card.getByRole('button', { name: 'Mark paid' }).click();
    const pay = maker.getByRole('dialog', { name: /Mark the exit paid/ });
    // The whole number of the member's payout account, with its branch code and the holder's name checked.
    const account = pay.getByRole('region', { name: 'Payout account' });
    await account.getByText('1001234567').waitFor();
    await account.getByText('198765').waitFor();
    await account.getByText('The holder’s name matches the member’s name (Nomsa Dube).').waitFor();
    const proof = makePdf('transfer.pdf');
    await pay
      .getByLabel('Proof of transfer file')
      .setInputFiles({ name: proof.name, mimeType: proof.type, buffer: Buffer.from(proof.bytes) });
    await pay.getByRole('button', { name: 'Mark paid' }).click();
    await pay.waitFor({ state: 'hidden' });
    await maker.getByText('No exit requests waiting').waitFor();

    const statement = await api<{ closingBalance: number; payouts: number }>(
      'GET',
      `/api/statements?from=${askedOn}&to=${today}`,
      undefined,
      member.token,
    );
    expect(statement).toMatchObject({ closingBalance: 0, payouts: 2000 });
    const page = await newPage({ ...PHONE, baseURL: own.baseUrl });
    await signIn(page, member.email, member.password);
    await page.goto('/statements');
    await page.getByLabel('From').fill(askedOn);
    await page.getByLabel('To').fill(today);
    await page.getByRole('button', { name: 'Show statement' }).click();
    await page.getByText('Payout', { exact: false }).first().waitFor();
    await page.getByText('-R 2 000.00').waitFor();
    // Four admins' and members' pages, a month end and a payment decided first: more than the usual 90 seconds.
  }, 180_000);
});
