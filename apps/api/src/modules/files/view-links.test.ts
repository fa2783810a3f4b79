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
import { multipart, pdf, png } from '../../../test/files.js';
import { signFileViewToken } from '../../lib/tokens.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function upload(token: string, kind: string, body: Buffer, contentType: string): Promise<string> {
  const form = multipart({ filename: 'proof', contentType, body });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/uploads/${kind}`,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<{ url: string }>(response).url;
}

function askLink(token: string, url: string) {
  return t.app.inject({ method: 'POST', url: '/api/files/view-links', payload: { url }, headers: bearer(token) });
}

async function linkFor(token: string, url: string): Promise<string> {
  const response = await askLink(token, url);
  expect(response.statusCode, response.body).toBe(200);
  const data = dataOf<{ url: string; expiresInSeconds: number }>(response);
  expect(data.expiresInSeconds).toBe(120);
  return data.url;
}

const open = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe(`a proof shown in a frame of the app (${testEngine})`, () => {
  it('answers a view link inline, framable by this site only, without the bearer token', async () => {
    const member = await registerMember(t.app);
    const proofUrl = await upload(member.token, 'proof-of-payment', pdf(), 'application/pdf');
    const cashier = await login(t.app, (await seedAdmin(t.db, { roles: ['payment_management'] })).email);

    // Read with the bearer token, a PDF stays an attachment that no page may frame.
    const plain = await open(proofUrl, bearer(cashier));
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-disposition']).toBe('attachment; filename="proof-of-payment.pdf"');
    expect(plain.headers['x-frame-options']).toBe('DENY');

    const link = await linkFor(cashier, proofUrl);
    expect(link.startsWith(`${proofUrl}?view=`)).toBe(true);
    const framed = await open(link);
    expect(framed.statusCode).toBe(200);
    expect(framed.headers['content-type']).toBe('application/pdf');
    expect(framed.headers['content-disposition']).toBe('inline');
    expect(framed.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'; sandbox");
    expect(framed.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(framed.headers['referrer-policy']).toBe('no-referrer');
    expect(framed.headers['x-content-type-options']).toBe('nosniff');
    expect(framed.headers['cache-control']).toBe('private, no-store');
    expect(framed.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(framed.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The owner may ask too; an image is answered inline as before.
    const imageUrl = await upload(member.token, 'proof-of-payment', await png(), 'image/png');
    const image = await open(await linkFor(member.token, imageUrl));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('gives a link only to who may read the file, and the link opens that file alone', async () => {
    const member = await registerMember(t.app);
    const stranger = await registerMember(t.app);
    const proofUrl = await upload(member.token, 'proof-of-payment', pdf(), 'application/pdf');
    const otherUrl = await upload(member.token, 'proof-of-payment', await png(), 'image/png');
    const reviewer = await login(t.app, (await seedAdmin(t.db, { roles: ['member_management'] })).email);
    const cashier = await login(t.app, (await seedAdmin(t.db, { roles: ['payment_management'] })).email);

    expect((await askLink(stranger.token, proofUrl)).statusCode).toBe(404);
    expect((await askLink(reviewer, proofUrl)).statusCode).toBe(404);
    expect((await askLink(cashier, '/api/files/00/no-such-file.pdf')).statusCode).toBe(404);
    const tricked = await askLink(cashier, `${proofUrl}/../../package.json`);
    expect([400, 404]).toContain(tricked.statusCode);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/files/view-links', payload: { url: proofUrl } })).statusCode,
    ).toBe(401);

    const link = await linkFor(cashier, proofUrl);
    const token = new URL(link, 'http://x').searchParams.get('view')!;
    // The token names one file: with another key it opens nothing.
    expect((await open(`${otherUrl}?view=${encodeURIComponent(token)}`)).statusCode).toBe(401);
    // Altered, it opens nothing.
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await open(`${proofUrl}?view=${encodeURIComponent(altered)}`)).statusCode).toBe(401);
    // It is no session token: as a bearer it opens no call.
    expect((await open('/api/auth/me', bearer(token))).statusCode).toBe(401);
    expect((await open(proofUrl, bearer(token))).statusCode).toBe(401);
  });

  it('stops working after two minutes, and when the session that asked for it signs out', async () => {
    const member = await registerMember(t.app);
    const proofUrl = await upload(member.token, 'proof-of-payment', pdf(), 'application/pdf');
    const admin = await seedAdmin(t.db, { roles: ['payment_management'] });
    const cashier = await login(t.app, admin.email);
    const key = proofUrl.replace('/api/files/', '');

    const me = dataOf<{ id: string }>(await open('/api/auth/me', bearer(cashier)));
    const sessionId = JSON.parse(Buffer.from(cashier.split('.')[1]!, 'base64url').toString()).sid as string;
    const old = await signFileViewToken(
      t.config.jwtSecret,
      { userId: me.id, sessionId, key },
      new Date(Date.now() - 121_000),
    );
    expect((await open(`${proofUrl}?view=${encodeURIComponent(old)}`)).statusCode).toBe(401);
    const fresh = await signFileViewToken(t.config.jwtSecret, { userId: me.id, sessionId, key });
    expect((await open(`${proofUrl}?view=${encodeURIComponent(fresh)}`)).statusCode).toBe(200);

    const link = await linkFor(cashier, proofUrl);
    expect((await open(link)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(cashier) });
    expect(out.statusCode).toBe(200);
    expect((await open(link)).statusCode).toBe(401);
  });
});
