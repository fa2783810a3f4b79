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

function tooMany(message: string, retryAfter: number): AppError {
  return new AppError('RATE_LIMITED', message, { headers: { 'retry-after': String(retryAfter) } });
}
