import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminRoles } from '@letsema/domain';
import { ADMIN, newEmail } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import { loginOverApi } from '../../fixtures/onboarding.js';
import { adminDate, expectNoSideScroll, waitForStrength } from '../../fixtures/page-checks.js';

const newPage = useBrowser();

const STAFF_PASSWORD = 'a-staff-password';

/** The labels of the admin sidebar's links, as shown. */
async function sidebarLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim());
}

async function openStaffPage(page: Page) {
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Staff' }).click();
  await page.waitForURL('**/admin/staff');
  await page.getByRole('heading', { name: 'Staff Management' }).waitFor();
}

describe('staff management', () => {
  it('checks the create form with the spec messages, and shows the server refusal of a taken e-mail', async () => {
    const page = await newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/admin');
    await openStaffPage(page);

    await page.getByRole('button', { name: 'Add Admin User' }).click();
    const dialog = page.getByRole('dialog', { name: /Create Admin User/ });
    await dialog.waitFor();
    expect(await dialog.getByRole('checkbox').count()).toBe(adminRoles.length);
    await dialog.getByRole('checkbox', { name: 'Staff Management' }).waitFor();
    await dialog.getByText('Create and manage admin users').waitFor();

    const submit = dialog.getByRole('button', { name: 'Create Admin User' });
    await submit.click();
    for (const message of [
      'Full name is required',
      'Email is required',
      'Phone number is required',
      'Password is required',
      'Please select at least one role',
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }

    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel(/^Password/).fill('short');
    await waitForStrength(dialog, 'Very weak');
    await submit.click();
    await dialog.getByText('Invalid email address', { exact: true }).waitFor();
    await dialog.getByText('Password must be at least 8 characters', { exact: true }).waitFor();

    // A valid form for an e-mail already in use: the server's answer is shown and nothing is created.
    await dialog.getByLabel('Full name').fill('Someone Else');
    await dialog.getByLabel('Email').fill(ADMIN.email);
    await dialog.getByLabel('Phone').fill('0821234567');
    await dialog.getByLabel(/^Password/).fill(STAFF_PASSWORD);
    await waitForStrength(dialog, 'Strong');
    await dialog.getByRole('checkbox', { name: 'Month End' }).check();
    await submit.click();
    await dialog.getByText('An account with this email already exists').waitFor();
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('row', { name: 'Someone Else' }).count()).toBe(0);
  });

  it('creates a payments-only admin who sees only their areas, and suspending them ends their session', async () => {
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
    const create = admin.getByRole('dialog', { name: /Create Admin User/ });
    await create.getByLabel('Full name').fill(fullName);
    await create.getByLabel('Email').fill(email);
    await create.getByLabel('Phone').fill('0831234567');
    await create.getByLabel(/^Password/).fill(STAFF_PASSWORD);
    await waitForStrength(create, 'Strong');
    await create.getByRole('checkbox', { name: 'Payment Management' }).check();
    await create.getByRole('button', { name: 'Create Admin User' }).click();
    await create.waitFor({ state: 'hidden' });

    const created = admin.getByText('Admin user created successfully!');
    await created.waitFor();
    const row = admin.getByRole('row', { name: fullName, exact: true });
    await row.getByText(email).waitFor();
    await row.getByText('0831234567').waitFor();
    expect(await row.getByRole('listitem').allInnerTexts()).toEqual(['Payment Management']);
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
    // Success messages clear themselves after 3 seconds.
    await created.waitFor({ state: 'hidden', timeout: 6000 });

    // The new admin signs in elsewhere: Dashboard, My Tasks and Payments only.
    const staff = await newPage();
    await signIn(staff, email, STAFF_PASSWORD);
    await staff.waitForURL('**/admin');
    await staff.getByText('Staff Admin').first().waitFor();
    expect(await sidebarLabels(staff)).toEqual(['Dashboard', 'My Tasks', 'Payments']);
    // Their dashboard shows every count, but only the payments tile leads anywhere.
    await staff.getByTestId('pending-count-registrations').waitFor();
    expect(await staff.getByRole('link', { name: /Registrations/ }).count()).toBe(0);
    await staff.getByRole('link', { name: /Payments.*Proofs of payment/ }).waitFor();

    // Opening Staff Management directly: the server refuses and nothing of the list is shown.
    await staff.goto('/admin/staff');
    await staff.getByText('You do not have permission to do this').waitFor();
    expect(await staff.getByRole('button', { name: 'Add Admin User' }).count()).toBe(0);
    expect(await staff.getByRole('table').count()).toBe(0);

    // The list now shows when they last signed in.
    await admin.reload();
    await row.getByText(/^at \d{2}:\d{2}$/).waitFor();
    expect(await row.getByText('Never', { exact: true }).count()).toBe(0);

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
  });

  it('edits an admin on a phone: cards instead of the table, read-only e-mail, roles changed', async () => {
    const adminToken = await loginOverApi(ADMIN.email, ADMIN.password);
    const email = newEmail('staff');
    await api(
      'POST',
      '/api/admin/staff',
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

    // A short new password is refused; a blank one keeps the current password.
    await dialog.getByLabel('Full name').fill('');
    await dialog.getByLabel('New password').fill('short');
    await waitForStrength(dialog, 'Very weak');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Full name is required', { exact: true }).waitFor();
    await dialog.getByText('Password must be at least 8 characters', { exact: true }).waitFor();

    await dialog.getByLabel('Full name').fill('Naledi Khumalo-Dube');
    await dialog.getByLabel('New password').fill('');
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

    const edited = page.getByRole('article', { name: 'Naledi Khumalo-Dube' });
    expect(await edited.getByRole('listitem').allInnerTexts()).toEqual(['Loan Management', 'Expense Management']);
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
