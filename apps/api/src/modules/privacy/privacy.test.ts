import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestContext } from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { seedSubmittedMember } from '../../../test/seed.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function exportOf(token: string) {
  const answer = await t.app.inject({ method: 'GET', url: '/api/auth/my-data', headers: bearer(token) });
  expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
  expect(answer.headers['content-type']).toBe('application/zip');
  expect(answer.headers['content-disposition']).toMatch(
    /^attachment; filename="letsema-my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  return unzipSync(new Uint8Array(answer.rawPayload));
}

describe(`a member's own data (${testEngine})`, () => {
  it("downloads as a ZIP of their records and files, and nobody else's", async () => {
    const member = await seedSubmittedMember(t.app);
    const neighbour = await seedSubmittedMember(t.app);
    await login(t.app, member.email);

    const zip = await exportOf(member.token);
    const names = Object.keys(zip).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'README.txt',
        'account.json',
        'next-of-kin.json',
        'memberships.json',
        'payments.json',
        'loans.json',
        'notifications.json',
        'activity.json',
      ]),
    );
    const uploaded = names.filter((name) => name.startsWith('files/') && !name.endsWith('/'));
    expect(uploaded.some((name) => name.startsWith('files/profile-picture-'))).toBe(true);
    expect(uploaded.some((name) => name.startsWith('files/id-document-'))).toBe(true);
    expect(uploaded.filter((name) => name.startsWith('files/nok-'))).toHaveLength(6);

    const account = JSON.parse(strFromU8(zip['account.json']!));
    expect(account).toMatchObject({ email: member.email, nationalId: member.nationalId });
    expect(account.passwordHash).toBeUndefined();
    expect(JSON.parse(strFromU8(zip['next-of-kin.json']!))).toHaveLength(2);
    const activity = JSON.parse(strFromU8(zip['activity.json']!)) as { action: string }[];
    expect(activity.map((row) => row.action)).toContain('auth.sign_in');

    // Nothing of the neighbour's, and no secret of the member's own.
    const everything = Object.values(zip)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n');
    expect(everything).not.toContain(neighbour.email);
    expect(everything).not.toContain(neighbour.userId);
    expect(everything).not.toMatch(/\$argon2/);

    const theirs = await exportOf(neighbour.token);
    const mine = new Set(uploaded);
    expect(Object.keys(theirs).filter((name) => mine.has(name))).toEqual([]);
  });
});
