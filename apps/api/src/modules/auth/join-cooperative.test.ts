import { joinMessages } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  login,
  seedActiveMember,
  seedAdmin,
  TEST_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { cooperatives, DEFAULT_COOPERATIVE_ID, users } from '../../db/schema.js';

let t: TestContext;
let firstSlug: string;
beforeAll(async () => {
  t = await createTestApp();
  const [first] = await t.db
    .select({ slug: cooperatives.slug })
    .from(cooperatives)
    .where(eq(cooperatives.id, DEFAULT_COOPERATIVE_ID));
  firstSlug = first!.slug;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });
const join = (slug: string, token: string) =>
  t.app.inject({ method: 'POST', url: `/api/cooperatives/${slug}/join`, headers: bearer(token) });

describe(`invitation links (${testEngine})`, () => {
  it("gives an admin the cooperative's link, a WhatsApp message and a QR code of it", async () => {
    const admin = await login(t.app, (await seedAdmin(t.db, { roles: ['member_management'] })).email);
    const link = dataOf<{ url: string; whatsappUrl: string; qrDataUrl: string }>(
      await get('/api/admin/invitation', admin),
    );
    expect(link.url).toBe(`${t.config.publicUrl}/join/${firstSlug}`);
    expect(decodeURIComponent(link.whatsappUrl)).toContain(link.url);
    expect(link.whatsappUrl.startsWith('https://wa.me/?text=')).toBe(true);
    expect(link.qrDataUrl.startsWith('data:image/png;base64,')).toBe(true);
    const member = await login(t.app, (await seedActiveMember(t.db)).email);
    expect((await get('/api/admin/invitation', member)).statusCode).toBe(403);
  });

  it('shows the cooperative a link names to anyone, and answers an unknown link with 404', async () => {
    const card = dataOf<{ id: string; slug: string }>(await get(`/api/cooperatives/${firstSlug}`));
    expect(card).toMatchObject({ id: DEFAULT_COOPERATIVE_ID, slug: firstSlug });
    const unknown = await get('/api/cooperatives/no-such-club');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(joinMessages.noSuchCooperative);
  });

  it('counts the links tried from one address, as sign-ins are', async () => {
    const limited = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '2' });
    try {
      const lookup = (slug: string) => limited.app.inject({ method: 'GET', url: `/api/cooperatives/${slug}` });
      expect((await lookup('no-such-club')).statusCode).toBe(404);
      expect((await lookup('nor-this-one')).statusCode).toBe(404);
      const refused = await lookup(firstSlug);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe(joinMessages.tooManyLookups);
    } finally {
      await limited.close();
    }
  });

  it('refuses a person who already belongs, and registers a new person into the cooperative of the link', async () => {
    const member = await login(t.app, (await seedActiveMember(t.db)).email);
    const again = await join(firstSlug, member);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(joinMessages.alreadyMember);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail(), password: TEST_PASSWORD, cooperative: 'no-such-club' },
    });
    expect(refused.statusCode).toBe(404);
  });

  it.runIf(testEngine === 'postgres')(
    'lets a member of one cooperative join another with their login, as a new application there',
    async () => {
      const founder = dataOf<{ token: string; cooperative: { id: string; slug: string } }>(
        await t.app.inject({
          method: 'POST',
          url: '/api/cooperatives/start',
          payload: {
            name: 'Masakhane Stokvel',
            province: 'Limpopo',
            founderName: 'Sipho Ndlovu',
            email: uniqueEmail('founder'),
            password: 'a long founder password',
          },
        }),
      );
      const { url } = dataOf<{ url: string }>(await get('/api/admin/invitation', founder.token));
      const slug = url.split('/join/')[1]!;
      expect(slug).toBe(founder.cooperative.slug);

      const person = await seedActiveMember(t.db, { fullName: 'Thandi in Two' });
      const inFirst = await login(t.app, person.email);
      const joined = await join(slug, inFirst);
      expect(joined.statusCode, joined.body).toBe(201);
      const inSecond = dataOf<{ token: string }>(joined).token;
      const me = dataOf<{ id: string; registrationStatus: string }>(await get('/api/auth/me', inSecond));
      expect(me.registrationStatus).toBe('pending_kyc');
      const [row] = await t.db.select().from(users).where(eq(users.id, me.id));
      expect(row).toMatchObject({ cooperativeId: founder.cooperative.id, loginId: person.loginId });
      expect((await join(slug, inSecond)).statusCode).toBe(409);
      const listed = dataOf<{ id: string }[]>(await get('/api/auth/cooperatives', inFirst)).map((c) => c.id);
      expect(listed.sort()).toEqual([DEFAULT_COOPERATIVE_ID, founder.cooperative.id].sort());

      // A new person registers by the link straight into that cooperative.
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: uniqueEmail('invited'), password: TEST_PASSWORD, cooperative: slug },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const newcomer = dataOf<{ id: string }>(await get('/api/auth/me', dataOf<{ token: string }>(registered).token));
      const [newRow] = await t.db.select().from(users).where(eq(users.id, newcomer.id));
      expect(newRow!.cooperativeId).toBe(founder.cooperative.id);
    },
  );
});
