import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, MEMBER_PASSWORD, newEmail } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { describeViolations, findAccessibilityViolations } from '../../fixtures/axe.js';
import { api, registerOverApi, useBrowser } from '../../fixtures/browser.js';
import { adminToken, createActiveMember, createOpenPool, joinOverApi } from '../../fixtures/investing.js';
import { submitRegistration } from '../../fixtures/onboarding.js';

const newPage = useBrowser();
const widths = [375, 1280];
/** Each check opens and audits every page of its area in turn: a minute or two on a slow machine. */
const AUDIT_TIMEOUT_MS = 240_000;

const publicPages = ['/login', '/register'];
const memberPages = [
  '/dashboard',
  '/pools',
  '/investments',
  '/payments',
  '/transactions',
  '/statements',
  '/notifications',
  '/profile',
  '/settings',
];
const adminPages = [
  '/admin',
  '/admin/tasks',
  '/admin/members',
  '/admin/members/pending',
  '/admin/staff',
  '/admin/payments',
  '/admin/payments/pending',
  '/admin/pool-requests',
  '/admin/loans',
  '/admin/withdrawals/pending',
  '/admin/withdrawals',
  '/admin/expenses',
  '/admin/month-end',
  '/admin/exits',
  '/admin/notifications',
  '/admin/settings',
  '/admin/investment',
  '/admin/investment/create',
  '/admin/investment/income',
  '/admin/audit',
];

/** Opens each page, waits for it to settle, and collects axe's findings. */
async function audit(page: Page, urls: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const url of urls) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page
      .locator('[role="status"][aria-label^="Loading"], .MuiSkeleton-root')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    // The page itself was audited, not a redirect to sign-in or to another page.
    expect(new URL(page.url()).pathname).toBe(url);
    const findings = await findAccessibilityViolations(page);
    if (findings.length) failures.push(describeViolations(`${url} @${page.viewportSize()!.width}px`, findings));
  }
  return failures;
}

describe('accessibility (axe, every impact)', () => {
  it.each(widths)(
    'has no violation on the public pages at %i px',
    async (width) => {
      const page = await newPage({ width });
      const failures = await audit(page, publicPages);
      expect(failures.join('\n')).toBe('');
    },
    AUDIT_TIMEOUT_MS,
  );

  it.each(widths)(
    'has no violation on the wizard at %i px',
    async (width) => {
      const email = newEmail('a11y');
      await registerOverApi(email, MEMBER_PASSWORD);
      const page = await newPage({ width });
      await signIn(page, email, MEMBER_PASSWORD);
      const failures = await audit(page, ['/complete-registration']);
      expect(failures.join('\n')).toBe('');
    },
    AUDIT_TIMEOUT_MS,
  );

  it.each(widths)(
    'has no violation on the member pages at %i px',
    async (width) => {
      const member = await createActiveMember('Naledi Khumalo');
      const pool = await createOpenPool(await adminToken());
      await joinOverApi(member.token, pool, 2, 'monthly');
      const page = await newPage({ width });
      await signIn(page, member.email, member.password);
      const failures = await audit(page, [...memberPages, `/pools/${pool.id}`]);
      expect(failures.join('\n')).toBe('');
    },
    AUDIT_TIMEOUT_MS,
  );

  it.each(widths)(
    'has no violation on the admin pages at %i px',
    async (width) => {
      const applicant = await submitRegistration('Palesa Mahlangu');
      const token = await adminToken();
      const pool = await createOpenPool(token);
      // A suspended admin, so that the staff list shows that state whatever ran before.
      const suspended = await api<{ id: string }>(
        'POST',
        '/api/admin/staff',
        {
          fullName: 'Kagiso Suspended',
          email: newEmail('suspended'),
          phoneNumber: '0831234567',
          password: 'a-staff-password',
          roles: ['payment_management'],
        },
        token,
      );
      await api('DELETE', `/api/admin/staff/${suspended.id}`, undefined, token);
      const page = await newPage({ width });
      await signIn(page, ADMIN.email, ADMIN.password);
      const failures = await audit(page, [
        ...adminPages,
        `/admin/members/pending/${applicant.id}`,
        `/admin/members/${applicant.id}`,
        `/admin/pools/${pool.id}/edit`,
      ]);
      expect(failures.join('\n')).toBe('');
    },
    AUDIT_TIMEOUT_MS,
  );
});
