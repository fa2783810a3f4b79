import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEMBER_PASSWORD, newEmail } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { api, registerOverApi, useBrowser } from '../../fixtures/browser.js';
import { adminToken } from '../../fixtures/investing.js';
import { expectNoSideScroll } from '../../fixtures/page-checks.js';
import { inviteStaffOverApi } from '../../fixtures/staff.js';

const newPage = useBrowser();

describe('the audit log', () => {
  it('lets an auditor filter by account, see before and after, and download the CSV, at 375 px', async () => {
    // A member who mistyped the password once, then signed in.
    const email = newEmail('audited');
    await registerOverApi(email, MEMBER_PASSWORD);
    await api('POST', '/api/auth/login', { email, password: 'not the password' }).catch(() => undefined);
    await api('POST', '/api/auth/login', { email, password: MEMBER_PASSWORD });

    const auditor = { email: newEmail('auditor'), password: 'an auditor passphrase for tests' };
    await inviteStaffOverApi(
      { fullName: 'Ayanda Auditor', ...auditor, phoneNumber: '0820001111', roles: ['audit'] },
      await adminToken(),
    );

    const page = await newPage({ width: 375, height: 800 });
    await signIn(page, auditor.email, auditor.password);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.goto('/admin/audit');
    await page.getByRole('heading', { name: 'Audit Log', level: 1 }).waitFor();

    await page.getByLabel('Actor (e-mail)').fill(email);
    await page.getByLabel('Action').fill('auth.sign_in');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // The whole text: the unfiltered log's total (12, 32, 102 entries...) must not pass for the filtered one.
    await page
      .getByRole('status')
      .filter({ hasText: /^2 entries$/ })
      .waitFor();
    const entries = page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem');
    expect(await entries.count()).toBe(2);
    // The action in words, with the code the filter and the CSV use beside it.
    await entries.first().getByText('Sign-in', { exact: true }).waitFor();
    await entries.first().getByText('auth.sign_in', { exact: true }).waitFor();
    await entries.first().getByText('success').waitFor();
    await entries.nth(1).getByText('failure').waitFor();
    await entries.first().getByRole('button').click();
    await entries.first().getByLabel('After').getByText('"method": "password"').waitFor();
    await expectNoSideScroll(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('time,actor,action,subject type,subject,outcome,address,browser,before,after');
    expect(csv).toHaveLength(3);
    expect(csv.slice(1).every((line) => line.includes('"auth.sign_in"') && line.includes(`"${email}"`))).toBe(true);
  });
});
