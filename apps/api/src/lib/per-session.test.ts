import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dataOf, registerMember, type TestContext } from '../../test/app.js';
import { testEngine } from '../../test/database.js';
import { notifications, sessions, users } from '../db/schema.js';
import { signToken, verifyToken, type TokenClaims } from '../modules/auth/tokens.js';
import { liveSessionsAmong, perSession } from './auth-guard.js';

// The session checks of requests that come together are read in one statement: each request must
// still get its own session's answer, and nothing of a session that is not its own.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (app: FastifyInstance, url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: bearer(token) });

async function memberWithUnread(count: number) {
  const member = await registerMember(t.app);
  await t.db.delete(notifications).where(eq(notifications.userId, member.userId));
  if (count > 0) {
    await t.db.insert(notifications).values(
      Array.from({ length: count }, (_, i) => ({
        userId: member.userId,
        category: 'pool' as const,
        title: `N${i}`,
        message: 'M',
      })),
    );
  }
  return member;
}

async function claimsOf(token: string): Promise<TokenClaims> {
  const claims = await verifyToken(t.config.jwtSecret, token);
  if (!claims) throw new Error('The test token did not verify');
  return claims;
}

describe(`reads made for many sessions at once (${testEngine})`, () => {
  it('reads the sessions asked for together in one statement, and answers each only its own', async () => {
    const [first, second, ended] = [
      await registerMember(t.app),
      await registerMember(t.app),
      await registerMember(t.app),
    ];
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, ended.userId));
    const statement = t.db
      .select({ sessionId: sessions.id, userId: sessions.userId, email: users.email })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(liveSessionsAmong(t.config.idleMinutes))
      .prepare('test_per_session');
    const asked: string[][] = [];
    const read = perSession({
      execute(values: { sessionIds: string[] }) {
        asked.push(values.sessionIds);
        return statement.execute(values);
      },
    });
    const [firstClaims, secondClaims, endedClaims] = await Promise.all(
      [first, second, ended].map((m) => claimsOf(m.token)),
    );
    // A token that names one account with another's session: signed here, since only the server can.
    const crossed = { userId: firstClaims!.userId, sessionId: secondClaims!.sessionId };
    const rows = await Promise.all([firstClaims!, secondClaims!, crossed, endedClaims!, firstClaims!].map(read));
    expect(asked).toHaveLength(1);
    expect([...asked[0]!].sort()).toEqual(
      [firstClaims!.sessionId, secondClaims!.sessionId, endedClaims!.sessionId].sort(),
    );
    expect(rows.map((row) => row?.email)).toEqual([first.email, second.email, undefined, undefined, first.email]);
  });

  it('answers requests that come together each with their own unread count and account', async () => {
    const members = await Promise.all([1, 2, 3].map(memberWithUnread));
    const counts = await Promise.all(members.map((m) => get(t.app, '/api/notifications/unread-count', m.token)));
    expect(counts.map((r) => dataOf<{ count: number }>(r).count)).toEqual([1, 2, 3]);
    const mes = await Promise.all(members.map((m) => get(t.app, '/api/auth/me', m.token)));
    expect(mes.map((r) => dataOf<{ email: string }>(r).email)).toEqual(members.map((m) => m.email));
    const lists = await Promise.all(members.map((m) => get(t.app, '/api/pools', m.token)));
    expect(lists.map((r) => r.statusCode)).toEqual([200, 200, 200]);
  });

  it('refuses, among requests that come together, the one whose account was suspended or whose token is crossed', async () => {
    const [kept, suspended, victim] = await Promise.all([2, 1, 4].map(memberWithUnread));
    await t.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, suspended!.userId));
    const keptClaims = await claimsOf(kept!.token);
    const victimClaims = await claimsOf(victim!.token);
    const crossed = await signToken(t.config.jwtSecret, {
      userId: keptClaims.userId,
      sessionId: victimClaims.sessionId,
    });
    for (const url of ['/api/notifications/unread-count', '/api/auth/me', '/api/pools']) {
      const answers = await Promise.all(
        [kept!.token, suspended!.token, crossed, victim!.token].map((token) => get(t.app, url, token)),
      );
      expect(
        answers.map((r) => r.statusCode),
        url,
      ).toEqual([200, 401, 401, 200]);
      expect(answers[1]!.json().error).toBe('Your session has ended. Please sign in again.');
    }
  });
});
