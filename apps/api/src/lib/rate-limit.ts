import { sql } from 'drizzle-orm';
import type { RateLimitRule } from '../config.js';
import type { Executor } from '../db/client.js';
import { rateLimits } from '../db/schema.js';
import { AppError } from './errors.js';

/**
 * Fixed-window counters kept in the database, so every API instance sees the same counts.
 * One atomic upsert per hit; a window that has passed starts again at 1.
 */
export function createRateLimiter(db: Executor) {
  return {
    /** Counts one attempt and refuses with 429 once the window's limit is passed. */
    async hit(key: string, rule: RateLimitRule, message: string): Promise<void> {
      const state = await increment(db, key, rule);
      if (state.count > rule.limit) throw tooMany(message, state.retryAfter);
    },
    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },
    /** Counts one event in the window, atomically, and answers the count so far (no refusal). */
    count(key: string, rule: RateLimitRule): Promise<{ count: number; retryAfter: number }> {
      return increment(db, key, rule);
    },
    /** Takes one event back from the window's count (an attempt counted before it was judged right). */
    async uncount(key: string): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(sql`${rateLimits.key} = ${key}`);
    },
    /** Starts (or starts again) a hold under `key` from now; `heldFor` says how long it has left. */
    async hold(key: string): Promise<void> {
      await db
        .insert(rateLimits)
        .values({ key, count: 1, windowStart: sql`now()` })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count: 1, windowStart: sql`now()` } });
    },
    /** Seconds left of a hold under `key` that lasts `seconds`, or 0 when there is none. */
    async heldFor(key: string, seconds: number): Promise<number> {
      const [row] = await db
        .select({
          left: sql<number>`extract(epoch from ${rateLimits.windowStart} + make_interval(secs => ${seconds}) - now())::float8`,
        })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${key}`);
      return row && row.left > 0 ? Math.ceil(row.left) : 0;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

async function increment(db: Executor, key: string, rule: RateLimitRule) {
  const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${rule.windowSeconds})`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const row = rows[0]!;
  const age = (Date.now() - row.windowStart.getTime()) / 1000;
  return { count: row.count, retryAfter: Math.max(1, Math.ceil(rule.windowSeconds - age)) };
}

export function tooMany(message: string, retryAfter: number): AppError {
  return new AppError('RATE_LIMITED', message, { headers: { 'retry-after': String(retryAfter) } });
}
