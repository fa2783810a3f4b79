import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MEMBER_PASSWORD, newEmail } from '../../fixtures/accounts.js';
import { signIn } from '../../fixtures/auth.js';
import { auditOpen, auditPages, dialogFrom, type Surface } from '../../fixtures/axe.js';
import { api, registerOverApi, useBrowser } from '../../fixtures/browser.js';
import {
  adminToken,
  createActiveMember,
  createOpenPool,
  joinOverApi,
  makeProofOfPayment,
  payOverApi,
} from '../../fixtures/investing.js';
import { makePdf, submitRegistration, uploadFile } from '../../fixtures/onboarding.js';
import { inviteStaffOverApi } from '../../fixtures/staff.js';
import { savePayoutAccountOverApi } from '../../fixtures/payout-account.js';

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

/** The app bar's own surfaces, the same in both areas. */
const shellSurfaces = (url: string): Surface[] => [
  {
    name: 'the user menu',
    url,
    open: async (page) => {
      await page.getByRole('button', { name: 'Open user menu' }).click();
      await page.getByRole('dialog', { name: 'User menu' }).getByRole('menu').waitFor();
    },
  },
  {
    name: 'the notifications popover',
    url,
    open: async (page) => {
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    },
  },
];

/** The code an authenticator app shows for `secret` now. */
function appCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

/** An admin with the given roles, created by the super admin; answers their name and token. */
async function createStaff(token: string, fullName: string, roles: string[]) {
  // Longer than a phone's line: dialogs that name the admin must wrap it, not scroll sideways.
  const email = newEmail('staff.reviewer.with.a.long.address');
  const password = 'a-staff-password-for-tests';
  const staff = await inviteStaffOverApi({ fullName, email, password, roles }, token);
  return { id: staff.id, fullName, token: staff.token };
}

/** An expense recorded by `token` today, with its receipt. */
async function recordExpense(token: string, poolId: string, description: string) {
  const receiptUrl = await uploadFile(token, 'expense-receipt', makePdf('receipt.pdf'));
  return api<{ id: string }>(
    'POST',
    '/api/admin/expenses',
    {
      category: 'administrative',
      amount: 25,
      date: new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Johannesburg' }),
      poolId,
      description,
      receiptUrl,
    },
    token,
  );
}

describe('accessibility (axe, every impact)', () => {
  it.each(widths)(
    'has no violation on the public pages at %i px',
    async (width) => {
      const page = await newPage({ width });
      const failures = await auditPages(page, publicPages);
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
      const failures = await auditPages(page, ['/complete-registration']);
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
      const failures = await auditPages(page, [...memberPages, `/pools/${pool.id}`]);
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
      const suspended = await inviteStaffOverApi(
        {
          fullName: 'Kagiso Suspended',
          email: newEmail('suspended'),
          password: 'a-staff-password',
          roles: ['payment_management'],
        },
        token,
      );
      await api('DELETE', `/api/admin/staff/${suspended.id}`, undefined, token);
      const page = await newPage({ width });
      await signIn(page, ADMIN.email, ADMIN.password);
      const failures = await auditPages(page, [
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

describe('accessibility with dialogs, menus and drawers open (axe, every impact)', () => {
  describe('member', () => {
    let member: { email: string; password: string; token: string };

    beforeAll(async () => {
      const token = await adminToken();
      member = await createActiveMember('Ayanda Zulu');
      const pool = await createOpenPool(token);
      const membership = await joinOverApi(member.token, pool, 2, 'monthly');
      await api('POST', `/api/admin/pool-requests/${membership.id}/approve`, undefined, token);
      // A saved payout account, so that the exit can be asked for.
      await savePayoutAccountOverApi(member, {
        bankId: 'fnb',
        accountHolder: 'Ayanda Zulu',
        accountNumber: '62012345678',
      });
      // Two-factor on, so that Settings offers turning it off and new recovery codes.
      const setup = await api<{ secret: string }>('POST', '/api/auth/mfa/setup', undefined, member.token);
      await api('POST', '/api/auth/mfa/enable', { code: appCode(setup.secret) }, member.token);
    }, AUDIT_TIMEOUT_MS);

    it.each(widths)(
      'has no violation with the member dialogs open at %i px',
      async (width) => {
        const page = await newPage({ width });
        // Signed in with the session made at registration: the second factor was turned on after it.
        await page.goto('/login');
        await page.evaluate((token) => localStorage.setItem('token', token), member.token);
        const proof = await makeProofOfPayment(1000_00);
        const failures = await auditOpen(page, [
          ...shellSurfaces('/dashboard'),
          { name: 'the exit request', url: '/investments', open: dialogFrom({ name: 'Request exit' }, 'Request exit') },
          {
            name: 'the correction request',
            url: '/profile',
            open: dialogFrom({ name: 'Ask for a correction' }, /correction/i),
          },
          {
            name: 'changing the payout account, its bank picked and its branch code filled in',
            url: '/profile',
            open: async (p) => {
              await p.getByRole('button', { name: 'Change payout account' }).click();
              const form = p.getByRole('dialog', { name: /Change payout account/ });
              await form.getByLabel('Bank').selectOption({ label: 'Capitec' });
              await form.getByText('Capitec’s universal branch code').waitFor();
            },
          },
          {
            name: 'signing out everywhere',
            url: '/settings',
            open: dialogFrom({ name: 'Sign out everywhere' }, 'Sign out everywhere?'),
          },
          {
            name: 'turning two-factor off',
            url: '/settings',
            open: dialogFrom({ name: 'Turn off' }, /two-factor/i),
          },
          {
            name: 'new recovery codes',
            url: '/settings',
            open: dialogFrom({ name: 'New recovery codes' }, /recovery codes/i),
          },
          {
            name: 'an uploaded proof of payment',
            url: '/payments',
            open: async (p) => {
              await p
                .getByLabel('Proof of payment file')
                .setInputFiles({ name: proof.name, mimeType: proof.type, buffer: Buffer.from(proof.bytes) });
              await p.getByText('Uploaded', { exact: true }).waitFor();
            },
          },
        ]);
        expect(failures.join('\n')).toBe('');
      },
      AUDIT_TIMEOUT_MS,
    );
  });

  describe('admin', () => {
    const seeded = {
      applicantId: '',
      memberId: '',
      staffName: 'Zanele Reviewer',
      requester: 'Mpho Requester',
      payer: 'Bongani Payer',
      leaver: 'Lindiwe Leaver',
    };

    beforeAll(async () => {
      const token = await adminToken();
      const pool = await createOpenPool(token);
      const [applicant, requester, payer, leaver, staff] = await Promise.all([
        submitRegistration('Palesa Mahlangu'),
        createActiveMember(seeded.requester),
        createActiveMember(seeded.payer),
        createActiveMember(seeded.leaver),
        createStaff(token, seeded.staffName, ['expense_management']),
      ]);
      seeded.applicantId = applicant.id;
      seeded.memberId = requester.id;
      // A request to join, waiting for a decision; and a correction the requester asked for.
      await joinOverApi(requester.token, pool, 1, 'monthly');
      await api(
        'POST',
        '/api/auth/corrections',
        { field: 'address', message: 'I moved to 8 Mandela Drive, Polokwane.' },
        requester.token,
      );
      // A payment waiting for a decision, and an exit asked for, each by an approved member.
      for (const member of [payer, leaver]) {
        const membership = await joinOverApi(member.token, pool, 2, 'monthly');
        await api('POST', `/api/admin/pool-requests/${membership.id}/approve`, undefined, token);
      }
      await payOverApi(payer.token, pool.id, 1000_00, 'EFT / bank transfer');
      await savePayoutAccountOverApi(leaver, { bankId: 'absa', accountHolder: 'Leaver', accountNumber: '4051234567' });
      await api('POST', '/api/exits', { poolId: pool.id, reason: 'We are moving to another province.' }, leaver.token);
      // Expenses recorded by another admin: one waiting for a decision, one approved (it can be reversed).
      await recordExpense(staff.token, pool.id, 'Printer paper for the office');
      const approved = await recordExpense(staff.token, pool.id, 'Courier of the signed forms');
      await api('POST', `/api/admin/expenses/${approved.id}/approve`, undefined, token);
    }, AUDIT_TIMEOUT_MS);

    it.each(widths)(
      'has no violation with the review and staff dialogs open at %i px',
      async (width) => {
        const page = await newPage({ width });
        await signIn(page, ADMIN.email, ADMIN.password);
        const review = `/admin/members/pending/${seeded.applicantId}`;
        const failures = await auditOpen(page, [
          { name: 'approving KYC', url: review, open: dialogFrom({ name: 'Approve', exact: true }, 'Approve KYC?') },
          { name: 'rejecting KYC', url: review, open: dialogFrom({ name: 'Reject', exact: true }, 'Reject KYC') },
          {
            name: 'the file viewer',
            url: review,
            open: dialogFrom({ name: 'View ID Document full screen' }, 'ID Document'),
          },
          {
            name: 'suspending a member',
            url: `/admin/members/${seeded.memberId}`,
            open: dialogFrom({ name: 'Suspend', exact: true }, /Suspend this member/),
          },
          {
            name: 'creating an admin',
            url: '/admin/staff',
            open: dialogFrom({ name: 'Add Admin User' }, /Invite Admin User/),
          },
          {
            name: 'editing an admin',
            url: '/admin/staff',
            open: dialogFrom({ name: `Edit ${seeded.staffName}` }, /Edit Admin User/),
          },
          {
            name: 'confirming a change of roles with the password',
            url: '/admin/staff',
            open: async (p) => {
              await p
                .getByRole('button', { name: `Edit ${seeded.staffName}` })
                .first()
                .click();
              const edit = p.getByRole('dialog', { name: /Edit Admin User/ });
              await edit.getByRole('checkbox', { name: 'Audit' }).check();
              await edit.getByRole('button', { name: 'Save Changes' }).click();
              await p.getByRole('dialog', { name: /Confirm with your password/ }).waitFor();
            },
          },
          {
            name: 'suspending an admin',
            url: '/admin/staff',
            open: dialogFrom({ name: `Suspend ${seeded.staffName}` }, 'Suspend admin user?'),
          },
        ]);
        expect(failures.join('\n')).toBe('');
      },
      AUDIT_TIMEOUT_MS,
    );

    it.each(widths)(
      'has no violation with the queue and books dialogs open at %i px',
      async (width) => {
        const page = await newPage({ width });
        await signIn(page, ADMIN.email, ADMIN.password);
        const failures = await auditOpen(page, [
          {
            name: 'rejecting a pool request',
            url: '/admin/pool-requests',
            open: dialogFrom({ name: `Reject request from ${seeded.requester}` }, 'Reject membership request'),
          },
          {
            name: 'rejecting a payment',
            url: '/admin/payments/pending',
            open: dialogFrom({ name: `Reject payment from ${seeded.payer}` }, 'Reject payment'),
          },
          {
            name: 'approving a payment with its proof in view',
            url: '/admin/payments/pending',
            open: async (p) => {
              await p
                .getByRole('button', { name: `Approve payment from ${seeded.payer}` })
                .first()
                .click();
              const review = p.getByRole('dialog', { name: `Review payment from ${seeded.payer}` });
              await review.getByRole('img', { name: `Proof of payment from ${seeded.payer}` }).waitFor();
            },
          },
          {
            name: 'the proof of payment viewer',
            url: '/admin/payments/pending',
            open: dialogFrom(
              { name: `View proof of payment from ${seeded.payer}` },
              `Proof of payment from ${seeded.payer}`,
            ),
          },
          {
            name: 'recording an expense',
            url: '/admin/expenses',
            open: dialogFrom({ name: 'Record expense' }, /Record an expense/),
          },
          {
            name: 'rejecting an expense',
            url: '/admin/expenses',
            open: dialogFrom({ name: 'Reject', exact: true }, 'Reject expense'),
          },
          {
            name: 'asking to reverse an expense',
            url: '/admin/expenses',
            open: dialogFrom({ name: 'Ask to reverse', exact: true }, /Ask to reverse this record/),
          },
          {
            name: 'recording income',
            url: '/admin/investment/income',
            open: dialogFrom({ name: 'Record income' }, /Record income/),
          },
          {
            name: 'preparing an early settlement',
            url: '/admin/exits',
            open: async (p) => {
              const exit = p.getByRole('listitem', { name: `Exit of ${seeded.leaver}` });
              await exit.getByRole('button', { name: 'Prepare early settlement' }).click();
              await p.getByRole('dialog', { name: 'Prepare an early settlement' }).waitFor();
            },
          },
          {
            name: 'rejecting an exit',
            url: '/admin/exits',
            open: async (p) => {
              const exit = p.getByRole('listitem', { name: `Exit of ${seeded.leaver}` });
              await exit.getByRole('button', { name: 'Reject' }).click();
              await p.getByRole('dialog', { name: 'Reject exit request' }).waitFor();
            },
          },
          {
            name: 'answering a correction request',
            url: '/admin/tasks',
            open: async (p) => {
              const request = p
                .getByRole('list', { name: 'Correction requests' })
                .getByRole('listitem')
                .filter({ hasText: seeded.requester });
              await request.getByRole('button', { name: /^Answer/ }).click();
              await p.getByRole('dialog').waitFor();
            },
          },
        ]);
        expect(failures.join('\n')).toBe('');
      },
      AUDIT_TIMEOUT_MS,
    );

    it.each(widths)(
      'has no violation with the admin shell’s menus and drawer open at %i px',
      async (width) => {
        const page = await newPage({ width });
        await signIn(page, ADMIN.email, ADMIN.password);
        const failures = await auditOpen(page, [
          ...shellSurfaces('/admin'),
          {
            name: 'the navigation drawer',
            url: '/admin',
            widths: [375],
            open: async (p) => {
              await p.getByRole('button', { name: 'Open navigation' }).click();
              await p.getByRole('button', { name: 'Close navigation' }).waitFor();
            },
          },
        ]);
        expect(failures.join('\n')).toBe('');
      },
      AUDIT_TIMEOUT_MS,
    );
  });
});
