import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedActiveMember, type TestContext } from '../../../test/app.js';
import { createCalls } from '../../../test/calls.js';
import { testEngine } from '../../../test/database.js';
import { emailOutbox, reauthCodes, sessions } from '../../db/schema.js';
import { signToken } from '../../lib/tokens.js';

let t: TestContext;
const { call, okData, refusal } = createCalls(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A member who signs in with a provider only: no password, no two-factor; a session of theirs. */
async function providerOnlyMember() {
  const member = await seedActiveMember(t.db, { passwordHash: null, fullName: 'Provider Member' });
  const [session] = await t.db
    .insert(sessions)
    .values({ userId: member.id, expiresAt: new Date(Date.now() + 60 * 60 * 1000) })
    .returning();
  const token = await signToken(t.config.jwtSecret, { userId: member.id, sessionId: session!.id });
  return { ...member, token, sessionId: session!.id };
}

const codeIn = async (email: string) => {
  const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
  return /code to confirm it is you is (\d{6})/.exec(mails.at(-1)?.text ?? '')?.[1];
};
const put = (token: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/payout-account',
    headers: bearer(token),
    payload: {
      bankId: 'tymebank',
      branchCode: '678910',
      accountHolder: 'Provider Member',
      accountNumber: '51000012345',
    },
  });

describe(`proof of identity for an account without a password (${testEngine})`, () => {
  it('is a code e-mailed to the member, bound to the session, five tries, used once', async () => {
    const member = await providerOnlyMember();
    expect(await refusal(call('POST', '/api/auth/reauthenticate', member.token, { code: '123456' }))).toMatchObject({
      status: 403,
      error: 'Set a password in Settings first, then confirm with it.',
    });
    await okData(call('POST', '/api/auth/reauthenticate/email-code', member.token));
    // One a minute.
    expect((await refusal(call('POST', '/api/auth/reauthenticate/email-code', member.token))).status).toBe(429);
    const code = (await codeIn(member.email))!;
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await t.db.select().from(reauthCodes).where(eq(reauthCodes.sessionId, member.sessionId));
    expect(stored!.codeHash).not.toContain(code);
    // Another session of the same member cannot use it.
    const other = await providerOnlyMember();
    expect((await refusal(call('POST', '/api/auth/reauthenticate', other.token, { code }))).status).toBe(403);

    const wrong = code === '000000' ? '000001' : '000000';
    expect(await refusal(call('POST', '/api/auth/reauthenticate', member.token, { code: wrong }))).toMatchObject({
      status: 400,
      error: 'That code is not right, or it has expired. Ask for a new one.',
    });
    expect((await refusal(put(member.token))).code).toBe('REAUTH_REQUIRED');
    await okData(call('POST', '/api/auth/reauthenticate', member.token, { code }));
    expect((await put(member.token)).statusCode).toBe(200);
    // Used once.
    expect((await refusal(call('POST', '/api/auth/reauthenticate', member.token, { code }))).status).toBe(403);
  });

  it('stops accepting a code after five wrong tries', async () => {
    const member = await providerOnlyMember();
    await okData(call('POST', '/api/auth/reauthenticate/email-code', member.token));
    const code = (await codeIn(member.email))!;
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await refusal(call('POST', '/api/auth/reauthenticate', member.token, { code: wrong }))).status).toBe(400);
    }
    expect((await refusal(call('POST', '/api/auth/reauthenticate', member.token, { code }))).status).toBe(400);
  });

  it('is not sent to an account with a password', async () => {
    const member = await seedActiveMember(t.db);
    const token = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: 'correct horse battery' },
      })
    ).json<{ data: { token: string } }>().data.token;
    expect((await refusal(call('POST', '/api/auth/reauthenticate/email-code', token))).status).toBe(409);
  });
});
