import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  registerMember,
  seedAdmin,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { auditLog, notifications } from '../../db/schema.js';

let t: TestContext;
let reviewer: string;
beforeAll(async () => {
  t = await createTestApp();
  reviewer = await login(t.app, (await seedAdmin(t.db, { roles: ['member_management'] })).email);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe(`correction requests (${testEngine})`, () => {
  it('a member asks, an admin answers once, and the member is told; both steps are audited', async () => {
    const member = await registerMember(t.app);
    const bad = await call('POST', '/api/auth/corrections', member.token, { field: 'salary', message: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.field).toBe('Choose what should be corrected');

    const asked = await call('POST', '/api/auth/corrections', member.token, {
      field: 'dateOfBirth',
      message: 'My date of birth is 1 March 1985, not 3 January.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = dataOf<{ id: string; status: string }>(asked);
    expect(request.status).toBe('pending');

    const queue = dataOf<{ requests: { id: string; member: { email: string } }[]; total: number }>(
      await call('GET', '/api/admin/corrections', reviewer),
    );
    expect(queue.requests.find((r) => r.id === request.id)?.member.email).toBe(member.email);
    expect((await call('GET', '/api/admin/corrections', member.token)).statusCode).toBe(403);

    const answer = { decision: 'resolved', reply: 'Corrected from your ID document.' };
    const decided = await Promise.all([
      call('POST', `/api/admin/corrections/${request.id}/decide`, reviewer, answer),
      call('POST', `/api/admin/corrections/${request.id}/decide`, reviewer, answer),
    ]);
    expect(decided.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    // Another member sees none of it, and cannot answer it.
    const neighbour = await registerMember(t.app);
    expect(dataOf<unknown[]>(await call('GET', '/api/auth/corrections', neighbour.token))).toEqual([]);
    expect(
      (await call('POST', `/api/admin/corrections/${request.id}/decide`, neighbour.token, answer)).statusCode,
    ).toBe(403);

    const mine = dataOf<{ status: string; reply: string }[]>(await call('GET', '/api/auth/corrections', member.token));
    expect(mine[0]).toMatchObject({ status: 'resolved', reply: 'Corrected from your ID document.' });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, member.userId));
    expect(told.map((n) => n.title)).toEqual(['Correction made']);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, request.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['privacy.correction_decide', 'privacy.correction_request']);
  });

  it('keeps at most five requests waiting per member', async () => {
    const member = await registerMember(t.app);
    for (let i = 0; i < 5; i++) {
      expect(
        (await call('POST', '/api/auth/corrections', member.token, { field: 'other', message: `Request number ${i}` }))
          .statusCode,
      ).toBe(201);
    }
    const refused = await call('POST', '/api/auth/corrections', member.token, {
      field: 'other',
      message: 'One more please',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('You have five requests waiting already. We will answer them first.');
  });
});
