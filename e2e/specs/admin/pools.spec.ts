import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, SEEDED_MEMBER } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import { loginOverApi } from '../../fixtures/onboarding.js';
import { adminDate, expectNoSideScroll } from '../../fixtures/page-checks.js';

const newPage = useBrowser();

interface Pool {
  id: string;
  name: string;
  status: string;
  createdAt: string;
  approvedAt: string | null;
  approvedBy: string | null;
  paymentMethods: string[];
  paymentInstallments: { frequency: string; amount: number }[];
}

/** A pool name no other spec on the shared server uses. */
function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36).toUpperCase()}`;
}

/** The text of each item of a list, with line breaks and runs of spaces as single spaces. */
async function readItems(list: Locator): Promise<string[]> {
  const texts = await list.getByRole('listitem').allInnerTexts();
  return texts.map((text) => text.replace(/\s+/g, ' ').trim());
}

async function signInMember(page: Page) {
  await signIn(page, SEEDED_MEMBER.email, SEEDED_MEMBER.password);
  await page.waitForURL('**/dashboard');
}

/** 'Approve & Open' asks first: Cancel leaves the pool a draft, and the dialog's button opens it. */
async function confirmOpening(page: Page, poolName: string, readPool: () => Promise<Pool>) {
  await page.getByRole('button', { name: 'Approve & Open' }).click();
  const dialog = page.getByRole('dialog', { name: `Open ${poolName}?` });
  await dialog.getByText('Members will see it and can join at once', { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect((await readPool()).status).toBe('draft');
  await page.getByRole('button', { name: 'Approve & Open' }).click();
  await dialog.getByRole('button', { name: 'Approve & Open' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function signInAdmin(page: Page) {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/admin');
}

describe('investment pools', () => {
  it('a member proposes a pool, the admin opens and edits it, and the member sees the open pool', async () => {
    const name = uniqueName('Stokvel Growth Pool');
    const member = await newPage();
    await signInMember(member);

    // The member proposes a pool through /pools/create.
    await member.goto('/pools');
    await member.getByRole('heading', { name: 'Investment Pools' }).waitFor();
    await member.getByRole('link', { name: 'Create Pool' }).click();
    await member.waitForURL('**/pools/create');

    // The shared schema's messages show before anything is sent.
    await member.getByRole('button', { name: 'Create Pool' }).click();
    await member.getByText('Pool name must be at least 3 characters').waitFor();
    await member.getByText('Description must be at least 10 characters').waitFor();
    await member.getByText('Select at least one payment frequency').waitFor();
    await member.getByText('Add at least one payment method').waitFor();
    expect(new URL(member.url()).pathname).toBe('/pools/create');

    await member.getByLabel('Pool name').fill(name);
    await member
      .getByLabel('Description')
      .fill('A cooperative pool investing in a diversified unit trust and a money-market account for members.');
    await member.getByLabel('Target amount').fill('120000');
    await member.getByLabel('Total shares').fill('100');
    await member.getByLabel('Maximum members').fill('50');
    await member.getByLabel('Duration').fill('12');
    // The price of one share follows from what was typed.
    const preview = member.getByTestId('share-preview');
    await preview.getByText('R 1 200.00', { exact: true }).waitFor();
    await member.getByRole('checkbox', { name: 'per month' }).check();
    await member.getByRole('checkbox', { name: 'one-time' }).check();
    await preview.getByText('One share over 12 months: R 100.00 per month · R 1 200.00 one-time').waitFor();

    const methodInput = member.getByLabel('Payment method', { exact: true });
    await methodInput.fill('EFT / bank transfer');
    await methodInput.press('Enter');
    await methodInput.fill('Capitec Pay');
    await member.getByRole('button', { name: 'Add payment method' }).click();
    const methods = member.getByRole('list', { name: 'Payment methods' });
    await expect
      .poll(() => methods.getByRole('listitem').allInnerTexts())
      .toEqual(['EFT / bank transfer', 'Capitec Pay']);
    // Enter added a method; it did not send the form.
    expect(new URL(member.url()).pathname).toBe('/pools/create');

    await member.getByRole('button', { name: 'Create Pool' }).click();
    await member.waitForURL((url) => /^\/pools\/[0-9a-f-]{36}$/.test(url.pathname));
    const poolId = new URL(member.url()).pathname.split('/').pop()!;
    await member.getByRole('heading', { name }).waitFor();
    await member.getByText('Draft', { exact: true }).waitFor();
    await member
      .getByText('This pool is a draft. Members can join once an admin has approved and opened it.')
      .waitFor();
    expect(await member.getByRole('button', { name: 'Join Pool (Coming Soon)' }).count()).toBe(0);

    // On /pools the member sees the draft card, without the admin's approve button.
    await member.goto('/pools');
    const card = member.getByRole('article', { name });
    await card.waitFor();
    await card.getByText('Draft', { exact: true }).waitFor();
    await card.getByText('of R 120 000.00', { exact: true }).waitFor();
    await card.getByText('0.0% funded', { exact: true }).waitFor();
    expect(await card.getByRole('list', { name: 'Payment options' }).getByRole('listitem').allInnerTexts()).toEqual([
      'R 100.00 per month',
      'R 1 200.00 one-time',
    ]);
    await card.getByText('12 months', { exact: true }).waitFor();
    await card.getByText('0 of 50', { exact: true }).waitFor();
    expect(await card.getByRole('list', { name: 'Payment methods' }).getByRole('listitem').allInnerTexts()).toEqual([
      'EFT / bank transfer',
      'Capitec Pay',
    ]);
    expect(await card.getByRole('button', { name: 'Approve & Open' }).count()).toBe(0);

    // The admin opens it. /admin/investment shows the oldest pool; other specs may have made one first.
    const adminToken = await loginOverApi(ADMIN.email, ADMIN.password);
    const everyPool = await api<Pool[]>('GET', '/api/pools', undefined, adminToken);
    const first = everyPool[0]!;
    const admin = await newPage();
    await signInAdmin(admin);
    await admin.goto('/admin/investment');
    const banner = admin.getByRole('region', { name: 'Pool summary' });
    await banner.getByRole('heading', { name: first.name }).waitFor();

    if (first.id === poolId) {
      await banner.getByText('Draft', { exact: true }).waitFor();
      const timeline = admin.getByRole('region', { name: 'Pool Timeline' });
      await timeline.getByText(`by ${SEEDED_MEMBER.fullName}`, { exact: true }).waitFor();
      await confirmOpening(admin, first.name, () => api<Pool>('GET', `/api/pools/${poolId}`, undefined, adminToken));
      await banner.getByText('Open', { exact: true }).waitFor();
      await timeline.getByText('Approved', { exact: true }).waitFor();
      await timeline.getByText('by Super Admin', { exact: true }).waitFor();
      await admin.getByRole('link', { name: 'Edit Pool' }).click();
    } else {
      // A later pool is listed under the first one, with the way to its edit page.
      const others = admin.getByRole('region', { name: 'Other pools' });
      await others.getByText(name, { exact: true }).waitFor();
      await others.getByRole('link', { name: `Edit ${name}` }).click();
      await admin.waitForURL(`**/admin/pools/${poolId}/edit`);
      await admin.getByText('This pool is a draft: members cannot see or join it until it is opened.').waitFor();
      await confirmOpening(admin, name, () => api<Pool>('GET', `/api/pools/${poolId}`, undefined, adminToken));
      await admin.getByText('Open', { exact: true }).waitFor();
    }
    await admin.waitForURL(`**/admin/pools/${poolId}/edit`);
    const opened = await api<Pool>('GET', `/api/pools/${poolId}`, undefined, adminToken);
    expect(opened.status).toBe('open');
    expect(opened.approvedBy).toBe('Super Admin');

    // The admin edits it: a new target, a method added with Enter and a plan added as a pair.
    const form = admin.getByRole('form', { name: 'Edit pool' });
    expect(await form.getByLabel('Pool name').inputValue()).toBe(name);
    expect(await form.getByLabel('Target amount').inputValue()).toBe('120000.00');
    const plans = form.getByRole('list', { name: 'Contribution plans' });
    expect(await readItems(plans)).toEqual(['Per month R 100.00 per share', 'One-time R 1 200.00 per share']);
    await form.getByLabel('Target amount').fill('240000');
    // Listed plans follow the new terms: 100 shares of R 2 400.00 over 12 months.
    await plans.getByText('R 200.00', { exact: true }).waitFor();
    await plans.getByText('R 2 400.00', { exact: true }).waitFor();

    const adminMethod = form.getByLabel('Payment method', { exact: true });
    await adminMethod.fill('SnapScan');
    await adminMethod.press('Enter');
    await expect
      .poll(() => form.getByRole('list', { name: 'Payment methods' }).getByRole('listitem').allInnerTexts())
      .toEqual(['EFT / bank transfer', 'Capitec Pay', 'SnapScan']);

    // The amount is worked out from the terms for the chosen frequency; the server takes no other, so
    // it is shown, not typed.
    const addPlan = form.getByRole('group', { name: 'Add a contribution plan' });
    const planAmount = addPlan.getByLabel('Amount per share');
    await addPlan.getByLabel('Frequency').selectOption({ label: 'per quarter' });
    expect(await planAmount.inputValue()).toBe('600.00');
    expect(await planAmount.getAttribute('readonly')).not.toBeNull();
    await addPlan.getByText('From the terms: R 600.00 per quarter').waitFor();
    await planAmount.press('9');
    expect(await planAmount.inputValue()).toBe('600.00');
    await addPlan.getByRole('button', { name: 'Add Plan' }).click();

    // Enter on the amount adds the plan too, with the figure the terms give.
    await addPlan.getByLabel('Frequency').selectOption({ label: 'per year' });
    expect(await planAmount.inputValue()).toBe('2400.00');
    await planAmount.press('Enter');
    await expect.poll(() => plans.getByRole('listitem').count()).toBe(4);
    await plans.getByText('R 2 400.00', { exact: true }).first().waitFor();
    expect(new URL(admin.url()).pathname).toBe(`/admin/pools/${poolId}/edit`);
    await plans.getByRole('button', { name: 'Remove per year plan' }).click();
    // The list is drawn again after the click has returned: read it until it shows the change.
    await expect
      .poll(() => readItems(plans))
      .toEqual(['Per month R 200.00 per share', 'Per quarter R 600.00 per share', 'One-time R 2 400.00 per share']);

    await form.getByRole('button', { name: 'Update Pool' }).click();
    await admin.waitForURL('**/admin/investment');
    const saved = await api<Pool>('GET', `/api/pools/${poolId}`, undefined, adminToken);
    expect(saved.paymentMethods).toEqual(['EFT / bank transfer', 'Capitec Pay', 'SnapScan']);
    expect(saved.paymentInstallments).toEqual([
      { frequency: 'monthly', amount: 200 },
      { frequency: 'quarterly', amount: 600 },
      { frequency: 'once', amount: 2400 },
    ]);
    if (first.id === poolId) {
      await admin.getByRole('listitem', { name: 'Target Amount' }).getByText('R 240 000.00', { exact: true }).waitFor();
      const plansCard = admin.getByRole('region', { name: 'Contribution Plans' });
      await plansCard.getByText('R 600.00', { exact: true }).waitFor();
      await admin
        .getByRole('region', { name: 'Accepted Payment Methods' })
        .getByText('SnapScan', { exact: true })
        .waitFor();
      await admin
        .getByRole('region', { name: 'Pool Timeline' })
        .getByText(adminDate(saved.createdAt), { exact: true })
        .first()
        .waitFor();
    }

    // The member sees the open, updated pool.
    await member.goto(`/pools/${poolId}`);
    await member.getByRole('heading', { name }).waitFor();
    await member.getByText('Open', { exact: true }).waitFor();
    const join = member.getByRole('button', { name: 'Join Pool (Coming Soon)' });
    await join.waitFor();
    expect(await join.isDisabled()).toBe(true);
    await member.getByText('of R 240 000.00', { exact: true }).waitFor();
    await member.getByText('0.0% funded', { exact: true }).waitFor();
    await member.getByText('12 months', { exact: true }).waitFor();
    await member.getByText('0 of 50', { exact: true }).waitFor();
    const memberPlans = member.getByRole('region', { name: 'Instalment plans' });
    expect(await readItems(memberPlans)).toEqual(['Per month R 200.00', 'Per quarter R 600.00', 'One-time R 2 400.00']);
    expect(await member.getByRole('region', { name: 'Payment methods' }).getByRole('listitem').allInnerTexts()).toEqual(
      ['EFT / bank transfer', 'Capitec Pay', 'SnapScan'],
    );
  });

  it('fits a 375 px screen, and answers a missing pool on both sides', async () => {
    const memberToken = await loginOverApi(SEEDED_MEMBER.email, SEEDED_MEMBER.password);
    const name = uniqueName('Umoja Savings Circle with a Rather Long Name');
    const pool = await api<Pool>(
      'POST',
      '/api/pools',
      {
        name,
        description: 'Members save monthly towards a shared investment in a diversified, low-cost index fund. '.repeat(
          3,
        ),
        targetAmount: 1_500_000,
        totalShares: 1500,
        paymentFrequencies: ['monthly', 'quarterly', 'yearly', 'once'],
        paymentMethods: ['EFT / bank transfer', 'Capitec Pay', 'SnapScan', 'Cash deposit at the branch'],
        maxMembers: 120,
        investmentDuration: 36,
      },
      memberToken,
    );

    const member = await newPage({ width: 375, height: 740 });
    await signInMember(member);
    await member.goto('/pools');
    const card = member.getByRole('article', { name });
    await card.waitFor();
    // The description is cut at 120 characters.
    const preview = await card.getByText(/^Members save monthly/).innerText();
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBe(121);
    await expectNoSideScroll(member);
    await member.goto(`/pools/${pool.id}`);
    await member.getByRole('heading', { name }).waitFor();
    await expectNoSideScroll(member);
    await member.goto('/pools/create');
    await member.getByLabel('Pool name').waitFor();
    await expectNoSideScroll(member);
    await member.goto('/pools/00000000-0000-4000-8000-000000000000');
    await member.getByText('Pool not found', { exact: true }).waitFor();

    const admin = await newPage({ width: 375, height: 740 });
    await signInAdmin(admin);
    await admin.goto('/admin/investment');
    await admin.getByRole('region', { name: 'Pool summary' }).waitFor();
    await expectNoSideScroll(admin);
    await admin.goto(`/admin/pools/${pool.id}/edit`);
    await admin.getByRole('form', { name: 'Edit pool' }).waitFor();
    await expectNoSideScroll(admin);
    await admin.goto('/admin/pools/00000000-0000-4000-8000-000000000000/edit');
    await admin.getByText('No investment pool found', { exact: true }).waitFor();
  });
});
