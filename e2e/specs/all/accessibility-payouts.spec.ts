import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../fixtures/auth.js';
import { auditOpen, dialogFrom } from '../../fixtures/axe.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import { useOwnServer } from '../../fixtures/own-server.js';
import { savePayoutAccountOverApi } from '../../fixtures/payout-account.js';
import { setUpMemberWithReturns } from '../../fixtures/returns.js';

const newPage = useBrowser();
const widths = [375, 1280];
const AUDIT_TIMEOUT_MS = 240_000;
const CHECKER = { email: 'payouts-checker@letsema.test', password: 'a-payouts-checker-password' };

describe('accessibility of the payout dialogs (axe, every impact)', () => {
  let member: { email: string; password: string };
  const own = useOwnServer('a11y-payouts');

  beforeAll(async () => {
    // The withdrawal form and the payout dialog need returns allocated at a month end.
    const { member: created, pool, adminToken: token } = await setUpMemberWithReturns(own, CHECKER);
    member = created;

    // Two withdrawals into the member's payout account: one approved by the super admin (the checker
    // pays it), one still asked for.
    await savePayoutAccountOverApi(created, {
      bankId: 'capitec',
      accountHolder: 'K Mokoena',
      accountNumber: '1234567890',
    });
    const approved = await api<{ id: string }>(
      'POST',
      '/api/withdrawals',
      { poolId: pool.id, amount: 50 },
      created.token,
    );
    await api('POST', `/api/admin/withdrawals/${approved.id}/approve`, undefined, token);
    await api('POST', '/api/withdrawals', { poolId: pool.id, amount: 20 }, created.token);
  }, AUDIT_TIMEOUT_MS);

  it.each(widths)(
    'has no violation with the withdrawal form open at %i px',
    async (width) => {
      const page = await newPage({ width, baseURL: own.baseUrl });
      await signIn(page, member.email, member.password);
      const failures = await auditOpen(page, [
        {
          name: 'the withdrawal form',
          url: '/investments',
          open: dialogFrom({ name: 'Withdraw returns' }, 'Withdraw'),
        },
      ]);
      expect(failures.join('\n')).toBe('');
    },
    AUDIT_TIMEOUT_MS,
  );

  it.each(widths)(
    'has no violation with the withdrawal decisions open at %i px',
    async (width) => {
      const page = await newPage({ width, baseURL: own.baseUrl });
      await signIn(page, CHECKER.email, CHECKER.password);
      const failures = await auditOpen(page, [
        {
          name: 'paying a withdrawal with its proof',
          url: '/admin/withdrawals',
          open: dialogFrom({ name: 'Mark paid' }, 'Mark the withdrawal paid'),
        },
        {
          name: 'rejecting a withdrawal',
          url: '/admin/withdrawals',
          open: dialogFrom({ name: 'Reject', exact: true }, 'Reject withdrawal'),
        },
      ]);
      expect(failures.join('\n')).toBe('');
    },
    AUDIT_TIMEOUT_MS,
  );
});
