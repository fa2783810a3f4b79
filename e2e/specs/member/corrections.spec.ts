import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { useBrowser } from '../../fixtures/browser.js';
import { createActiveMember } from '../../fixtures/investing.js';

const newPage = useBrowser();

describe('correction requests', () => {
  it('a member asks on a phone, an admin answers in My Tasks, and the member sees the answer', async () => {
    const member = await createActiveMember('Sibusiso Dube');
    const phone = await newPage({ width: 375, height: 800 });
    await signIn(phone, member.email, member.password);
    await phone.waitForURL('**/dashboard');
    await phone.goto('/profile');
    await phone.getByRole('button', { name: 'Ask for a correction' }).click();
    const dialog = phone.getByRole('dialog', { name: /Ask for a correction/ });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.getByText('Choose what should be corrected').waitFor();
    await dialog.getByRole('combobox', { name: 'What is wrong' }).selectOption({ label: 'Date of birth' });
    await dialog.getByLabel('What it should be').fill('It is 1 March 1985, not 1 January 1980.');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await phone.getByText('Your request was sent. We will let you know the answer.').waitFor();
    const mine = phone.getByRole('list', { name: 'Your correction requests' });
    await mine.getByText('Waiting').waitFor();

    const admin = await newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/admin');
    await admin.goto('/admin/tasks');
    const item = admin
      .getByRole('list', { name: 'Correction requests' })
      .getByRole('listitem')
      .filter({ hasText: member.email });
    await item.getByRole('button', { name: 'Answer' }).click();
    const answer = admin.getByRole('dialog', { name: /Answer the correction request/ });
    await answer.getByLabel('Your answer to the member').fill('Corrected from your ID document.');
    await answer.getByRole('button', { name: 'Corrected' }).click();
    await admin.getByText('The member has been told.').waitFor();
    expect(await admin.getByRole('listitem').filter({ hasText: member.email }).count()).toBe(0);

    await phone.reload();
    await mine.getByText('Corrected', { exact: true }).waitFor();
    await mine.getByText('Answer: Corrected from your ID document.').waitFor();
  });
});
