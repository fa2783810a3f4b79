import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

export interface SeedSizes {
  members: number;
  notifications: number;
}

/** Shares each holding takes (R 100.00 a share), and the instalments it has paid so far. */
const SHARES = 5;
const INSTALMENT_CENTS = 834;
const HISTORY = 50;

/**
 * Bulk seed in a few statements: members (one in a hundred waiting for review), notifications spread
 * evenly with a fifth unread, twenty open pools, and the queues that grow with members: one member in
 * a hundred asking to join a pool, one in a hundred with a payment waiting for approval. Behind the
 * queues lies the history a real cooperative has: each holding has paid fifty instalments a week
 * apart, about one completed payment per member, each posted to the ledger and counted in its
 * membership and pool as an approval leaves them (the money invariants hold on the seeded database).
 */
export async function seedBench(db: Db, sizes: SeedSizes, passwordHash: string): Promise<void> {
  const { members, notifications } = sizes;
  await db.execute(
    sql.raw(`
      insert into logins (email) select 'bench.member.' || g || '@example.com' from generate_series(0, ${members - 1}) g
    `),
  );
  await db.execute(
    sql.raw(`
      insert into users (email, login_id, full_name, phone_number, registration_status, submitted_at, created_at)
      select l.email, l.id, 'Bench Member ' || g, '08' || lpad(g::text, 8, '0'),
             case when g % 100 = 99 then 'pending_kyc' else 'active' end,
             case when g % 100 = 99 then now() - make_interval(mins => g) end,
             now() - make_interval(mins => g)
      from logins l cross join lateral (select split_part(split_part(l.email, '@', 1), '.', 3)::int as g) n
      where l.email like 'bench.member.%'
    `),
  );
  await db.execute(sql`update logins set password_hash = ${passwordHash} where email = 'bench.member.0@example.com'`);
  await db.execute(
    sql.raw(`
      insert into notifications (user_id, title, message, category, is_read, created_at)
      select m.id, 'Payment approved', 'Your payment of R 500.00 was approved.',
             (array['registration', 'pool', 'payment', 'profit'])[1 + g % 4],
             g % 5 <> 0,
             now() - make_interval(mins => g / ${members})
      from generate_series(0, ${notifications - 1}) g
      join (
        select id, split_part(split_part(email, '@', 1), '.', 3)::int as n
        from users where email like 'bench.member.%'
      ) m on m.n = g % ${members}
    `),
  );
  await db.execute(
    sql.raw(`
      insert into pools (name, description, target_amount_cents, total_shares, available_shares,
                         price_per_share_cents, max_members, investment_duration, payment_frequencies,
                         payment_methods, status, created_by, approved_by, approved_at)
      select 'Bench Pool ' || g, 'A pool the benchmark fills with members.', 10000000000, 1000000, 1000000,
             10000, 1000000, 12, '["monthly"]'::jsonb, '["EFT"]'::jsonb, 'open',
             -- Created by one member and opened by another, as real pools are: the list names both.
             (select id from users where email = 'bench.member.1@example.com'),
             (select id from users where email = 'bench.member.2@example.com'), now()
      from generate_series(1, 20) g
    `),
  );
  // Member 0 and one in a hundred hold an approved membership, one in a hundred asks to join.
  await db.execute(
    sql.raw(`
      insert into memberships (user_id, pool_id, number_of_shares, total_commitment_cents, installment_plan,
                               contribution_amount_cents, contribution_status)
      select m.id, p.id, ${SHARES}, ${SHARES} * 10000, 'monthly', ceil(${SHARES} * 10000 / 12.0),
             case when m.n % 100 = 1 then 'pending' else 'approved' end
      from (
        select id, split_part(split_part(email, '@', 1), '.', 3)::int as n
        from users where email like 'bench.member.%'
      ) m
      join (select id, row_number() over (order by name) - 1 as k from pools) p on p.k = m.n % 20
      where m.n = 0 or m.n % 100 in (1, 2, 3)
    `),
  );
  await db.execute(
    sql.raw(`
      insert into payments (user_id, pool_id, membership_id, amount_cents, status, payment_method, created_at)
      select ms.user_id, ms.pool_id, ms.id, ${INSTALMENT_CENTS}, 'pending', 'EFT', now() - interval '1 hour'
      from memberships ms
      join users u on u.id = ms.user_id
      where ms.contribution_status = 'approved'
        and split_part(split_part(u.email, '@', 1), '.', 3)::int % 100 = 3
    `),
  );
  // The completed payments, decided by members 1 and 2 (who run the pools), never by their own payer.
  await db.execute(
    sql.raw(`
      insert into payments (user_id, pool_id, membership_id, amount_cents, status, payment_method,
                            decided_by, decided_at, created_at, updated_at)
      select ms.user_id, ms.pool_id, ms.id, ${INSTALMENT_CENTS}, 'completed', 'EFT',
             case when ms.user_id = checker.second then checker.first else checker.second end,
             paid.at + interval '1 hour', paid.at, paid.at + interval '1 hour'
      from memberships ms
      cross join (
        select (select id from users where email = 'bench.member.1@example.com') as first,
               (select id from users where email = 'bench.member.2@example.com') as second
      ) checker
      cross join lateral (
        select now() - make_interval(days => 7 * w) - interval '2 hours' as at
        from generate_series(1, ${HISTORY}) w
      ) paid
      where ms.contribution_status = 'approved'
    `),
  );
  // Each posts its entry as an approval does, entry and lines in one statement so that each balances at commit.
  await db.execute(
    sql.raw(`
      with entries as (
        insert into journal_entries (effective_date, period, kind, description, source_type, source_id,
                                     created_by, approved_by, created_at)
        select ((p.decided_at at time zone 'UTC') + interval '2 hours')::date,
               to_char((p.decided_at at time zone 'UTC') + interval '2 hours', 'YYYY-MM'),
               'payment', 'Contribution approved: ' || pl.name, 'payment', p.id::text,
               p.user_id, p.decided_by, p.decided_at
        from payments p join pools pl on pl.id = p.pool_id
        where p.status = 'completed'
        order by p.decided_at, p.id
        returning id, source_id
      )
      insert into journal_lines (entry_id, account, user_id, pool_id, amount_cents)
      select e.id, line.account, line.user_id, p.pool_id, line.amount_cents
      from entries e
      join payments p on p.id::text = e.source_id
      cross join lateral (
        values ('bank', null::uuid, p.amount_cents), ('member_capital', p.user_id, -p.amount_cents)
      ) as line(account, user_id, amount_cents)
    `),
  );
  // The first posting sets the month the books start in, as it does in the posting path.
  await db.execute(
    sql.raw(`
      insert into settings (key, value)
      select 'books_start', jsonb_build_object('period', min(period)) from journal_entries having min(period) is not null
      on conflict (cooperative_id, key) do nothing
    `),
  );
  // The totals an approval keeps: each membership's paid, each pool's amount, shares and members.
  await db.execute(
    sql.raw(`
      update memberships ms set total_paid_cents = paid.cents
      from (select membership_id, sum(amount_cents) as cents from payments where status = 'completed' group by 1) paid
      where paid.membership_id = ms.id
    `),
  );
  await db.execute(
    sql.raw(`
      update pools p
      set current_amount_cents = coalesce(held.cents, 0),
          available_shares = p.total_shares - coalesce(held.shares, 0),
          total_members = coalesce(held.members, 0)
      from pools q
      left join (
        select pool_id, sum(total_paid_cents) as cents, sum(number_of_shares) as shares, count(*) as members
        from memberships where contribution_status = 'approved' group by 1
      ) held on held.pool_id = q.id
      where q.id = p.id
    `),
  );
  // Fresh statistics and visibility maps, as autovacuum would leave tables that have settled.
  for (const table of [
    'users',
    'notifications',
    'pools',
    'memberships',
    'payments',
    'journal_entries',
    'journal_lines',
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}
