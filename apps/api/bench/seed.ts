import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

export interface SeedSizes {
  members: number;
  notifications: number;
}

/**
 * Bulk seed in a few statements: members (one in a hundred waiting for review), notifications spread
 * evenly with a fifth unread, twenty open pools, and the queues that grow with members: one member in
 * a hundred asking to join a pool, one in a hundred with a payment waiting for approval.
 */
export async function seedBench(db: Db, sizes: SeedSizes, passwordHash: string): Promise<void> {
  const { members, notifications } = sizes;
  await db.execute(
    sql.raw(`
      insert into users (email, full_name, phone_number, registration_status, submitted_at, created_at)
      select 'bench.member.' || g || '@example.com', 'Bench Member ' || g, '08' || lpad(g::text, 8, '0'),
             case when g % 100 = 99 then 'pending_kyc' else 'active' end,
             case when g % 100 = 99 then now() - make_interval(mins => g) end,
             now() - make_interval(mins => g)
      from generate_series(0, ${members - 1}) g
    `),
  );
  await db.execute(sql`update users set password_hash = ${passwordHash} where email = 'bench.member.0@example.com'`);
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
      select m.id, p.id, 1, 10000, 'monthly', 834,
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
      select ms.user_id, ms.pool_id, ms.id, 834, 'pending', 'EFT', now() - interval '1 hour'
      from memberships ms
      join users u on u.id = ms.user_id
      where ms.contribution_status = 'approved'
        and split_part(split_part(u.email, '@', 1), '.', 3)::int % 100 = 3
    `),
  );
  // Fresh statistics and visibility maps, as autovacuum would leave tables that have settled.
  for (const table of ['users', 'notifications', 'pools', 'memberships', 'payments']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}
