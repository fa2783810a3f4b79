import { formatRand, TASKS_SHOWN_PER_QUEUE, type PendingCounts } from '@letsema/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, DEPUTY, newEmail } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import { adminToken, createActiveMember, createPayingMember, payOverApi } from '../../fixtures/investing.js';
import { loginOverApi } from '../../fixtures/onboarding.js';
import { expectNoSideScroll } from '../../fixtures/page-checks.js';
import { inviteStaffOverApi } from '../../fixtures/staff.js';

const newPage = useBrowser();
const PHONE = { width: 375, height: 740 };

/** An admin of `roles`, invited and approved the way the API allows. */
async function newAdmin(fullName: string, roles: string[]) {
  const admin = { fullName, email: newEmail('staff'), password: 'a-staff-password-for-tests', roles };
  const { id, token } = await inviteStaffOverApi(admin, await adminToken());
  return { ...admin, id, token };
}

/** Tells the page its tab became visible again: the bell asks for the unread count at once. */
const returnToTab = (page: Page) =>
  page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

describe('what waits for an admin reaches them', () => {
  it("a member's payment reaches a payments admin already signed in: the bell, the notification and My Tasks", async () => {
    const cashier = await newAdmin('Kagiso Cashier', ['payment_management']);
    const { member, pool, instalmentCents } = await createPayingMember('Thandi Waiting');

    const page = await newPage(PHONE);
    await signIn(page, cashier.email, cashier.password);
    await page.waitForURL('**/admin');
    const { count: before } = await api<{ count: number }>(
      'GET',
      '/api/notifications/unread-count',
      undefined,
      cashier.token,
    );
    await page
      .getByRole('button', { name: before > 0 ? `Notifications, ${before} unread` : 'Notifications', exact: true })
      .waitFor();
    const paymentsTile = page.getByTestId('pending-count-payments');
    await paymentsTile.filter({ hasText: /^\d+$/ }).waitFor();
    const waitingBefore = Number(await paymentsTile.innerText());

    await payOverApi(member.token, pool.id, instalmentCents, 'EFT / bank transfer');
    await returnToTab(page);
    const bell = page.getByRole('button', { name: `Notifications, ${before + 1} unread`, exact: true });
    // The dashboard on screen counts the new payment as soon as the bell hears of it.
    await paymentsTile.filter({ hasText: new RegExp(`^${waitingBefore + 1}$`) }).waitFor();
    await bell.click();
    const latest = page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('list', { name: 'Latest notifications' });
    const note = latest
      .getByRole('listitem')
      .filter({ hasText: 'A payment waits for you' })
      .filter({ hasText: 'from Thandi Waiting' });
    expect(await note.innerText()).toContain(`Payment of ${formatRand(instalmentCents)} to `);
    await page.keyboard.press('Escape');

    await page.goto('/admin/tasks');
    const waiting = page.getByRole('list', { name: 'Waiting for you' });
    const task = waiting
      .getByRole('listitem')
      .filter({ hasText: `Payment of ${formatRand(instalmentCents)} from Thandi Waiting` });
    await task.getByText(/^Payments · /).waitFor();
    await expectNoSideScroll(page);
    await task.getByRole('link').click();
    await page.waitForURL('**/admin/payments/pending');
  });

  it('lists the assisted resets and staff roles waiting for a second admin in My Tasks, titled and linked, at 375 px', async () => {
    const clerk = await newAdmin('Lindiwe Clerk', ['member_management']);
    const member = await createActiveMember('Sipho Forgetful');
    await api('POST', `/api/admin/members/${member.id}/assisted-reset`, undefined, clerk.token);
    const deputy = await loginOverApi(DEPUTY.email, DEPUTY.password);
    await api('POST', '/api/auth/reauthenticate', { password: DEPUTY.password }, deputy);
    const invited = {
      fullName: 'Bongani Newcomer',
      email: newEmail('invited'),
      phoneNumber: '0831234567',
      roles: ['audit'],
    };
    await api('POST', '/api/admin/staff', invited, deputy);

    const page = await newPage(PHONE);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/admin');
    await page.goto('/admin/tasks');
    const waiting = page.getByRole('list', { name: 'Waiting for you' });
    // The server is shared with other specs: older resets or grants they left waiting may fill the ten
    // places of a queue, and then the queue is named among those with more waiting instead.
    const counts = await api<PendingCounts>(
      'GET',
      '/api/admin/dashboard/pending-counts',
      undefined,
      await adminToken(),
    );
    const more = page.getByText(/More are waiting in/);
    if ((counts.passwordResets ?? 0) <= TASKS_SHOWN_PER_QUEUE) {
      const reset = waiting.getByRole('listitem').filter({ hasText: 'Approve the password reset of Sipho Forgetful' });
      await reset.getByText(/^Password resets · /).waitFor();
      expect(await reset.getByRole('link').getAttribute('href')).toBe(`/admin/members/${member.id}`);
    } else {
      await more.getByRole('link', { name: 'Password resets' }).waitFor();
    }
    if ((counts.staffGrants ?? 0) <= TASKS_SHOWN_PER_QUEUE) {
      const grant = waiting.getByRole('listitem').filter({ hasText: 'Approve the invitation of Bongani Newcomer' });
      await grant.getByText(/^Staff roles · /).waitFor();
      expect(await grant.getByRole('link').getAttribute('href')).toBe('/admin/staff');
      await expectNoSideScroll(page);
      await grant.getByRole('link').click();
    } else {
      await expectNoSideScroll(page);
      await more.getByRole('link', { name: 'Staff roles' }).click();
    }
    await page.waitForURL('**/admin/staff');
  });
});
