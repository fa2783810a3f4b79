import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';

/**
 * The money invariants: pool current amount = its completed contributions; membership total paid =
 * its completed payments; available shares = total shares less approved memberships' shares, never
 * negative; members counted = approved memberships, never above the maximum. And the ledger: every
 * entry balances; the pool's current amount equals its member capital accounts; each member's
 * capital equals their completed payments and their returns equal what was allocated to them, and
 * a member who left a pool holds neither there.
 * Loans: each loan's outstanding principal (paid out less principal repaid) equals the principal of
 * its approved repayments taken from what was paid out, its unpaid schedule, and the ledger's loans
 * receivable of the loan; its unpaid penalties equal the ledger's penalties due of the loan.
 */
export async function assertMoneyInvariants(db: Db): Promise<void> {
  const poolProblems = await db.execute(sql`
    select p.id, p.current_amount_cents, p.available_shares, p.total_shares, p.total_members, p.max_members,
      coalesce((select sum(amount_cents) from payments x join memberships xm on xm.id = x.membership_id where x.pool_id = p.id and x.status = 'completed' and x.type = 'contribution' and xm.contribution_status <> 'exited'), 0) as paid,
      coalesce((select sum(number_of_shares) from memberships m where m.pool_id = p.id and m.contribution_status = 'approved'), 0) as taken,
      (select count(*) from memberships m where m.pool_id = p.id and m.contribution_status = 'approved') as approved
    from pools p`);
  for (const row of poolProblems.rows as Record<string, string | number>[]) {
    const id = String(row.id);
    expect(Number(row.current_amount_cents), `pool ${id} current amount`).toBe(Number(row.paid));
    expect(Number(row.available_shares), `pool ${id} available shares`).toBe(
      Number(row.total_shares) - Number(row.taken),
    );
    expect(Number(row.available_shares), `pool ${id} available shares`).toBeGreaterThanOrEqual(0);
    expect(Number(row.total_members), `pool ${id} members`).toBe(Number(row.approved));
    expect(Number(row.total_members), `pool ${id} members`).toBeLessThanOrEqual(Number(row.max_members));
  }
  const memberships = await db.execute(sql`
    select m.id, m.total_paid_cents, m.total_commitment_cents,
      coalesce((select sum(amount_cents) from payments x where x.membership_id = m.id and x.status = 'completed'), 0) as paid,
      coalesce((select sum(amount_cents) from payments x where x.membership_id = m.id and x.status in ('completed', 'pending')), 0) as claimed
    from memberships m`);
  for (const row of memberships.rows as Record<string, string | number>[]) {
    const id = String(row.id);
    expect(Number(row.total_paid_cents), `membership ${id} total paid`).toBe(Number(row.paid));
    expect(Number(row.claimed), `membership ${id} never owes less than nothing`).toBeLessThanOrEqual(
      Number(row.total_commitment_cents),
    );
  }

  const unbalanced = await db.execute(sql`
    select e.id, coalesce(sum(l.amount_cents), 0) as total, count(l.id) as lines
    from journal_entries e left join journal_lines l on l.entry_id = e.id
    group by e.id having coalesce(sum(l.amount_cents), 0) <> 0 or count(l.id) < 2`);
  expect(unbalanced.rows, 'journal entries that do not balance').toEqual([]);
  const pools = await db.execute(sql`
    select p.id, p.current_amount_cents,
      coalesce((select -sum(l.amount_cents) from journal_lines l where l.pool_id = p.id and l.account = 'member_capital'), 0) as capital
    from pools p`);
  for (const row of pools.rows as Record<string, string | number>[]) {
    expect(Number(row.capital), `pool ${String(row.id)} capital in the ledger`).toBe(Number(row.current_amount_cents));
  }
  const holdings = await db.execute(sql`
    select m.user_id, m.pool_id,
      sum(case when m.contribution_status = 'exited' then 0 else m.total_paid_cents end) as paid,
      sum(m.actual_return_cents - m.returns_paid_cents) as returns,
      coalesce((select -sum(l.amount_cents) from journal_lines l where l.user_id = m.user_id and l.pool_id = m.pool_id and l.account = 'member_capital'), 0) as capital,
      coalesce((select -sum(l.amount_cents) from journal_lines l where l.user_id = m.user_id and l.pool_id = m.pool_id and l.account = 'member_returns'), 0) as allocated
    from memberships m group by m.user_id, m.pool_id`);
  for (const row of holdings.rows as Record<string, string | number>[]) {
    const who = `member ${String(row.user_id)} in pool ${String(row.pool_id)}`;
    expect(Number(row.capital), `${who}: capital in the ledger`).toBe(Number(row.paid));
    expect(Number(row.allocated), `${who}: returns in the ledger`).toBe(Number(row.returns));
  }

  // A member who left a pool (every membership of it exited) holds nothing there: no capital, no returns.
  const leavers = await db.execute(sql`
    select l.user_id, l.pool_id, l.account, sum(l.amount_cents) as cents
    from journal_lines l
    where l.account in ('member_capital', 'member_returns')
      and exists (select 1 from memberships m where m.user_id = l.user_id and m.pool_id = l.pool_id)
      and not exists (select 1 from memberships m where m.user_id = l.user_id and m.pool_id = l.pool_id and m.contribution_status <> 'exited')
    group by l.user_id, l.pool_id, l.account
    having sum(l.amount_cents) <> 0`);
  expect(leavers.rows, 'members who left a pool still holding capital or returns in it').toEqual([]);

  const loans = await db.execute(sql`
    select l.id, l.status, l.principal_cents, l.principal_repaid_cents, l.disbursed_on,
      coalesce((select sum(r.principal_cents) from loan_repayments r where r.loan_id = l.id and r.status = 'approved'), 0) as repaid,
      coalesce((select sum(i.principal_cents) from loan_instalments i where i.loan_id = l.id), 0) as scheduled,
      coalesce((select sum(i.principal_cents - i.principal_paid_cents) from loan_instalments i where i.loan_id = l.id), 0) as unpaid,
      coalesce((select sum(j.amount_cents) from journal_lines j where j.loan_id = l.id and j.account = 'loans_receivable'), 0) as receivable,
      coalesce((select sum(p.amount_cents - p.paid_cents - p.waived_cents) from loan_penalties p where p.loan_id = l.id), 0) as penalties_due,
      coalesce((select sum(j.amount_cents) from journal_lines j where j.loan_id = l.id and j.account = 'loan_penalties_receivable'), 0) as penalties_receivable
    from loans l`);
  for (const row of loans.rows as Record<string, string | number | null>[]) {
    const who = `loan ${String(row.id)} (${String(row.status)})`;
    const isDisbursed = row.disbursed_on !== null;
    const outstanding = isDisbursed ? Number(row.principal_cents) - Number(row.principal_repaid_cents) : 0;
    expect(Number(row.principal_repaid_cents), `${who}: principal repaid = its approved repayments`).toBe(
      Number(row.repaid),
    );
    expect(Number(row.receivable), `${who}: outstanding principal = loans receivable in the ledger`).toBe(outstanding);
    expect(Number(row.unpaid), `${who}: outstanding principal = its unpaid schedule`).toBe(outstanding);
    if (isDisbursed)
      expect(Number(row.scheduled), `${who}: the schedule adds up to the principal`).toBe(Number(row.principal_cents));
    if (row.status === 'repaid') expect(outstanding, `${who}: a repaid loan owes nothing`).toBe(0);
    expect(Number(row.penalties_receivable), `${who}: unpaid penalties = penalties due in the ledger`).toBe(
      Number(row.penalties_due),
    );
  }
}
