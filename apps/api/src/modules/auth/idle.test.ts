import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedActiveMember, seedAdmin, type TestContext } from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { sessions } from '../../db/schema.js';
import { verifyToken } from '../../lib/tokens.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const unread = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: bearer(token) });

/** Pretends the session's last request was `minutes` ago. */
async function idleFor(token: string, minutes: number) {
  const claims = await verifyToken(t.config.jwtSecret, token);
  await t.db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.id, claims!.sessionId));
  return claims!.sessionId;
}

async function lastSeen(sessionId: string): Promise<Date> {
  const [row] = await t.db.select().from(sessions).where(eq(sessions.id, sessionId));
  return row!.lastSeenAt;
}

describe(`idle sessions (${testEngine})`, () => {
  it('ends an admin session after 30 idle minutes, with the message to sign in again', async () => {
    const admin = await seedAdmin(t.db);
    const fresh = await login(t.app, admin.email);
    await idleFor(fresh, 29);
    expect((await me(fresh)).statusCode).toBe(200);

    const idle = await login(t.app, admin.email);
    await idleFor(idle, 31);
    const ended = await me(idle);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error).toBe('Your session has ended. Please sign in again.');
    expect((await unread(idle)).statusCode).toBe(401);
  });

  it("keeps a member's session for 12 idle hours and ends it after", async () => {
    const member = await seedActiveMember(t.db);
    const token = await login(t.app, member.email);
    await idleFor(token, 11 * 60);
    expect((await me(token)).statusCode).toBe(200);
    await idleFor(token, 13 * 60);
    expect((await me(token)).statusCode).toBe(401);
    expect((await unread(token)).statusCode).toBe(401);
  });

  it('counts a request as activity, but not the unread-count polling', async () => {
    const admin = await seedAdmin(t.db);
    const token = await login(t.app, admin.email);
    const sessionId = await idleFor(token, 20);
    const before = await lastSeen(sessionId);
    for (let i = 0; i < 3; i++) expect((await unread(token)).statusCode).toBe(200);
    expect((await lastSeen(sessionId)).getTime()).toBe(before.getTime());

    expect((await me(token)).statusCode).toBe(200);
    expect(Date.now() - (await lastSeen(sessionId)).getTime()).toBeLessThan(60_000);
    // Twenty more minutes after that request is still inside the 30.
    await idleFor(token, 20);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('follows the configured limits', async () => {
    const short = await createTestApp({ ADMIN_IDLE_MINUTES: '5', MEMBER_IDLE_MINUTES: '10' });
    try {
      const member = await seedActiveMember(short.db);
      const token = await login(short.app, member.email);
      const claims = await verifyToken(short.config.jwtSecret, token);
      await short.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(sessions.id, claims!.sessionId));
      const answer = await short.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(answer.statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('never idles out a session in use: with a one-minute limit, a read every 15 seconds keeps it for 90 seconds', async () => {
    const short = await createTestApp({ MEMBER_IDLE_MINUTES: '1' });
    try {
      const member = await seedActiveMember(short.db);
      const token = await login(short.app, member.email);
      const claims = await verifyToken(short.config.jwtSecret, token);
      const sessionId = claims!.sessionId;
      // Fifteen seconds pass between reads: every stored time of the session moves back by as much.
      for (let second = 15; second <= 90; second += 15) {
        await short.db
          .update(sessions)
          .set({ lastSeenAt: sql`${sessions.lastSeenAt} - interval '15 seconds'` })
          .where(eq(sessions.id, sessionId));
        const answer = await short.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
        expect(answer.statusCode, `read at ${second} s`).toBe(200);
      }
      // Left alone for a minute after that, it ends.
      await short.db
        .update(sessions)
        .set({ lastSeenAt: sql`${sessions.lastSeenAt} - interval '61 seconds'` })
        .where(eq(sessions.id, sessionId));
      expect((await short.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(
        401,
      );
    } finally {
      await short.close();
    }
  });
});
