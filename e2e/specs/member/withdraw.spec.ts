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
  items: { amount: number; bank: { accountNumber: string } }[];
}

describe('a member withdraws returns in the browser', () => {
  const own = useOwnServer('withdraw');
  let member: SubmittedMember;

  beforeAll(async () => {
    ({ member } = await setUpMemberWithReturns(own, CHECKER));
  }, SET_UP_TIMEOUT_MS);

  it('asks for the amount typed, with a decimal comma, to the account as copied with spaces', async () => {
    const before = await api<MyWithdrawals>('GET', '/api/withdrawals/mine', undefined, member.token);
    expect(before.available).toBeGreaterThan(12.5);

    const page = await newPage({ width: 360, height: 740, baseURL: own.baseUrl });
    await signIn(page, member.email, member.password);
    await page.goto('/investments');
    await page
      .getByRole('region', { name: 'Withdraw returns' })
      .getByRole('button', { name: 'Withdraw returns' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw returns' });
    await dialog.getByLabel('Amount (R)').fill('12,50');
    await dialog.getByLabel('Account holder').fill('Kabelo Mokoena');
    await dialog.getByLabel('Bank').fill('Capitec');
    await dialog.getByLabel('Account number').fill('1234 567 890');
    await dialog.getByLabel('Branch code').fill('470010');
    await dialog.getByRole('button', { name: 'Ask to withdraw' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('list', { name: 'Your withdrawals' }).getByText('R 12.50 to Capitec …7890').waitFor();

    // R 12.50, not 1 250: the amount sent is the one typed, read by the server.
    const after = await api<MyWithdrawals>('GET', '/api/withdrawals/mine', undefined, member.token);
    expect(after.items.map((item) => item.amount)).toEqual([12.5]);
    // The member's own answer shows the number's last four digits, kept without the spaces typed.
    expect(after.items[0]!.bank.accountNumber).toMatch(/^[^ ]*7890$/);
    expect(Math.round((before.available - after.available) * 100)).toBe(1250);
  });
});
