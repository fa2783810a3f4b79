import { formatRand } from '@letsema/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, MEMBER_PASSWORD, newEmail, newNationalId } from '../../fixtures/accounts.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import {
  adminToken,
  createActiveMember,
  createOpenPool,
  joinFigures,
  joinOverApi,
  makeProofOfPayment,
} from '../../fixtures/investing.js';
import { hasFocus, readFocus, tabTo } from '../../fixtures/keyboard.js';
import { submitRegistration } from '../../fixtures/onboarding.js';

const newPage = useBrowser();
const DESKTOP = { width: 1280, height: 800 };

/*
 * Everything here is done with the keyboard alone: Tab, Shift+Tab, typing, Enter, Space and the
 * arrow keys. No click, no fill: a form that cannot be completed this way fails.
 */

/** Tabs to the field and types into it. */
async function typeInto(page: Page, field: Locator, text: string, missing: string[]) {
  missing.push(...(await tabTo(page, field)));
  await page.keyboard.type(text);
}

/** Signs in through the form with the keyboard, from the e-mail field the page focuses. */
async function signInWithKeyboard(page: Page, email: string, password: string, missing: string[]) {
  await page.goto('/login');
  const emailField = page.getByLabel('Email');
  await emailField.waitFor();
  expect(await hasFocus(emailField)).toBe(true);
  await page.keyboard.type(email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), password, missing);
  missing.push(...(await tabTo(page, page.getByRole('button', { name: 'Sign In' }))));
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Waits until the focus is inside `target`, and answers whether it is shown there. */
async function expectFocusIn(target: Locator): Promise<void> {
  await target.locator(':focus').waitFor();
  const focus = await readFocus(target.page());
  expect(focus?.isIndicated, `focus indicator on ${focus?.element}`).toBe(true);
}

describe('the keyboard alone', () => {
  it('signs up, signs in and completes the profile step', async () => {
    const page = await newPage(DESKTOP);
    const missing: string[] = [];
    const email = newEmail('keyboard');

    await page.goto('/register');
    const emailField = page.getByLabel('Email');
    await emailField.waitFor();
    expect(await hasFocus(emailField)).toBe(true);
    await page.keyboard.type(email);
    await typeInto(page, page.getByLabel('Password', { exact: true }), MEMBER_PASSWORD, missing);
    // The button after the password shows it: Space on it, and the password reads as typed.
    missing.push(...(await tabTo(page, page.getByRole('button', { name: 'Show password' }).first())));
    await page.keyboard.press('Space');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await typeInto(page, page.getByLabel('Confirm password'), MEMBER_PASSWORD, missing);
    missing.push(...(await tabTo(page, page.getByRole('button', { name: 'Sign Up' }))));
    await page.keyboard.press('Enter');

    // The sign-in page says the account was made, as a status a screen reader reads out.
    await page.waitForURL('**/login');
    await page
      .getByRole('status')
      .filter({ hasText: 'Account created! Please log in to complete your registration.' })
      .waitFor();

    await signInWithKeyboard(page, email, MEMBER_PASSWORD, missing);
    await page.waitForURL('**/complete-registration');
    await page.getByRole('heading', { name: 'Profile Details', exact: true }).waitFor();

    await typeInto(page, page.getByLabel('Full name'), 'Keabetswe Molefe', missing);
    await typeInto(page, page.getByLabel('Phone number'), '0821234567', missing);
    // A date field takes its parts as typed: month, day, year.
    await typeInto(page, page.getByLabel('Date of birth'), '01011980', missing);
    // Selects move with the arrow keys: the first identity type, then the third province.
    const identityType = page.getByLabel('Identity type');
    missing.push(...(await tabTo(page, identityType)));
    await page.keyboard.press('ArrowDown');
    expect(await identityType.inputValue()).toBe('national_id');
    await typeInto(page, page.getByLabel('ID number'), newNationalId(), missing);
    await typeInto(page, page.getByLabel('Residential address'), '7 Kerk Street, Mahikeng', missing);
    await typeInto(page, page.getByLabel('City or town (optional)'), 'Mahikeng', missing);
    const province = page.getByLabel('Province (optional)');
    missing.push(...(await tabTo(page, province)));
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowDown');
    expect(await province.inputValue()).toBe('Gauteng');
    missing.push(...(await tabTo(page, page.getByRole('button', { name: 'Save and Continue' }))));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Upload Photo', exact: true }).waitFor();

    expect(missing).toEqual([]);
  });

  it('pays an instalment, choosing the proof of payment with Enter', async () => {
    const token = await adminToken();
    const member = await createActiveMember('Tumelo Kgosi');
    const pool = await createOpenPool(token);
    const membership = await joinOverApi(member.token, pool, 2, 'monthly');
    await api('POST', `/api/admin/pool-requests/${membership.id}/approve`, undefined, token);
    const { instalmentCents } = joinFigures(pool, 2, 'monthly');
    const proof = await makeProofOfPayment(instalmentCents);

    const page = await newPage(DESKTOP);
    const missing: string[] = [];
    await signInWithKeyboard(page, member.email, member.password, missing);
    await page.goto('/payments');
    const form = page.getByRole('form', { name: 'Make a payment' });
    await form.waitFor();

    // Past the navigation with the skip link, then into the form.
    const method = form.getByLabel('Payment method');
    missing.push(...(await tabTo(page, page.getByRole('link', { name: 'Skip to main content' }), { limit: 1 })));
    await page.keyboard.press('Enter');
    missing.push(...(await tabTo(page, method)));
    await page.keyboard.press('ArrowDown');
    expect(await method.inputValue()).toBe(pool.paymentMethods[0]);
    // The amount starts at the next instalment; the keyboard leaves it as it is.
    expect(await form.getByLabel('Amount').inputValue()).toBe(
      `${Math.floor(instalmentCents / 100)}.${String(instalmentCents % 100).padStart(2, '0')}`,
    );

    const fileInput = form.getByLabel('Proof of payment file');
    missing.push(...(await tabTo(page, fileInput)));
    // The chooser is caught once the browser has been told to hand it over (one round trip later).
    const choosing = page.waitForEvent('filechooser');
    await page.evaluate(() => undefined);
    await page.keyboard.press('Enter');
    const chooser = await choosing;
    await chooser.setFiles({ name: proof.name, mimeType: proof.type, buffer: Buffer.from(proof.bytes) });
    // The upload's end is read out: the picker's status says the file is uploaded.
    await form.getByRole('status').filter({ hasText: 'Uploaded' }).waitFor();

    missing.push(...(await tabTo(page, form.getByRole('button', { name: 'Submit Payment' }))));
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `Payment of ${formatRand(instalmentCents)} submitted` })
      .waitFor();
    expect(missing).toEqual([]);
  });

  it('rejects a registration in a dialog: the focus goes in, comes back, and the decision is announced', async () => {
    const applicant = await submitRegistration('Refilwe Nkosi');
    const page = await newPage(DESKTOP);
    const missing: string[] = [];
    await signInWithKeyboard(page, ADMIN.email, ADMIN.password, missing);
    await page.goto(`/admin/members/pending/${applicant.id}`);
    const bar = page.getByRole('region', { name: 'Review decision' });
    const reject = bar.getByRole('button', { name: 'Reject' });
    await reject.waitFor();

    missing.push(...(await tabTo(page, reject, { limit: 80 })));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reject KYC' });
    await dialog.waitFor();
    await expectFocusIn(dialog);
    expect(await hasFocus(dialog.getByLabel('Reason for rejection'))).toBe(true);

    // Escape closes it and the focus is back on Reject.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction((element) => element === document.activeElement, await reject.elementHandle());
    expect((await readFocus(page))?.isIndicated).toBe(true);

    // Enter opens it again; a reason, an item to redo (Space), then Confirm.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expectFocusIn(dialog);
    await page.keyboard.type('The ID document is blurry. Please upload a clearer copy.');
    missing.push(...(await tabTo(page, dialog.getByRole('checkbox', { name: 'ID Document' }))));
    await page.keyboard.press('Space');
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'ID Document' }).isChecked()).toBe(true);
    // The focus stays in the dialog: Tab from the last checkbox reaches its buttons, not the page.
    missing.push(...(await tabTo(page, dialog.getByRole('button', { name: 'Confirm' }), { limit: 4 })));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('status').filter({ hasText: 'KYC rejected' }).waitFor();
    expect(missing).toEqual([]);
  });

  it.each([
    ['member', '/dashboard'],
    ['admin', '/admin'],
  ])('skips the %s navigation with the first Tab', async (area, path) => {
    const page = await newPage(DESKTOP);
    const missing: string[] = [];
    if (area === 'member') {
      const member = await createActiveMember('Dineo Phiri');
      await signInWithKeyboard(page, member.email, member.password, missing);
    } else {
      await signInWithKeyboard(page, ADMIN.email, ADMIN.password, missing);
    }
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    // Out of sight until it has the focus.
    const hidden = (await skip.boundingBox())!;
    expect(hidden.y + hidden.height).toBeLessThanOrEqual(0);

    await page.keyboard.press('Tab');
    expect(await hasFocus(skip)).toBe(true);
    expect((await readFocus(page))?.isIndicated).toBe(true);
    // Visible once focused (its slide in is a short transition).
    await page.waitForFunction(() => document.activeElement!.getBoundingClientRect().top >= 0);
    const shown = (await skip.boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(0);

    await page.keyboard.press('Enter');
    const main = page.getByRole('main');
    expect(await main.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe(path);
    // The next Tab lands inside the page, past the sidebar and the app bar.
    await page.keyboard.press('Tab');
    expect(await hasFocus(main)).toBe(true);
    expect(await page.locator('main').count()).toBe(1);
    expect(await page.locator('h1').count()).toBe(1);
    expect(missing).toEqual([]);
  });
});

describe('the skip link and a pointer', () => {
  it('stays out of sight when the focus reaches it after a tap or a click, not a key', async () => {
    const page = await newPage(DESKTOP);
    const member = await createActiveMember('Lindiwe Khumalo');
    await signInWithKeyboard(page, member.email, member.password, []);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    // As when a dialog opened by a tap closes and the focus goes back to the top of the page.
    await page.getByRole('heading', { level: 1 }).click();
    await skip.evaluate((element) => (element as HTMLElement).focus());
    expect(await hasFocus(skip)).toBe(true);
    const box = (await skip.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(0);
  });
});
