import { describe, expect, it } from 'vitest';
import { ADMIN, MEMBER_PASSWORD, newEmail } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import { createActiveMember } from '../../fixtures/investing.js';
import { loginOverApi } from '../../fixtures/onboarding.js';
import { expectNoSideScroll, waitForStrength } from '../../fixtures/page-checks.js';
import { inviteStaffOverApi } from '../../fixtures/staff.js';

const newPage = useBrowser();

const NEW_PASSWORD = 'counter quartz lagoon';

describe('assisted password reset', () => {
  it('one admin starts it, a second approves and reads out the code, and the member sets a new password with it', async () => {
    const member = await createActiveMember('Zanele Assisted');
    const adminToken = await loginOverApi(ADMIN.email, ADMIN.password);
    const maker = await inviteStaffOverApi(
      {
        fullName: 'Mpho Maker',
        email: newEmail('maker'),
        password: 'a maker staff passphrase',
        roles: ['member_management'],
      },
      adminToken,
    );
    await api('POST', `/api/admin/members/${member.id}/assisted-reset`, undefined, maker.token);

    // The super admin, a second admin with Member Management, approves on the member's page.
    const page = await newPage({ width: 375, height: 800 });
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/members/${member.id}`);
    const section = page.getByRole('region', { name: 'Assisted password reset' });
    await section.getByText(/^Waiting for a second admin since .*, started by Mpho Maker\.$/).waitFor();
    await expectNoSideScroll(page);
    await section.getByRole('button', { name: 'Approve and show the code' }).click();
    const code = (await section.getByLabel('One-time code').innerText()).trim();
    expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);

    // The member, without their e-mail, uses the code.
    const memberPage = await newPage({ width: 375, height: 800 });
    await memberPage.goto('/login');
    await memberPage.getByRole('link', { name: 'Forgot password?' }).click();
    await memberPage.getByRole('link', { name: 'Use a code from the cooperative' }).click();
    await memberPage.waitForURL('**/assisted-reset');
    await memberPage.getByLabel('Email').fill(member.email);
    await memberPage.getByLabel('One-time code').fill('wxyz-wxyz-wxyz');
    await memberPage.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await memberPage.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await waitForStrength(memberPage, 'Strong');
    await memberPage.getByRole('button', { name: 'Set new password' }).click();
    await memberPage
      .getByText('This code is not right, or it has expired. Ask the cooperative for a new one.')
      .first()
      .waitFor();
    await memberPage.getByLabel('One-time code').fill(code.toUpperCase());
    await memberPage.getByRole('button', { name: 'Set new password' }).click();
    await memberPage.waitForURL('**/login');
    await memberPage.getByText('Your password has been changed. Sign in with your new password.').waitFor();
    await expect(loginOverApi(member.email, MEMBER_PASSWORD)).rejects.toThrow();
    expect(await loginOverApi(member.email, NEW_PASSWORD)).toBeTruthy();
  });
});
