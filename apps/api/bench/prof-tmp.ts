import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { and, count, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { sessions, users, notifications } from '../src/db/schema.js';
import { verifyToken, signToken } from '../src/modules/auth/tokens.js';

const engine = process.argv[2];
let name = '';
const admin = new pg.Client('postgres://postgres@127.0.0.1:5432/test');
let database;
if (engine === 'pg') {
  await admin.connect();
  name = 'prof_' + randomBytes(4).toString('hex'); await admin.query(`create database ${name}`);
  database = await openDatabase({ url: `postgres://postgres@127.0.0.1:5432/${name}` });
} else database = await openDatabase({ dataDir: 'memory://' });
const db = database.db;
const [u] = await db.insert(users).values({ email: 'a@b.c', registrationStatus: 'active' }).returning();
const [s] = await db.insert(sessions).values({ userId: u!.id, expiresAt: new Date(Date.now() + 3600e3) }).returning();
const client = (db as any).$client;
async function time(label: string, fn: () => Promise<unknown>, n = 2000) {
  for (let i = 0; i < 200; i++) await fn();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(engine, label, ((performance.now() - t0) / n * 1000).toFixed(0), 'us');
}
const prepared = db.select({ count: count() }).from(notifications)
  .where(and(eq(notifications.userId, sql.placeholder('userId')), eq(notifications.isRead, false))).prepare('unread_count');
const secret = randomBytes(32);
const token = await signToken(secret, { userId: u!.id, sessionId: s!.id });
await time('verifyToken', () => verifyToken(secret, token));
await time('drizzle count', () => db.select({ count: count() }).from(notifications).where(and(eq(notifications.userId, u!.id), eq(notifications.isRead, false))));
await time('drizzle prepared count', () => prepared.execute({ userId: u!.id }));
await time('raw count', () => client.query('select count(*)::int as count from notifications where user_id = $1 and is_read = false', [u!.id]));
await time('raw auth join (full user)', () => client.query('select u.* from sessions s join users u on u.id = s.user_id where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > $3 limit 1', [s!.id, u!.id, new Date().toISOString()]));
await time('drizzle auth join', () => db.select({ user: users }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(and(eq(sessions.id, s!.id), eq(sessions.userId, u!.id), sql`${sessions.revokedAt} is null`, sql`${sessions.expiresAt} > ${new Date()}`)).limit(1));
await database.close();
if (engine === 'pg') { await admin.query(`drop database ${name} with (force)`); await admin.end(); }
