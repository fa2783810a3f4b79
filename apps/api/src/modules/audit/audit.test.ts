import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  registerMember,
  seedAdmin,
  TEST_PASSWORD,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { auditLog } from '../../db/schema.js';
import { csvCell } from './service.js';

let t: TestContext;
let auditor: string;
beforeAll(async () => {
  t = await createTestApp();
  auditor = await login(t.app, (await seedAdmin(t.db, { roles: ['audit'] })).email);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = auditor) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
type Page = {
  entries: { action: string; targetId: string; actor: { email: string } | null; at: string; outcome: string | null }[];
  pagination: { total: number; totalPages: number; page: number };
};

describe(`the audit viewer (${testEngine})`, () => {
  it('filters by actor, subject, action and dates, pages with totals, and is read-only for the audit role', async () => {
    const member = await registerMember(t.app);
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: 'nope' },
      });
    }
    await login(t.app, member.email, TEST_PASSWORD);
    // Two rows from last year, written as they were then.
    await t.db.insert(auditLog).values([
      {
        actorId: member.userId,
        action: 'payment.approve',
        targetType: 'payment',
        targetId: 'pay-1',
        createdAt: new Date('2025-03-10T09:00:00Z'),
      },
      {
        actorId: null,
        action: 'payment.reject',
        targetType: 'payment',
        targetId: 'pay-2',
        createdAt: new Date('2025-03-31T23:30:00Z'),
      },
    ]);

    const bySubject = dataOf<Page>(await get(`/api/admin/audit?subject=${member.userId}&limit=2`));
    expect(bySubject.pagination.total).toBe(4);
    expect(bySubject.pagination.totalPages).toBe(2);
    expect(bySubject.entries).toHaveLength(2);
    expect(bySubject.entries[0]!.action).toBe('auth.sign_in');
    expect(bySubject.entries[0]!.outcome).toBe('success');
    const second = dataOf<Page>(await get(`/api/admin/audit?subject=${member.userId}&limit=2&page=2`));
    expect(second.entries.map((e) => e.outcome)).toEqual(['failure', 'failure']);

    const failures = dataOf<Page>(await get(`/api/admin/audit?subject=${member.userId}&action=auth.sign_in`));
    expect(failures.pagination.total).toBe(4);
    const byActor = dataOf<Page>(await get(`/api/admin/audit?actor=${member.userId}`));
    expect(byActor.entries.every((e) => e.actor?.email === member.email)).toBe(true);
    const byEmail = dataOf<Page>(await get(`/api/admin/audit?actor=${encodeURIComponent(member.email.toUpperCase())}`));
    expect(byEmail.pagination.total).toBe(byActor.pagination.total);

    // Days are Johannesburg days: 23:30 UTC on 31 March is already 1 April there.
    const march = dataOf<Page>(await get('/api/admin/audit?action=payment.&from=2025-03-01&to=2025-03-31'));
    expect(march.entries.map((e) => e.targetId)).toEqual(['pay-1']);
    const april = dataOf<Page>(await get('/api/admin/audit?action=payment.&from=2025-04-01&to=2025-04-01'));
    expect(april.entries.map((e) => e.targetId)).toEqual(['pay-2']);

    const badRange = await get('/api/admin/audit?from=2025-04-02&to=2025-04-01');
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().error).toBe('The start date must be on or before the end date');

    // Members and other roles see nothing; the auditor's role lets them change nothing.
    expect((await get('/api/admin/audit', member.token)).statusCode).toBe(403);
    const cashier = await login(t.app, (await seedAdmin(t.db, { roles: ['payment_management'] })).email);
    expect((await get('/api/admin/audit', cashier)).statusCode).toBe(403);
    expect((await get('/api/admin/staff')).statusCode).toBe(403);
    const superAdmin = await login(
      t.app,
      (await seedAdmin(t.db, { superAdmin: true, roles: ['staff_management'] })).email,
    );
    expect((await get('/api/admin/audit', superAdmin)).statusCode).toBe(200);
  });

  it('exports the filtered view as CSV that a spreadsheet cannot run', async () => {
    await t.db.insert(auditLog).values({
      actorId: null,
      action: 'export.check',
      targetType: 'note',
      targetId: '=HYPERLINK("http://evil.example")',
      after: { note: 'a "quoted" value' },
    });
    const csv = await get('/api/admin/audit/export?action=export.');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="letsema-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,actor,action,subject type,subject,outcome,address,browser,before,after');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[1]).toContain('"{""note"":""a \\""quoted\\"" value""}"');
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell('plain')).toBe('"plain"');
  });
});
