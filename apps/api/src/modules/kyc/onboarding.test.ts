import { resumeStep, saIdNumberFor, todayInJohannesburg } from '@letsema/domain';
import { and, eq, sql } from 'drizzle-orm';
import { connect } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dataOf,
  registerMember,
  seedAdmin,
  login,
  type TestContext,
} from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { jpegWithGps, multipart, pdf, png } from '../../../test/files.js';
import { emailOutbox, notifications, rateLimits, users } from '../../db/schema.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function yearsAgo(years: number, days = 0): string {
  const [y, m, d] = todayInJohannesburg().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d - days)).toISOString().slice(0, 10);
}

const profile = {
  fullName: 'Thandi Mokoena',
  phoneNumber: '0821234567',
  identityType: 'national_id',
  nationalId: '8001015009087',
  dateOfBirth: '1980-01-01',
  address: '12 Vilakazi Street, Orlando West, Soweto',
};

async function upload(token: string, kind: string, body: Buffer, contentType = 'image/jpeg', filename = 'file.jpg') {
  const form = multipart({ filename, contentType, body });
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads/${kind}`,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
}

async function uploadOk(token: string, kind: string, body: Buffer, contentType = 'image/jpeg'): Promise<string> {
  const response = await upload(token, kind, body, contentType);
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<{ url: string }>(response).url;
}

const me = async (token: string) =>
  dataOf<Record<string, unknown>>(await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) }));
const kinList = async (token: string) =>
  dataOf<Record<string, unknown>[]>(
    await t.app.inject({ method: 'GET', url: '/api/auth/next-of-kin', headers: bearer(token) }),
  );

async function kinBody(token: string, nokOrder: number, change: Record<string, unknown> = {}) {
  return {
    fullName: `Kin Number ${nokOrder}`,
    relationship: 'Sister',
    phoneNumber: '0831234567',
    email: '',
    nationalId: `P987654${nokOrder}`,
    dateOfBirth: '1985-06-15',
    address: '45 Jan Smuts Avenue, Johannesburg',
    nokOrder,
    passportPhotoUrl: await uploadOk(token, 'nok-passport-photo', await png(), 'image/png'),
    idDocumentUrl: await uploadOk(token, 'nok-id-document', pdf(), 'application/pdf'),
    proofOfAddressUrl: await uploadOk(token, 'nok-proof-of-address', pdf(), 'application/pdf'),
    ...change,
  };
}

const postKin = (token: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/next-of-kin', payload: body, headers: bearer(token) });

/** What the wizard would resume at, computed from the member's data as the browser does. */
async function stepOf(token: string) {
  const user = (await me(token)) as unknown as Parameters<typeof resumeStep>[0];
  return resumeStep(user, (await kinList(token)) as never);
}

describe(`the member's registration (${testEngine})`, () => {
  it('goes from a new account through six steps to awaiting review, and tells the member', async () => {
    const { token, userId } = await registerMember(t.app);
    expect(await stepOf(token)).toBe(1);

    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: profile,
      headers: bearer(token),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<{ fullName: string }>(saved).fullName).toBe('Thandi Mokoena');
    expect(await stepOf(token)).toBe(2);

    await uploadOk(token, 'profile-picture', await jpegWithGps());
    expect(await stepOf(token)).toBe(3);
    await uploadOk(token, 'id-document', pdf(), 'application/pdf');
    expect(await stepOf(token)).toBe(4);

    expect((await postKin(token, await kinBody(token, 1))).statusCode).toBe(201);
    expect(await stepOf(token)).toBe(5);
    expect((await me(token)).registrationStatus).toBe('pending_kyc');
    const [before] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(before!.submittedAt).toBeNull();

    expect((await postKin(token, await kinBody(token, 2))).statusCode).toBe(201);
    expect(await stepOf(token)).toBe(6);
    const [after] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(after!.submittedAt).toBeInstanceOf(Date);

    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(notes.map((n) => n.title)).toEqual(['Registration received']);
    const mails = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, after!.email))).filter(
      (mail) => mail.subject !== 'Letsema: confirm your e-mail address',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('1-2 business days');
    expect(mails[0]!.text).not.toContain('8001015009087');

    // Under review: nothing can be changed, and a third kin is refused.
    const third = await postKin(token, await kinBody(token, 2));
    expect(third.statusCode).toBe(409);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: profile,
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(409);
  });

  it('takes numbers as printed (spaces, +27) and keeps their digits, for the member and the kin', async () => {
    const { token, userId } = await registerMember(t.app);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: { ...profile, phoneNumber: '082 123 4567', nationalId: '800101 5111 081' },
      headers: bearer(token),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [member] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(member).toMatchObject({ phoneNumber: '0821234567', nationalId: '8001015111081' });
    await uploadOk(token, 'profile-picture', await jpegWithGps());
    await uploadOk(token, 'id-document', pdf(), 'application/pdf');
    const kin = await postKin(token, await kinBody(token, 1, { phoneNumber: '+27 83 123 4567' }));
    expect(kin.statusCode, kin.body).toBe(201);
    expect((await kinList(token))[0]).toMatchObject({ phoneNumber: '0831234567' });
    // Too many digits is refused with the message, not cut short.
    const long = await postKin(token, await kinBody(token, 2, { phoneNumber: '083 123 45678' }));
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Phone number must be 10 digits starting with 0');
  });

  it('refuses a third next of kin and kin out of order', async () => {
    const { token } = await registerMember(t.app);
    const outOfOrder = await postKin(token, await kinBody(token, 2));
    expect(outOfOrder.statusCode).toBe(409);
    expect(outOfOrder.json().error).toBe('Please add next of kin #1 first');
    expect((await postKin(token, await kinBody(token, 1))).statusCode).toBe(201);
    const duplicate = await postKin(token, await kinBody(token, 1));
    expect(duplicate.statusCode).toBe(409);
    expect((await postKin(token, await kinBody(token, 2))).statusCode).toBe(201);
    const third = await postKin(token, await kinBody(token, 3));
    expect(third.statusCode).toBe(400);
    expect(third.json().details.nokOrder).toBe('Next of kin number must be 1 or 2');
    expect(await kinList(token)).toHaveLength(2);
  });

  it('refuses an ID number another account holds, even when two profiles name it at once', async () => {
    const saveProfile = async (token: string, nationalId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/complete-profile',
        payload: { ...profile, nationalId },
        headers: bearer(token),
      });
    const taken =
      'This ID number is already registered to another account. Sign in to that account, or contact us if it is not yours.';
    const number = saIdNumberFor(profile.dateOfBirth, 2);
    const first = await registerMember(t.app);
    const second = await registerMember(t.app);
    expect((await saveProfile(first.token, number)).statusCode).toBe(200);
    const again = await saveProfile(second.token, `${number.slice(0, 6)} ${number.slice(6)}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().details.nationalId).toBe(taken);
    const passport = async (token: string, nationalId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/complete-profile',
        payload: { ...profile, identityType: 'passport', nationalId },
        headers: bearer(token),
      });
    const third = await registerMember(t.app);
    expect((await passport(third.token, 'B7654321')).statusCode).toBe(200);
    expect((await passport(second.token, 'b7654321')).statusCode).toBe(409);
    // The holder may save their own profile again.
    expect((await saveProfile(first.token, number)).statusCode).toBe(200);

    // At the same moment (on PostgreSQL, two connections): one is saved, the other refused.
    const racing = saIdNumberFor(profile.dateOfBirth, 3);
    const racers = [await registerMember(t.app), await registerMember(t.app)];
    const answers = await Promise.all(racers.map((racer) => saveProfile(racer.token, racing)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [holders] = (
      await t.db.execute<{ n: number }>(sql`select count(*)::int as n from users where national_id = ${racing}`)
    ).rows;
    expect(holders!.n).toBe(1);
  });

  it('refuses a next of kin who is the member, or who is already the other next of kin', async () => {
    const { token } = await registerMember(t.app);
    const own = saIdNumberFor(profile.dateOfBirth, 1);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: { ...profile, nationalId: own },
      headers: bearer(token),
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const self = await postKin(token, await kinBody(token, 1, { nationalId: `${own.slice(0, 6)} ${own.slice(6)}` }));
    expect(self.statusCode).toBe(400);
    expect(self.json().details.nationalId).toBe('Your next of kin must be someone other than you');
    expect((await postKin(token, await kinBody(token, 1))).statusCode).toBe(201);

    const twice = await postKin(token, await kinBody(token, 2, { nationalId: 'p9876541' }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details.nationalId).toBe('This person is already your next of kin #1. Please add someone else');
    expect((await postKin(token, await kinBody(token, 2))).statusCode).toBe(201);
    expect((await kinList(token)).map((kin) => kin.nationalId)).toEqual(['P9876541', 'P9876542']);

    // Nor may the member's own number become a next of kin's afterwards.
    const asKin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: { ...profile, identityType: 'passport', nationalId: 'p9876542' },
      headers: bearer(token),
    });
    expect(asKin.statusCode).toBe(400);
    expect(asKin.json().details.nationalId).toBe('This is the ID number of your next of kin #2. Please enter your own');
  });

  it("refuses kin documents that are not this member's uploads of that kind", async () => {
    const first = await registerMember(t.app);
    const other = await registerMember(t.app);
    const othersPhoto = await uploadOk(other.token, 'nok-passport-photo', await png(), 'image/png');
    const body = await kinBody(first.token, 1, { passportPhotoUrl: othersPhoto });
    const response = await postKin(first.token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual({ passportPhotoUrl: 'Please upload NOK passport photo' });

    // Its own file, but uploaded as another kind of document.
    const wrongKind = await kinBody(first.token, 1);
    wrongKind.proofOfAddressUrl = wrongKind.idDocumentUrl;
    expect((await postKin(first.token, wrongKind)).json().details).toEqual({
      proofOfAddressUrl: 'Please upload NOK proof of address',
    });
  });

  it.each([
    [{ fullName: 'T' }, 'fullName', 'Full name must be at least 2 characters'],
    [{ phoneNumber: '12345' }, 'phoneNumber', 'Phone number must be 10 digits starting with 0'],
    [{ identityType: '' }, 'identityType', 'Please select an identity type'],
    [{ identityType: 'passport', nationalId: '123' }, 'nationalId', 'ID number must be at least 5 characters'],
    [{ nationalId: '8001015009088' }, 'nationalId', 'Enter a valid 13-digit South African ID number'],
    [{ dateOfBirth: '1980-01-02' }, 'nationalId', 'The ID number does not match the date of birth'],
    [{ dateOfBirth: '01/01/1980' }, 'dateOfBirth', 'Date of birth must be a valid date (YYYY-MM-DD)'],
    [
      { identityType: 'passport', nationalId: 'A1234567', dateOfBirth: yearsAgo(18, -1) },
      'dateOfBirth',
      'You must be at least 18 years old',
    ],
    [{ address: 'abc' }, 'address', 'Address must be at least 5 characters'],
  ])('answers the profile %j with %s: %s', async (change, field, message) => {
    const { token } = await registerMember(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: { ...profile, ...change },
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[field]).toBe(message);
  });

  it('answers kin validation with the spec messages', async () => {
    const { token } = await registerMember(t.app);
    const response = await postKin(token, {
      ...(await kinBody(token, 1)),
      email: 'not-an-email',
      dateOfBirth: yearsAgo(17),
      relationship: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toMatchObject({
      email: 'Invalid email address',
      dateOfBirth: 'Next of kin must be at least 18 years old',
      relationship: 'Relationship must be at least 2 characters',
    });
  });
});

describe(`uploads (${testEngine})`, () => {
  it('re-encodes photos so their GPS position and camera are gone', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(Buffer.from('SecretCam'))).toBe(true);

    const { token } = await registerMember(t.app);
    const url = await uploadOk(token, 'nok-passport-photo', original);
    const served = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const stored = served.rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it.each([
    ['a text file named .png', 'nok-passport-photo', Buffer.from('just some text, not an image'), 'image/png', 415],
    [
      'an SVG',
      'profile-picture',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
      415,
    ],
    ['a PDF as a photo', 'profile-picture', pdf(), 'application/pdf', 415],
    ['an HTML page', 'id-document', Buffer.from('<!doctype html><script>alert(1)</script>'), 'text/html', 415],
  ])('refuses %s', async (_name, kind, body, contentType, status) => {
    const { token } = await registerMember(t.app);
    const response = await upload(token, kind, body, contentType, 'upload.png');
    expect(response.statusCode).toBe(status);
    expect(response.json().success).toBe(false);
  });

  it('cleans an HTML/JPEG polyglot: the stored image carries no script', async () => {
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    // Valid JPEG first, HTML after the end-of-image marker: browsers sniffing for HTML would run it.
    const polyglot = Buffer.concat([jpeg, Buffer.from('<html><script>alert("owned")</script></html>')]);
    const { token } = await registerMember(t.app);
    const url = await uploadOk(token, 'nok-passport-photo', polyglot);
    const served = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a file over 10 MB with 413', async () => {
    const { token } = await registerMember(t.app);
    const big = Buffer.concat([pdf(), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const response = await upload(token, 'id-document', big, 'application/pdf', 'big.pdf');
    expect(response.statusCode).toBe(413);
    // The message the browser gives before sending such a file.
    expect(response.json().error).toBe('The file is too large. The limit is 10 MB.');
  });

  it('limits uploads per account with 429', async () => {
    const { token, userId } = await registerMember(t.app);
    await uploadOk(token, 'proof-of-payment', await png(), 'image/png');
    await t.db
      .update(rateLimits)
      .set({ count: 60 })
      .where(eq(rateLimits.key, `uploads:user:${userId}`));
    const refused = await upload(token, 'proof-of-payment', await png(), 'image/png');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('Too many uploads. Please try again later.');
    // Another member is not affected.
    const other = await registerMember(t.app);
    await uploadOk(other.token, 'proof-of-payment', await png(), 'image/png');
  });

  it('answers an unknown upload kind with 404, a missing file with 400 and no token with 401', async () => {
    const { token } = await registerMember(t.app);
    expect((await upload(token, 'passport-of-the-cat', await png())).statusCode).toBe(404);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/profile-picture',
      payload: {},
      headers: bearer(token),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Please select a photo to upload');
    const noKinFile = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/nok-proof-of-address',
      payload: {},
      headers: bearer(token),
    });
    expect(noKinFile.json().error).toBe('Please upload NOK proof of address');
    const form = multipart({ filename: 'a.png', contentType: 'image/png', body: await png() });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/profile-picture',
      payload: form.payload,
      headers: form.headers,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe(`who may see a file (${testEngine})`, () => {
  it('answers the owner and admins whose role covers it; everyone else gets 404', async () => {
    const owner = await registerMember(t.app);
    const stranger = await registerMember(t.app);
    const idUrl = await uploadOk(owner.token, 'nok-id-document', pdf(), 'application/pdf');
    const proofUrl = await uploadOk(owner.token, 'proof-of-payment', await png(), 'image/png');

    const reviewer = await login(t.app, (await seedAdmin(t.db, { roles: ['member_management'] })).email);
    const cashier = await login(t.app, (await seedAdmin(t.db, { roles: ['payment_management'] })).email);

    const get = (url: string, token?: string) =>
      t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

    const ownerView = await get(idUrl, owner.token);
    expect(ownerView.statusCode).toBe(200);
    expect(ownerView.headers['content-disposition']).toMatch(/^attachment; filename="nok-id-document\.pdf"$/);
    expect(ownerView.headers['cache-control']).toBe('private, no-store');
    expect(ownerView.headers['x-content-type-options']).toBe('nosniff');
    expect(ownerView.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    expect((await get(idUrl, stranger.token)).statusCode).toBe(404);
    expect((await get(idUrl, reviewer)).statusCode).toBe(200);
    expect((await get(idUrl, cashier)).statusCode).toBe(404);
    expect((await get(proofUrl, cashier)).statusCode).toBe(200);
    expect((await get(proofUrl, reviewer)).statusCode).toBe(404);
    expect((await get(proofUrl, stranger.token)).statusCode).toBe(404);
    expect((await get(idUrl)).statusCode).toBe(401);
  });

  it('answers path tricks with 404', async () => {
    const { token } = await registerMember(t.app);
    const url = await uploadOk(token, 'nok-id-document', pdf(), 'application/pdf');
    const key = url.replace('/api/files/', '');
    const [folder, name] = key.split('/');
    for (const trick of [
      `/api/files/${folder}%2F${name}`,
      `/api/files/${folder}%2f${name}`,
      `/api/files/${key}%00.png`,
      '/api/files/../../package.json',
      '/api/files/..%2F..%2Fpackage.json',
      '/api/files/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: trick, headers: bearer(token) });
      expect(response.statusCode, trick).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(200);

    // A real client may send '..' unnormalised; the server must not resolve it.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const rawGet = (path: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
          );
        });
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer.split('\r\n')[0]!));
        socket.on('error', reject);
      });
    expect(await rawGet(url)).toBe('HTTP/1.1 200 OK');
    for (const trick of [
      `/api/files/${folder}/../${folder}/${name}`,
      `/api/files/${folder}/%2e%2e/${folder}/${name}`,
    ]) {
      expect(await rawGet(trick), trick).toBe('HTTP/1.1 404 Not Found');
    }
  });

  it('records each file against its owner', async () => {
    const { token, userId } = await registerMember(t.app);
    const url = await uploadOk(token, 'profile-picture', await png(), 'image/png');
    const [user] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.id, userId)));
    expect(user!.profilePictureUrl).toBe(url);
  });
});
