import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminRoles } from '@letsema/domain';
import { ADMIN, DEPUTY, newEmail } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import { loginOverApi } from '../../fixtures/onboarding.js';
import { adminDate, expectNoSideScroll, waitForStrength } from '../../fixtures/page-checks.js';
import { waitForMail } from '../../fixtures/mail.js';
import { invitationLinkFor, inviteStaffOverApi } from '../../fixtures/staff.js';

const newPage = useBrowser();

const STAFF_PASSWORD = 'a-staff-password';

/** The labels of the admin sidebar's links, as shown. */
async function sidebarLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim());
}

/** Types the acting admin's own password into the confirmation the server asked for. */
async function confirmWithPassword(page: Page, password: string) {
  const confirm = page.getByRole('dialog', { name: /Confirm with your password/ });
  await confirm.getByLabel('Your password').fill(password);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  return confirm;
}

async function openStaffPage(page: Page) {
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Staff' }).click();
  await page.waitForURL('**/admin/staff');
  await page.getByRole('heading', { name: 'Staff Management' }).waitFor();
}

describe('staff management', () => {
  it('checks the invitation form with the spec messages, and shows the server refusal of a taken e-mail', async () => {
    const page = await newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/admin');
    await openStaffPage(page);

    await page.getByRole('button', { name: 'Add Admin User' }).click();
    const dialog = page.getByRole('dialog', { name: /Invite Admin User/ });
    await dialog.waitFor();
    // Nobody types a password for someone else: the invitee chooses it from the e-mailed link.
    expect(await dialog.getByLabel(/Password/).count()).toBe(0);
    expect(await dialog.getByRole('checkbox').count()).toBe(adminRoles.length);
    await dialog.getByRole('checkbox', { name: 'Staff Management' }).waitFor();
    await dialog.getByText('Create and manage admin users').waitFor();

    const submit = dialog.getByRole('button', { name: 'Send Invitation' });
    await submit.click();
    for (const message of [
      'Full name is required',
      'Email is required',
      'Phone number is required',
      'Please select at least one role',
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }

    await dialog.getByLabel('Email').fill('not-an-email');
    await submit.click();
    await dialog.getByText('Invalid email address', { exact: true }).waitFor();

    // A valid form for an e-mail already in use: the server's answer is shown and nothing is created.
    await dialog.getByLabel('Full name').fill('Someone Else');
    await dialog.getByLabel('Email').fill(ADMIN.email);
    await dialog.getByLabel('Phone').fill('0821234567');
    await dialog.getByRole('checkbox', { name: 'Month End' }).check();
    await submit.click();
    // An invitation asks for the acting admin's own password first.
    const confirm = await confirmWithPassword(page, ADMIN.password);
    await confirm.getByText('An account with this email already exists').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('row', { name: 'Someone Else' }).count()).toBe(0);
  });

  it('invites a payments-only admin: they choose their own password, a second staff manager approves the roles, suspending ends their session', async () => {
    const admin = await newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL('**/admin');
    await openStaffPage(admin);

    // The super admin's own row: marked, and offered no Suspend.
    const own = admin.getByRole('row', { name: 'Super Admin', exact: true });
    await own.getByText('You', { exact: true }).waitFor();
    expect(await own.getByRole('button', { name: /^Suspend/ }).count()).toBe(0);

    const email = newEmail('staff');
    const fullName = 'Sipho Ndlovu';
    await admin.getByRole('button', { name: 'Add Admin User' }).click();
    const create = admin.getByRole('dialog', { name: /Invite Admin User/ });
    await create.getByLabel('Full name').fill(fullName);
    await create.getByLabel('Email').fill(email);
    await create.getByLabel('Phone').fill('0831234567');
    await create.getByRole('checkbox', { name: 'Payment Management' }).check();
    await create.getByRole('button', { name: 'Send Invitation' }).click();
    const confirm = await confirmWithPassword(admin, ADMIN.password);
    await confirm.waitFor({ state: 'hidden' });
    await create.waitFor({ state: 'hidden' });

    const created = admin.getByText(
      'Invitation sent. Their roles apply once another admin with Staff Management approves them.',
    );
    await created.waitFor();
    const row = admin.getByRole('row', { name: fullName, exact: true });
    await row.getByText(email).waitFor();
    await row.getByText('0831234567').waitFor();
    await row.getByText('Invited', { exact: true }).waitFor();
    await row.getByText('Invited by Super Admin').waitFor();
    await row.getByText('Waiting for approval: Payment Management').waitFor();
    // The admin who asked for the roles cannot approve them.
    await row
      .getByText(
        'Waiting for another admin. You asked for these roles, so another admin with Staff Management must approve them.',
      )
      .waitFor();
    expect(await row.getByRole('button', { name: 'Approve roles' }).count()).toBe(0);
    await row.getByText('Never', { exact: true }).waitFor();
    const listed = (
      await api<{ email: string; createdAt: string }[]>(
        'GET',
        '/api/admin/staff',
        undefined,
        await loginOverApi(ADMIN.email, ADMIN.password),
      )
    ).find((staff) => staff.email === email)!;
    await row.getByText(adminDate(listed.createdAt), { exact: true }).waitFor();

    // The invitee opens the e-mailed link, chooses their own password, and is signed in: no roles yet.
    const staff = await newPage();
    await staff.goto(await invitationLinkFor(email));
    await staff.getByRole('heading', { name: 'Join Letsema as an admin' }).waitFor();
    await staff.getByText(email).waitFor();
    await staff.getByLabel(/^Your password/).fill(STAFF_PASSWORD);
    await waitForStrength(staff, 'Strong');
    await staff.getByRole('button', { name: 'Accept and sign in' }).click();
    await staff.waitForURL('**/admin');
    expect(await sidebarLabels(staff)).not.toContain('Payments');

    // A second staff manager approves the roles, with their own password.
    const deputy = await newPage();
    await signIn(deputy, DEPUTY.email, DEPUTY.password);
    await deputy.waitForURL('**/admin');
    await openStaffPage(deputy);
    const pending = deputy.getByRole('row', { name: fullName, exact: true });
    await pending.getByRole('button', { name: 'Approve roles' }).click();
    await (await confirmWithPassword(deputy, DEPUTY.password)).waitFor({ state: 'hidden' });
    await deputy.getByText('Roles approved.', { exact: false }).waitFor();
    await pending.getByText(`Approved by ${DEPUTY.fullName}`).waitFor();
    expect(await pending.getByRole('listitem').allInnerTexts()).toEqual(['Payment Management']);

    // The new admin's next page: Dashboard, My Tasks and the payments desk's pages only.
    await staff.reload();
    await staff.getByText('Staff Admin').first().waitFor();
    expect(await sidebarLabels(staff)).toEqual(['Dashboard', 'My Tasks', 'Payments', 'Contributions', 'Arrears']);
    // Their dashboard shows the payments desk's queues only, each tile opening its page: payments and
    // loan repayments, not registrations nor loans.
    await staff.getByRole('link', { name: /Payments.*Proofs of payment/ }).waitFor();
    await staff.getByRole('link', { name: /Loan repayments/ }).waitFor();
    const tiles = staff.getByRole('list', { name: 'Pending counts' }).getByRole('listitem');
    expect(await tiles.count()).toBe(2);
    expect(await staff.getByTestId('pending-count-registrations').count()).toBe(0);
    expect(await staff.getByTestId('pending-count-loans').count()).toBe(0);

    // Opening Staff Management directly: the server refuses and nothing of the list is shown.
    await staff.goto('/admin/staff');
    await staff.getByText('You do not have permission to do this').waitFor();
    expect(await staff.getByRole('button', { name: 'Add Admin User' }).count()).toBe(0);
    expect(await staff.getByRole('table').count()).toBe(0);

    // The list now shows when they last signed in, who invited them and who approved.
    await admin.reload();
    await row.getByText(/^at \d{2}:\d{2}$/).waitFor();
    expect(await row.getByText('Never', { exact: true }).count()).toBe(0);
    await row.getByText(`Approved by ${DEPUTY.fullName}`).waitFor();

    // The super admin suspends them.
    await row.getByRole('button', { name: `Suspend ${fullName}` }).click();
    const suspend = admin.getByRole('dialog', { name: 'Suspend admin user?' });
    await suspend.getByText(/loses access to the admin workspace at once/).waitFor();
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await suspend.waitFor({ state: 'hidden' });
    await admin.getByText('Admin user suspended successfully!').waitFor();
    await row.getByText('Suspended', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: `Suspend ${fullName}` }).count()).toBe(0);

    // Their next click ends the session: the app reloads on the sign-in page.
    const reloaded = staff.waitForEvent('load');
    await staff.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Payments' }).click();
    await reloaded;
    await staff.waitForURL('**/login');
    expect(await staff.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await staff.getByLabel('Email').fill(email);
    await staff.getByLabel(/^Password/).fill(STAFF_PASSWORD);
    await staff.getByRole('button', { name: 'Sign In' }).click();
    await staff.getByText(/suspended/).waitFor();
  }, 240_000);

  it('edits an admin on a phone: cards instead of the table, read-only e-mail, roles changed', async () => {
    const adminToken = await loginOverApi(ADMIN.email, ADMIN.password);
    const email = newEmail('staff');
    await inviteStaffOverApi(
      {
        fullName: 'Naledi Khumalo',
        email,
        phoneNumber: '0841234567',
        password: STAFF_PASSWORD,
        roles: ['loan_management'],
      },
      adminToken,
    );

    const page = await newPage({ width: 375, height: 812 });
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/admin');
    await page.goto('/admin/staff');
    const card = page.getByRole('article', { name: 'Naledi Khumalo' });
    await card.getByText(email).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await expectNoSideScroll(page);

    await card.getByRole('button', { name: 'Edit Naledi Khumalo' }).click();
    const dialog = page.getByRole('dialog', { name: /Edit Admin User/ });
    const emailField = dialog.getByLabel('Email');
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();
    await dialog.getByText('Email cannot be changed').waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Loan Management' }).isChecked()).toBe(true);
    await expectNoSideScroll(page);

    // Nobody types another admin's password: the dialog only e-mails them a reset link.
    expect(await dialog.getByLabel('New password').count()).toBe(0);
    await dialog.getByRole('button', { name: 'E-mail a password-reset link' }).click();
    await dialog
      .getByText('We e-mailed them a link to choose a new password. It works for 30 minutes, once; only they see it.')
      .waitFor();
    const resetMail = await waitForMail(email, 'Letsema: choose a new password');
    expect(resetMail.text).toContain('An admin of the cooperative asked for a password-reset link to be sent to you.');

    await dialog.getByLabel('Full name').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Full name is required', { exact: true }).waitFor();

    await dialog.getByLabel('Full name').fill('Naledi Khumalo-Dube');
    await dialog.getByRole('checkbox', { name: 'Expense Management' }).check();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();

    // A change of roles asks for the acting admin's own password first.
    const confirm = page.getByRole('dialog', { name: /Confirm with your password/ });
    await confirm.getByLabel('Your password').fill('not the admin password');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.getByText('That password is not right').waitFor();
    await confirm.getByLabel('Your password').fill(ADMIN.password);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Admin user updated successfully!').waitFor();

    // A money role waits for a second staff manager; the one who asked sees why they cannot approve it.
    const edited = page.getByRole('article', { name: 'Naledi Khumalo-Dube' });
    expect(await edited.getByRole('listitem').allInnerTexts()).toEqual(['Loan Management']);
    await edited.getByText('Waiting for approval: Expense Management').waitFor();
    await edited.getByText(/^Waiting for another admin\./).waitFor();
    expect(await loginOverApi(email, STAFF_PASSWORD)).toBeTruthy();
    await expectNoSideScroll(page);

    // Suspended, then let back in by the super admin.
    await edited.getByRole('button', { name: 'Suspend Naledi Khumalo-Dube' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Suspend/ })
      .click();
    await page.getByText('Admin user suspended successfully!').waitFor();
    await edited.getByRole('button', { name: 'Reactivate Naledi Khumalo-Dube' }).click();
    await page.getByText('Admin user reactivated. They can sign in again.').waitFor();
    expect(await loginOverApi(email, STAFF_PASSWORD)).toBeTruthy();
  });
});
