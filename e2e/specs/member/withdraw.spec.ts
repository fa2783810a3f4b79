import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../fixtures/auth.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import type { SubmittedMember } from '../../fixtures/onboarding.js';
import { useOwnServer } from '../../fixtures/own-server.js';
import { setUpMemberWithReturns } from '../../fixtures/returns.js';

const newPage = useBrowser();
const CHECKER = { email: 'withdraw-checker@letsema.test', password: 'a-withdraw-checker-password' };
const SET_UP_TIMEOUT_MS = 240_000;

interface MyWithdrawals {
  available: number;
  items: { id: string; amount: number; bank: { bankName: string; accountNumber: string } }[];
}

describe('a member withdraws returns into their payout account', () => {
  const own = useOwnServer('withdraw');
  let member: SubmittedMember;
  let adminToken: string;

  beforeAll(async () => {
    ({ member, adminToken } = await setUpMemberWithReturns(own, CHECKER));
  }, SET_UP_TIMEOUT_MS);

  it('saves the payout account with the password, asks for an amount with a decimal comma, and the admin sees the account to pay', async () => {
    const before = await api<MyWithdrawals>('GET', '/api/withdrawals/mine', undefined, member.token);
    expect(before.available).toBeGreaterThan(12.5);

    const page = await newPage({ width: 360, height: 740, baseURL: own.baseUrl });
    await signIn(page, member.email, member.password);

    // The payout account: a bank from the list fills in its universal branch code; the password confirms it.
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Payout account' });
    await section.getByText('You have no payout account yet.').waitFor();
    await section.getByRole('button', { name: 'Add payout account' }).click();
    const form = page.getByRole('dialog', { name: /Add payout account/ });
    const branchCode = form.getByLabel('Branch code');
    await form.getByLabel('Bank').selectOption({ label: 'FNB' });
    expect(await branchCode.inputValue()).toBe('250655');
    await form.getByLabel('Bank').selectOption({ label: 'Capitec' });
    expect(await branchCode.inputValue()).toBe('470010');
    await form.getByText('Capitec’s universal branch code').waitFor();
    // Another bank's code, and a number with a letter: each refused with the server's own message.
    await branchCode.fill('250655');
    await form.getByLabel('Account number').fill('1234 567 89A');
    await form.getByLabel('Your password, to confirm it is you').fill(member.password);
    await form.getByRole('button', { name: 'Save payout account' }).click();
    await form.getByText('This branch code is not Capitec’s: use its universal branch code, 470010').waitFor();
    await form.getByText('Enter the account number: 6 to 16 digits').waitFor();
    await branchCode.fill('470 010');
    await form.getByLabel('Account number').fill('1234 567 890');
    await form.getByRole('button', { name: 'Save payout account' }).click();
    await form.waitFor({ state: 'hidden' });
    await section.getByText('…7890').waitFor();
    await section.getByText(/This account can receive payouts from /).waitFor();

    // The withdrawal names that account and asks for the password again.
    await page.goto('/investments');
    await page
      .getByRole('region', { name: 'Withdraw returns' })
      .getByRole('button', { name: 'Withdraw returns' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw returns' });
    await dialog.getByText(/Paid into your payout account: Capitec …7890/).waitFor();
    await dialog.getByLabel('Amount (R)').fill('12,50');
    await dialog.getByLabel('Your password, to confirm it is you').fill('not the password');
    await dialog.getByRole('button', { name: 'Ask to withdraw' }).click();
    await dialog.getByText('That password is not right').waitFor();
    await dialog.getByLabel('Your password, to confirm it is you').fill(member.password);
    await dialog.getByRole('button', { name: 'Ask to withdraw' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('list', { name: 'Your withdrawals' }).getByText('R 12.50 to Capitec …7890').waitFor();

    // R 12.50, not 1 250: the amount sent is the one typed, read by the server.
    const after = await api<MyWithdrawals>('GET', '/api/withdrawals/mine', undefined, member.token);
    expect(after.items.map((item) => item.amount)).toEqual([12.5]);
    expect(after.items[0]!.bank.accountNumber).toBe('…7890');
    expect(Math.round((before.available - after.available) * 100)).toBe(1250);
    // Told at once, in the app, with the last four digits.
    const told = await api<{ notifications: { title: string; message: string }[] }>(
      'GET',
      '/api/notifications?page=1&limit=10',
      undefined,
      member.token,
    );
    expect(told.notifications.find((item) => item.title === 'Withdrawal requested')?.message).toContain('ending 7890');

    // Approved by the super admin; the checker opens the payout with the account in full, held 48 hours.
    await api('POST', `/api/admin/withdrawals/${after.items[0]!.id}/approve`, undefined, adminToken);
    const checker = await newPage({ baseURL: own.baseUrl });
    await signIn(checker, CHECKER.email, CHECKER.password);
    await checker.goto('/admin/withdrawals');
    await checker
      .getByRole('listitem', { name: 'Withdrawal of Kabelo Mokoena' })
      .getByRole('button', { name: 'Mark paid' })
      .click();
    const pay = checker.getByRole('dialog', { name: /Mark the withdrawal paid/ });
    const account = pay.getByRole('region', { name: 'Payout account' });
    for (const text of ['Capitec', '470010', 'Kabelo Mokoena', '1234567890']) {
      await account.getByText(text, { exact: true }).waitFor();
    }
    await account.getByText('The holder’s name matches the member’s name (Kabelo Mokoena).').waitFor();
    await account.getByText(/^The payout account was changed recently: it can receive payouts from /).waitFor();
    expect(await pay.getByRole('button', { name: 'Mark paid' }).isDisabled()).toBe(true);
  });
});
