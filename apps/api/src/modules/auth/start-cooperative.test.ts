import { cooperativeMessages, startMessages } from '@letsema/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dataOf, seedActiveMember, uniqueEmail, type TestContext } from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { auditLog, cooperatives, emailOutbox } from '../../db/schema.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  // A member of the installation's first cooperative, whom no other cooperative may see.
  await seedActiveMember(t.db, { fullName: 'Member of the First' });
});
afterAll(async () => {
  await t?.close();
});

const start = (change: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cooperatives/start',
    payload: {
      name: 'Kopano Savings Club',
      province: 'Gauteng',
      founderName: 'Lerato Dlamini',
      email: uniqueEmail('founder'),
      password: 'a long founder password',
      ...change,
    },
  });

describe(`starting a cooperative (${testEngine})`, () => {
  it('says whether a cooperative may be started here', async () => {
    const providers = dataOf<{ startCooperative: boolean }>(
      await t.app.inject({ method: 'GET', url: '/api/auth/providers' }),
    );
    expect(providers.startCooperative).toBe(testEngine === 'postgres');
  });

  it.runIf(testEngine === 'pglite')('is refused on the embedded database, which serves one cooperative', async () => {
    const refused = await start();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(startMessages.embeddedDatabase);
    expect(await t.db.select().from(cooperatives)).toHaveLength(1);
  });

  it.runIf(testEngine === 'postgres')(
    'makes the cooperative and its founder its super admin, walled from every other cooperative',
    async () => {
      const email = uniqueEmail('founder');
      const response = await start({ email });
      expect(response.statusCode, response.body).toBe(201);
      const started = dataOf<{ token: string; cooperative: { id: string; name: string; slug: string } }>(response);
      expect(started.cooperative).toMatchObject({ name: 'Kopano Savings Club', slug: 'kopano-savings-club' });

      const me = dataOf<{ isSuperAdmin: boolean; email: string }>(
        await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(started.token) }),
      );
      expect(me).toMatchObject({ isSuperAdmin: true, email });
      const members = await t.app.inject({ method: 'GET', url: '/api/admin/members', headers: bearer(started.token) });
      expect(members.statusCode, members.body).toBe(200);
      expect(members.body).not.toContain('Member of the First');
      const details = dataOf<{ name: string }>(
        await t.app.inject({ method: 'GET', url: '/api/admin/settings/cooperative', headers: bearer(started.token) }),
      );
      expect(details.name).toBe('Kopano Savings Club');

      const [started_] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'cooperative.start'), eq(auditLog.targetId, started.cooperative.id)));
      expect(started_?.cooperativeId).toBe(started.cooperative.id);
      const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
      expect(mails.map((mail) => mail.subject)).toEqual(['Letsema: confirm your e-mail address']);

      // The same name again gets the next free short name; the same address is refused.
      const second = await start({ name: 'Kopano Savings Club' });
      expect(dataOf<{ cooperative: { slug: string } }>(second).cooperative.slug).toBe('kopano-savings-club-2');
      const taken = await start({ email });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toBe(startMessages.emailTaken);
    },
  );

  it('answers a missing name with the form’s message', async () => {
    const response = await start({ name: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toMatchObject({ name: cooperativeMessages.name });
  });
});
