import { contributionCalendar, instalmentPosition, type AdminRole } from '@letsema/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, seedActiveMember, seedAdmin, type TestContext } from '../../../test/app.js';
import { createCalls } from '../../../test/calls.js';
import { joinOk, submitPayment } from '../../../test/investing.js';
import { seedOpenPool, type PoolAnswer } from '../../../test/pools.js';
import { contributionInstalments, memberships } from '../../db/schema.js';
import { statusSql } from './service.js';

let now = new Date('2026-03-05T09:00:00+02:00');
const at = (iso: string) => {
  now = new Date(iso);
};
let t: TestContext;
const { call, okData } = createCalls(() => t.app);

type Member = { id: string; token: string; membershipId: string };
let manager: string;
let cashier: string;
let memberDesk: string;
let growth: PoolAnswer;
let savings: PoolAnswer;
let ayanda: Member; // monthly R 100 x 12 in Growth, pays the first
let bongani: Member; // monthly R 100 x 12 in Growth, pays R 250: one paid, one in advance, one part-paid
let carol: Member; // quarterly R 300 x 4 in Savings, pays nothing
let edith: Member; // once R 100 in Savings, pays it all
let pendingToken: string; // asked to join, not approved

interface RegisterPage {
  month: string;
  rows: {
    memberName: string;
    memberNumber: string;
    status: string;
    amount: number;
    paid: number;
    outstanding: number;
    dueOn: string;
    daysOverdue: number;
    number: number;
    instalments: number;
  }[];
  totals: {
    instalments: number;
    due: number;
    paid: number;
    outstanding: number;
    overdue: number;
    inAdvance: number;
    counts: Record<string, number>;
  };
  pagination: { page: number; limit: number; total: number; totalPages: number };
}
interface ArrearsPage {
  rows: {
    memberName: string;
    poolName: string;
    overdue: number;
    instalments: number;
    oldestDueOn: string;
    daysOverdue: number;
  }[];
  totals: { members: number; overdue: number };
  pagination: { total: number };
}
interface MyContributions {
  today: string;
  calendars: {
    poolName: string;
    isFullyPaid: boolean;
    next: { dueOn: string; amount: number } | null;
    overdue: { amount: number; since: string; days: number; instalments: number } | null;
    instalments: { status: string }[];
  }[];
}

async function pay(member: { token: string }, pool: PoolAnswer, amount: number) {
  const response = await submitPayment(t.app, member.token, pool.id, amount);
  expect(response.statusCode, response.body).toBe(201);
  const payment = (response.json() as { data: { id: string } }).data;
  await okData(call('POST', `/api/admin/payments/${payment.id}/approve`, cashier));
}

async function approvedMember(name: string, pool: PoolAnswer, shares: number, plan: string): Promise<Member> {
  const row = await seedActiveMember(t.db, { fullName: name, nationalId: '8001015009087' });
  const token = await login(t.app, row.email);
  const joined = await joinOk(t.app, token, pool, shares, plan);
  await okData(call('POST', `/api/admin/pool-requests/${joined.id}/approve`, manager));
  return { id: row.id, token, membershipId: joined.id };
}

const register = (query: string, token = cashier) =>
  okData<RegisterPage>(call('GET', `/api/admin/contributions?${query}`, token));
const arrears = (query = '') => okData<ArrearsPage>(call('GET', `/api/admin/arrears?${query}`, cashier));
const mine = (member: { token: string }) =>
  okData<MyContributions>(call('GET', '/api/payments/my-contributions', member.token));

beforeAll(async () => {
  t = await createTestApp({}, {}, { clock: () => now });
  const admin = async (roles: AdminRole[]) => login(t.app, (await seedAdmin(t.db, { roles })).email);
  manager = await admin(['investment_management']);
  cashier = await admin(['payment_management']);
  memberDesk = await admin(['member_management']);
  // Shares of R 100.00 over twelve months.
  growth = await seedOpenPool(t.app, manager, { name: 'Growth Pool', totalShares: 10_000 });
  savings = await seedOpenPool(t.app, manager, {
    name: 'Savings Pool',
    totalShares: 10_000,
    paymentFrequencies: ['quarterly', 'once'],
  });
  ayanda = await approvedMember('Ayanda Zulu', growth, 12, 'monthly');
  bongani = await approvedMember('Bongani Khumalo', growth, 12, 'monthly');
  carol = await approvedMember('Carol Adams', savings, 12, 'quarterly');
  edith = await approvedMember('Edith Nkosi', savings, 1, 'once');
  await pay(ayanda, growth, 100);
  await pay(bongani, growth, 250);
  await pay(edith, savings, 100);
  const pending = await seedActiveMember(t.db, { fullName: 'Dumi Pending' });
  pendingToken = await login(t.app, pending.email);
  await joinOk(t.app, pendingToken, growth, 1, 'monthly');
});
afterAll(async () => {
  await t?.close();
});

describe('the calendar written with the approval', () => {
  it('starts on the books’ day of the approval and steps by the plan', async () => {
    const rows = await t.db
      .select()
      .from(contributionInstalments)
      .where(eq(contributionInstalments.membershipId, carol.membershipId))
      .orderBy(asc(contributionInstalments.number));
    expect(rows.map((r) => [r.dueOn, r.amountCents, r.cumulativeCents])).toEqual([
      ['2026-03-05', 30_000, 30_000],
      ['2026-06-05', 30_000, 60_000],
      ['2026-09-05', 30_000, 90_000],
      ['2026-12-05', 30_000, 120_000],
    ]);
  });
});

describe('the contributions register', () => {
  it('lists the month’s instalments member by member, with totals over everything that matches', async () => {
    const march = await register('month=2026-03');
    expect(march.rows.map((r) => [r.memberName, r.status, r.amount, r.paid])).toEqual([
      ['Ayanda Zulu', 'paid', 100, 100],
      ['Bongani Khumalo', 'paid', 100, 100],
      ['Carol Adams', 'due', 300, 0],
      ['Edith Nkosi', 'paid', 100, 100],
    ]);
    expect(march.totals).toMatchObject({ instalments: 4, due: 600, paid: 300, outstanding: 300, overdue: 0 });
    expect(march.rows[0]).toMatchObject({ number: 1, instalments: 12, dueOn: '2026-03-05' });
    expect(march.rows[0]!.memberNumber).toBe(ayanda.id.slice(0, 8).toUpperCase());

    const may = await register('month=2026-05');
    expect(may.rows.map((r) => [r.memberName, r.status, r.paid])).toEqual([
      ['Ayanda Zulu', 'due', 0],
      ['Bongani Khumalo', 'part_paid', 50],
    ]);
    const april = await register('month=2026-04');
    expect(april.rows.map((r) => [r.memberName, r.status])).toEqual([
      ['Ayanda Zulu', 'due'],
      ['Bongani Khumalo', 'in_advance'],
    ]);
    expect(april.totals).toMatchObject({ inAdvance: 100, counts: { in_advance: 1, due: 1, overdue: 0 } });
  });

  it('defaults to the books’ month, filters by pool, status and name or member number, and pages', async () => {
    expect((await register('')).month).toBe('2026-03');
    const growthOnly = await register(`month=2026-03&poolId=${savings.id}`);
    expect(growthOnly.rows.map((r) => r.memberName)).toEqual(['Carol Adams', 'Edith Nkosi']);
    const due = await register('month=2026-03&status=due');
    expect(due.rows.map((r) => r.memberName)).toEqual(['Carol Adams']);
    expect(due.totals).toMatchObject({ instalments: 1, due: 300, paid: 0 });
    expect((await register('month=2026-03&search=bongani')).rows.map((r) => r.memberName)).toEqual(['Bongani Khumalo']);
    const byNumber = await register(`month=2026-03&search=${carol.id.slice(0, 8).toUpperCase()}`);
    expect(byNumber.rows.map((r) => r.memberName)).toEqual(['Carol Adams']);

    const second = await register('month=2026-03&limit=3&page=2');
    expect(second.rows.map((r) => r.memberName)).toEqual(['Edith Nkosi']);
    expect(second.pagination).toEqual({ page: 2, limit: 3, total: 4, totalPages: 2 });
    expect(second.totals).toMatchObject({ instalments: 4, due: 600, paid: 300 });
  });

  it('refuses a month written otherwise', async () => {
    const response = await call('GET', '/api/admin/contributions?month=March', cashier);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Choose a month as YYYY-MM' });
  });

  it('exports what matches as CSV, amounts in rand, without ID numbers', async () => {
    const response = await call('GET', '/api/admin/contributions/export?month=2026-03&poolId=' + growth.id, cashier);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('letsema-contributions-2026-03.csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Member number,Member,Pool,Instalment,Due date,Amount (R),Paid (R),Outstanding (R),Status,Days overdue',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      `${ayanda.id.slice(0, 8).toUpperCase()},Ayanda Zulu,Growth Pool,1 of 12,"Mar 5, 2026",100.00,100.00,0.00,Paid,0`,
    );
    expect(response.body).not.toContain('8001015009087');
  });

  it('is for the payments desk only: a member or another admin is refused', async () => {
    for (const token of [ayanda.token, memberDesk]) {
      for (const url of ['/api/admin/contributions', '/api/admin/contributions/export', '/api/admin/arrears']) {
        expect((await call('GET', url, token)).statusCode).toBe(403);
      }
    }
  });
});

describe('a late payer as the books’ day passes the due date', () => {
  it('is due on the day, and overdue from the next day in the register, the arrears list and their own calendar', async () => {
    at('2026-04-05T12:00:00+02:00');
    expect((await register('month=2026-04&status=overdue')).rows).toEqual([]);
    expect((await mine(ayanda)).calendars[0]!.next).toEqual({ number: 2, dueOn: '2026-04-05', amount: 100 });

    at('2026-04-06T00:30:00+02:00');
    const overdue = await register('month=2026-04&status=overdue');
    expect(overdue.rows.map((r) => [r.memberName, r.outstanding, r.daysOverdue])).toEqual([['Ayanda Zulu', 100, 1]]);
    expect(overdue.totals).toMatchObject({ overdue: 100, counts: { overdue: 1 } });

    const behind = await arrears();
    expect(
      behind.rows.map((r) => [r.memberName, r.poolName, r.overdue, r.instalments, r.oldestDueOn, r.daysOverdue]),
    ).toEqual([
      ['Carol Adams', 'Savings Pool', 300, 1, '2026-03-05', 32],
      ['Ayanda Zulu', 'Growth Pool', 100, 1, '2026-04-05', 1],
    ]);
    expect(behind.totals).toEqual({ members: 2, overdue: 400 });
    expect((await arrears(`poolId=${growth.id}`)).rows.map((r) => r.memberName)).toEqual(['Ayanda Zulu']);
    expect((await arrears('search=carol')).totals).toEqual({ members: 1, overdue: 300 });

    const own = await mine(ayanda);
    expect(own.today).toBe('2026-04-06');
    expect(own.calendars[0]).toMatchObject({
      poolName: 'Growth Pool',
      isFullyPaid: false,
      next: { dueOn: '2026-05-05', amount: 100 },
      overdue: { amount: 100, since: '2026-04-05', days: 1, instalments: 1 },
    });
  });

  it('leaves the arrears list once paid', async () => {
    await pay(ayanda, growth, 100);
    expect((await arrears()).rows.map((r) => r.memberName)).toEqual(['Carol Adams']);
    expect((await mine(ayanda)).calendars[0]!.overdue).toBeNull();
  });

  it('shows the member who paid everything as fully paid, and one not approved no calendar', async () => {
    expect((await mine(edith)).calendars[0]).toMatchObject({ isFullyPaid: true, next: null, overdue: null });
    expect((await mine({ token: pendingToken })).calendars).toEqual([]);
  });
});

describe('the register’s SQL and the domain rule', () => {
  it('give every instalment the same standing on every day', async () => {
    const days = [
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-04-05',
      '2026-04-06',
      '2026-05-05',
      '2026-06-06',
      '2027-03-06',
    ];
    for (const day of days) {
      const rows = await t.db
        .select({
          membershipId: contributionInstalments.membershipId,
          number: contributionInstalments.number,
          dueOn: contributionInstalments.dueOn,
          amountCents: contributionInstalments.amountCents,
          cumulativeCents: contributionInstalments.cumulativeCents,
          totalPaidCents: memberships.totalPaidCents,
          status: statusSql(day),
        })
        .from(contributionInstalments)
        .innerJoin(memberships, eq(memberships.id, contributionInstalments.membershipId))
        .orderBy(asc(contributionInstalments.membershipId), asc(contributionInstalments.number));
      expect(rows).toHaveLength(29);
      for (const row of rows) {
        expect([day, row.number, row.status]).toEqual([
          day,
          row.number,
          instalmentPosition(row, row.totalPaidCents, day).status,
        ]);
      }
      // And the arrears total is the domain's overdue, member by member.
      const byMembership = new Map<string, typeof rows>();
      for (const row of rows) byMembership.set(row.membershipId, [...(byMembership.get(row.membershipId) ?? []), row]);
      const domainOverdue = [...byMembership.values()].reduce(
        (sum, schedule) =>
          sum + (contributionCalendar(schedule, schedule[0]!.totalPaidCents, day).overdue?.amountCents ?? 0),
        0,
      );
      at(`${day}T10:00:00+02:00`);
      expect(Math.round((await arrears()).totals.overdue * 100)).toBe(domainOverdue);
    }
  });
});
