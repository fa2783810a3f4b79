import { readFileSync } from 'node:fs';
import { addMonths, dayOf, formatDisplayDate } from '@letsema/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import {
  adminToken,
  createActiveMember,
  createOpenPool,
  joinOverApi,
  payOverApi,
  type PoolAnswer,
} from '../../fixtures/investing.js';
import type { SubmittedMember } from '../../fixtures/onboarding.js';
import { useOwnServer } from '../../fixtures/own-server.js';
import { expectNoSideScroll } from '../../fixtures/page-checks.js';

const newPage = useBrowser();
const SET_UP_TIMEOUT_MS = 240_000;
/** The books' day moves on 32 days: past the second monthly instalment's day, whatever the month. */
const DAYS_LATER = 32;

describe('a late payer', () => {
  const own = useOwnServer('late-payer');
  let member: SubmittedMember;
  let pool: PoolAnswer;
  let approvedOn: string;
  let secondDueOn: string;

  beforeAll(async () => {
    await own.start(0);
    const token = await adminToken();
    // R 1 000.00 a share over twelve months: R 83.33 a month, the last R 83.37.
    pool = await createOpenPool(token, { name: 'Late Payer Pool', targetAmount: 120_000, totalShares: 120 });
    member = await createActiveMember('Sipho Ndlovu');
    const membership = await joinOverApi(member.token, pool, 1, 'monthly');
    await api('POST', `/api/admin/pool-requests/${membership.id}/approve`, undefined, token);
    approvedOn = dayOf(new Date());
    secondDueOn = addMonths(approvedOn, 1);
    const payment = await payOverApi(member.token, pool.id, 8_333, 'EFT / bank transfer');
    await api('POST', `/api/admin/payments/${payment.id}/approve`, undefined, token);
    // The first instalment is paid and the second not yet due.
    const before = await api<{ calendars: { overdue: unknown; next: { dueOn: string } }[] }>(
      'GET',
      '/api/payments/my-contributions',
      undefined,
      member.token,
    );
    expect(before.calendars[0]).toMatchObject({ overdue: null, next: { dueOn: secondDueOn } });

    await own.stop();
    await own.start(DAYS_LATER);
  }, SET_UP_TIMEOUT_MS);

  it('is found by the payments desk in the arrears list and the register, exported to CSV, at 375 px', async () => {
    const page = await newPage({ width: 375, height: 740, baseURL: own.baseUrl });
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Arrears' }).click();
    await page.getByRole('heading', { name: 'Arrears' }).waitFor();

    const behind = page.getByRole('region', { name: 'Members behind' });
    const row = behind.getByRole('row').filter({ hasText: 'Sipho Ndlovu' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells[1]).toBe('Late Payer Pool');
    expect(cells[2]).toBe('R 83.33');
    expect(cells[3]).toBe('1');
    expect(cells[4]).toBe(formatDisplayDate(secondDueOn));
    const today = dayOf(new Date(Date.now() + DAYS_LATER * 24 * 60 * 60 * 1000));
    expect(Number(cells[5])).toBe(Math.round((Date.parse(today) - Date.parse(secondDueOn)) / 86_400_000));
    await expectNoSideScroll(page);

    // The register of the month the second instalment fell due, filtered to the overdue.
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Contributions' }).waitFor();
    const filters = page.getByRole('form', { name: 'Filter the register' });
    await filters.getByLabel('Month').fill(secondDueOn.slice(0, 7));
    await filters.getByLabel('Status').selectOption({ label: 'Overdue' });
    await filters.getByLabel('Name or member number').fill('Ndlovu');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const register = page.getByRole('region', { name: 'Contributions register' });
    const line = register.getByRole('row').filter({ hasText: 'Sipho Ndlovu' });
    await line.getByText('Overdue', { exact: true }).waitFor();
    expect(await register.getByRole('row').count()).toBe(2);
    const totals = page.getByLabel('Totals over everything that matches');
    await totals.getByText('R 83.33').first().waitFor();
    await expectNoSideScroll(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe(
      'Member number,Member,Pool,Instalment,Due date,Amount (R),Paid (R),Outstanding (R),Status,Days overdue',
    );
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(',Sipho Ndlovu,Late Payer Pool,2 of 12,');
    expect(csv[1]).toContain(',83.33,0.00,83.33,Overdue,');
    expect(csv.join('\n')).not.toContain(member.nationalId);
  });

  it('shows the member what is overdue and since when, on the dashboard and on My Investments', async () => {
    const page = await newPage({ width: 375, height: 740, baseURL: own.baseUrl });
    await signIn(page, member.email, member.password);
    const overdue = new RegExp(`R 83\\.33 is overdue since ${formatDisplayDate(secondDueOn)} \\(\\d+ days?\\)`);
    await page.getByText(overdue).waitFor();
    await page.getByText(`Due ${formatDisplayDate(addMonths(approvedOn, 2))}`).waitFor();
    await expectNoSideScroll(page);

    await page.goto('/investments');
    const calendar = page.getByRole('region', { name: 'Contribution calendar' });
    await calendar.getByText(overdue).waitFor();
    const second = calendar.getByRole('row').filter({ hasText: formatDisplayDate(secondDueOn) });
    await second.getByText('Overdue', { exact: true }).waitFor();
    await expectNoSideScroll(page);
  });
});
