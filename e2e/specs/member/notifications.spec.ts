import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import { loginOverApi, submitRegistration, type SubmittedMember } from '../../fixtures/onboarding.js';
import { inviteStaffOverApi } from '../../fixtures/staff.js';

const newPage = useBrowser();

interface KinView {
  nokOrder: number;
  fullName: string;
  relationship: string;
  phoneNumber: string;
  email: string | null;
  nationalId: string;
  dateOfBirth: string;
  address: string;
  passportPhotoUrl: string;
  idDocumentUrl: string;
  proofOfAddressUrl: string;
}

/** Each round of returning next of kin #1 and saving it again writes two notifications. */
const RETURN_ROUNDS = 11;
/** 'Registration received', two per round, both kin approved and 'Registration approved'. */
const NOTIFICATION_COUNT = 1 + 2 * RETURN_ROUNDS + 3;

/**
 * A member made active the long way: submitted, next of kin #1 returned and saved again
 * RETURN_ROUNDS times, then approved. Every step writes a notification on the server.
 */
async function createMemberWithManyNotifications(): Promise<SubmittedMember> {
  const member = await submitRegistration('Thandi Mokoena');
  const adminToken = await loginOverApi(ADMIN.email, ADMIN.password);
  const kin = (await api<KinView[]>('GET', '/api/auth/next-of-kin', undefined, member.token)).find(
    (k) => k.nokOrder === 1,
  )!;
  const kinBody = {
    fullName: kin.fullName,
    relationship: kin.relationship,
    phoneNumber: kin.phoneNumber,
    email: kin.email ?? '',
    nationalId: kin.nationalId,
    dateOfBirth: kin.dateOfBirth,
    address: kin.address,
    nokOrder: 1,
    passportPhotoUrl: kin.passportPhotoUrl,
    idDocumentUrl: kin.idDocumentUrl,
    proofOfAddressUrl: kin.proofOfAddressUrl,
  };
  for (let round = 1; round <= RETURN_ROUNDS; round += 1) {
    await api(
      'POST',
      `/api/admin/users/${member.id}/nok/1/reject`,
      { reason: `Please check the name (round ${round})`, rejectedFields: ['personalInfo'] },
      adminToken,
    );
    await api('POST', '/api/auth/next-of-kin', kinBody, member.token);
  }
  await api('POST', `/api/admin/users/${member.id}/nok/1/approve`, undefined, adminToken);
  await api('POST', `/api/admin/users/${member.id}/nok/2/approve`, undefined, adminToken);
  await api('POST', `/api/admin/users/${member.id}/approve-kyc`, undefined, adminToken);
  return member;
}

async function countUnreadOverApi(token: string): Promise<number> {
  return (await api<{ count: number }>('GET', '/api/notifications/unread-count', undefined, token)).count;
}

/** The bell in the app bar, found by what it tells a screen reader ('Notifications, 26 unread'). */
function findBell(page: Page, unread: number): Locator {
  return page.getByRole('button', {
    name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications',
    exact: true,
  });
}

/** Waits for the popover's opening animation, so its box is measured at full size. */
async function waitForTransitions(locator: Locator) {
  await locator.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
}

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('notifications', () => {
  it('shows the unread count on the bell, lists the latest ten, marks read, and pages through them all', async () => {
    const member = await createMemberWithManyNotifications();
    expect(await countUnreadOverApi(member.token)).toBe(NOTIFICATION_COUNT);

    const page = await newPage();
    await signIn(page, member.email, member.password);
    await page.waitForURL('**/dashboard');

    // The badge shows the unread count.
    const bell = findBell(page, NOTIFICATION_COUNT);
    await bell.waitFor();
    expect(await bell.innerText()).toContain(String(NOTIFICATION_COUNT));

    // The popover: the latest ten, newest first, each with its time label; all unread.
    await bell.click();
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    const latest = popover.getByRole('list', { name: 'Latest notifications' });
    await latest.waitFor();
    const items = latest.getByRole('listitem');
    expect(await items.count()).toBe(10);
    expect(await items.nth(0).innerText()).toContain('Registration approved');
    expect(await items.nth(0).locator('time').innerText()).toMatch(/^(Just now|\d+m ago)$/);
    expect(await items.nth(1).innerText()).toContain('Next of kin #2 approved');
    expect(await items.nth(3).innerText()).toContain('Registration resubmitted');
    expect(await items.nth(4).innerText()).toContain('Next of kin #1 needs changes');
    expect(await latest.getByRole('button').count()).toBe(10);
    await waitForTransitions(popover);
    const box = await popover.boundingBox();
    expect(Math.round(box!.width)).toBe(360);
    expect(await popover.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/notifications');

    // Opening one marks it read: it loses its dot and the badge goes down by one.
    await latest.getByRole('button', { name: /Registration approved/ }).click();
    await expect.poll(() => latest.getByRole('button').count()).toBe(9);
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    await findBell(page, NOTIFICATION_COUNT - 1).waitFor();
    expect(await countUnreadOverApi(member.token)).toBe(NOTIFICATION_COUNT - 1);

    // 'View all' leads to the page: 20 on page 1, the rest on page 2.
    await findBell(page, NOTIFICATION_COUNT - 1).click();
    await popover.getByRole('link', { name: 'View all' }).click();
    await page.waitForURL('**/notifications');
    await popover.waitFor({ state: 'detached' });
    await page.getByText(`${NOTIFICATION_COUNT - 1} unread notifications`).waitFor();
    const firstPage = page.getByRole('list', { name: 'Notifications, page 1 of 2' });
    await firstPage.waitFor();
    expect(await firstPage.getByRole('listitem').count()).toBe(20);
    expect(await firstPage.getByRole('listitem').nth(0).innerText()).toContain('Registration approved');
    await page.getByText(`1–20 of ${NOTIFICATION_COUNT}`).waitFor();

    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await page.waitForURL('**/notifications?page=2');
    const secondPage = page.getByRole('list', { name: 'Notifications, page 2 of 2' });
    await secondPage.waitFor();
    const rest = secondPage.getByRole('listitem');
    expect(await rest.count()).toBe(NOTIFICATION_COUNT - 20);
    expect(await rest.last().innerText()).toContain('Registration received');
    expect(await rest.last().getByRole('img', { name: 'Registration' }).count()).toBe(1);
    await page.getByText(`21–${NOTIFICATION_COUNT} of ${NOTIFICATION_COUNT}`).waitFor();

    // When marking all read fails, that is only logged: no banner, the unread stay, the button works again.
    const markAll = page.getByRole('button', { name: 'Mark all as read' });
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    const markAllUrl = '**/api/notifications/mark-all-read';
    await page.route(markAllUrl, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, data: null, error: 'The service is busy' }),
      }),
    );
    await markAll.click();
    await expect
      .poll(() => logged.some((text) => text.includes('Failed to mark all notifications as read')))
      .toBe(true);
    await expect.poll(() => markAll.isDisabled()).toBe(false);
    expect(await page.getByText('The service is busy').count()).toBe(0);
    expect(await page.getByText('Failed to mark notifications as read').count()).toBe(0);
    await page.getByText(`${NOTIFICATION_COUNT - 1} unread notifications`).waitFor();
    await findBell(page, NOTIFICATION_COUNT - 1).waitFor();
    await page.unroute(markAllUrl);

    // 'Mark all as read' clears the badge, and then has nothing left to do.
    await markAll.click();
    await findBell(page, 0).waitFor();
    await page.getByText("You're all caught up.").waitFor();
    expect(await markAll.isDisabled()).toBe(true);
    expect(await secondPage.getByRole('button').count()).toBe(0);
    expect((await findBell(page, 0).innerText()).trim()).toBe('');
    expect(await countUnreadOverApi(member.token)).toBe(0);

    // The popover agrees: nothing unread, nothing to mark.
    await findBell(page, 0).click();
    await latest.waitFor();
    expect(await latest.getByRole('listitem').count()).toBe(10);
    expect(await latest.getByRole('button').count()).toBe(0);
    expect(await popover.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);
  });

  it('fits a 375 px phone, marks read from the page and the popover, and asks for the count again when the tab is shown', async () => {
    const member = await createMemberWithManyNotifications();
    const page = await newPage({ width: 375, height: 740 });
    await signIn(page, member.email, member.password);
    await page.waitForURL('**/dashboard');
    const bell = findBell(page, NOTIFICATION_COUNT);
    await bell.waitFor();

    // The popover takes the width of the screen less its margins.
    await bell.click();
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    await popover.getByRole('list', { name: 'Latest notifications' }).waitFor();
    await waitForTransitions(popover);
    const box = (await popover.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(8);
    expect(box.x + box.width).toBeLessThanOrEqual(375 - 8);
    expect(box.width).toBeGreaterThanOrEqual(320);
    await popover.getByRole('link', { name: 'View all' }).click();
    await page.waitForURL('**/notifications');
    await popover.waitFor({ state: 'detached' });

    const firstPage = page.getByRole('list', { name: 'Notifications, page 1 of 2' });
    await firstPage.waitFor();
    await page.getByRole('button', { name: 'Go to page 2' }).waitFor();
    await expectNoSideScroll(page);

    // Clicking an unread item on the page marks it read; the badge follows.
    await firstPage.getByRole('button', { name: /Registration approved/ }).click();
    await findBell(page, NOTIFICATION_COUNT - 1).waitFor();
    await page.getByText(`${NOTIFICATION_COUNT - 1} unread notifications`).waitFor();

    // Read elsewhere (another device): the badge catches up when the tab becomes visible again.
    const oldest = await api<{ notifications: { id: string }[] }>(
      'GET',
      '/api/notifications?page=2&limit=20',
      undefined,
      member.token,
    );
    await api('PATCH', `/api/notifications/${oldest.notifications.at(-1)!.id}/read`, undefined, member.token);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await findBell(page, NOTIFICATION_COUNT - 2).waitFor();

    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await page.waitForURL('**/notifications?page=2');
    await page.getByRole('list', { name: 'Notifications, page 2 of 2' }).waitFor();
    await expectNoSideScroll(page);

    // 'Mark all as read' in the popover clears the badge too.
    await findBell(page, NOTIFICATION_COUNT - 2).click();
    const latest = popover.getByRole('list', { name: 'Latest notifications' });
    await latest.waitFor();
    await popover.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => latest.getByRole('button').count()).toBe(0);
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    await findBell(page, 0).waitFor();
    expect(await countUnreadOverApi(member.token)).toBe(0);
  });

  it('gives the admin the bell too, leading to /admin/notifications', async () => {
    // A new admin of their own: the super admin hears of every staff change other specs make on
    // the shared server, so their list is not empty.
    const reader = {
      fullName: 'Palesa Bell',
      email: `bell-${Date.now()}@example.com`,
      password: 'Kgotla-Reader-2468!',
      roles: ['member_management'],
    };
    const superToken = await loginOverApi(ADMIN.email, ADMIN.password);
    const admin = await inviteStaffOverApi(reader, superToken);
    const adminList = await api<{ pagination: { total: number } }>(
      'GET',
      '/api/notifications?page=1&limit=20',
      undefined,
      admin.token,
    );
    expect(adminList.pagination.total).toBe(0);

    const page = await newPage();
    await signIn(page, reader.email, reader.password);
    await page.waitForURL('**/admin');
    await findBell(page, 0).click();
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    await popover.getByText('No notifications').waitFor();
    expect(await popover.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/admin/notifications');
    await popover.getByRole('link', { name: 'View all' }).click();
    await page.waitForURL('**/admin/notifications');
    await popover.waitFor({ state: 'detached' });
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Notifications' }).waitFor();
    await main.getByText('No notifications').waitFor();
    expect(await page.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);
  });
});
