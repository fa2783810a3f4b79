import { dayOf, daysBetween, periodOf } from '@letsema/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../fixtures/auth.js';
import { auditOpen, dialogFrom } from '../../fixtures/axe.js';
import { api, useBrowser } from '../../fixtures/browser.js';
import { adminToken, createActiveMember, createOpenPool, joinOverApi, payOverApi } from '../../fixtures/investing.js';
import { loginOverApi, makePdf, uploadFile } from '../../fixtures/onboarding.js';
import { useOwnServer } from '../../fixtures/own-server.js';

const newPage = useBrowser();
const widths = [375, 1280];
const AUDIT_TIMEOUT_MS = 240_000;
const CHECKER = { email: 'payouts-checker@letsema.test', password: 'a-payouts-checker-password' };

/**
 * The withdrawal form and the payout dialog need returns allocated at a month end: the member pays
 * on the 10th of last month (the server's clock moved back for that), the month is then closed
 * from today with the pool's interest in it.
 */
const today = dayOf(new Date());
const closing = periodOf(new Date(Date.parse(`${today.slice(0, 7)}-01T12:00:00+02:00`) - 24 * 60 * 60 * 1000));
const paidOn = `${closing}-10`;

describe('accessibility of the payout dialogs (axe, every impact)', () => {
  let member: { email: string; password: string };
  const own = useOwnServer('a11y-payouts');

  beforeAll(async () => {
    await own.start(-daysBetween(paidOn, today));
    const token = await adminToken();
    const pool = await createOpenPool(token);
    const created = await createActiveMember('Kabelo Mokoena');
    member = created;
    const membership = await joinOverApi(created.token, pool, 1, 'once');
    await api('POST', `/api/admin/pool-requests/${membership.id}/approve`, undefined, token);
    const payment = await payOverApi(created.token, pool.id, 100_000, 'EFT / bank transfer');
    await api('POST', `/api/admin/payments/${payment.id}/approve`, undefined, token);
    await api(
      'POST',
      '/api/admin/staff',
      {
        fullName: 'Naledi Checker',
        email: CHECKER.email,
        phoneNumber: '0831234567',
        password: CHECKER.password,
        roles: ['investment_management', 'month_end', 'exit_requests'],
      },
      token,
    );
    await own.stop();
    await own.start(0);

    const checker = await loginOverApi(CHECKER.email, CHECKER.password);
    const proofUrl = await uploadFile(token, 'income-proof', makePdf('interest.pdf'));
    const income = await api<{ id: string }>(
      'POST',
      '/api/admin/income',
      {
        category: 'interest',
        amount: 200,
        date: `${closing}-15`,
        poolId: pool.id,
        description: 'Money-market interest',
        proofUrl,
      },
      token,
    );
    await api('POST', `/api/admin/income/${income.id}/approve`, undefined, checker);
    await api('POST', `/api/admin/month-end/${closing}/lock`, undefined, token);
    const state = await api<{ bank: { ledgerBalance: number } }>(
      'GET',
      `/api/admin/month-end/${closing}`,
      undefined,
      token,
    );
    const statementUrl = await uploadFile(token, 'bank-statement', makePdf('statement.pdf'));
    await api(
      'POST',
      `/api/admin/month-end/${closing}/reconcile`,
      { bankClosingBalance: state.bank.ledgerBalance, bankStatementUrl: statementUrl },
      token,
    );
    await api('POST', `/api/admin/month-end/${closing}/calculate`, undefined, token);
    await api('POST', `/api/admin/month-end/${closing}/allocate`, undefined, checker);
    await api('POST', `/api/admin/month-end/${closing}/reports`, undefined, token);
    await api('POST', `/api/admin/month-end/${closing}/close`, undefined, token);

    // Two withdrawals: one approved by the super admin (the checker pays it), one still asked for.
    const bank = { accountHolder: 'K Mokoena', bankName: 'Capitec', accountNumber: '1234567890', branchCode: '470010' };
    const approved = await api<{ id: string }>(
      'POST',
      '/api/withdrawals',
      { poolId: pool.id, amount: 50, ...bank },
      created.token,
    );
    await api('POST', `/api/admin/withdrawals/${approved.id}/approve`, undefined, token);
    await api('POST', '/api/withdrawals', { poolId: pool.id, amount: 20, ...bank }, created.token);
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
