import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerMember, type TestContext } from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { multipart, png } from '../../../test/files.js';
import { files } from '../../db/schema.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ACTIVE = 'This PDF contains active content and cannot be accepted. Please upload a scan or a photo.';

function send(app: TestContext['app'], token: string, kind: string, body: Buffer) {
  const form = multipart({ filename: 'upload', contentType: 'application/octet-stream', body });
  return app.inject({
    method: 'POST',
    url: `/api/uploads/${kind}`,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
}

/** A one-page PDF made with pdf-lib, saved with compressed object streams; `change` adds to it. */
async function makePdf(change: (doc: PDFDocument) => void | Promise<void> = () => undefined): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText('Proof of payment: R 1 000.00', { x: 50, y: 780, size: 14 });
  await change(doc);
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** A page annotation with the given action. */
function addLink(doc: PDFDocument, action: { S: string } & Record<string, string | PDFString>) {
  const page = doc.getPage(0);
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [50, 50, 200, 80],
    Border: [0, 0, 0],
    A: doc.context.obj(action),
  });
  page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
}

/** The header of a PNG claiming `width` x `height`, with a token of image data: nothing to decode. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe(`uploads without active content (${testEngine})`, () => {
  it('accepts a plain PDF, and one that opens on its first page', async () => {
    const { token } = await registerMember(t.app);
    expect((await send(t.app, token, 'id-document', await makePdf())).statusCode).toBe(201);
    const opening = await makePdf((doc) => {
      const goTo = doc.context.obj({ S: 'GoTo', D: [doc.getPage(0).ref, 'Fit'] });
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(goTo));
    });
    expect((await send(t.app, token, 'proof-of-payment', opening)).statusCode).toBe(201);
  });

  it('refuses an encrypted PDF, even one any viewer opens without a password, keeping nothing', async () => {
    const { token, userId } = await registerMember(t.app);
    const bytes = await makePdf((doc) => {
      const script = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of("app.alert('hi')") });
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(script));
      doc.encrypt({ userPassword: '', ownerPassword: 'owner', algorithm: 'AES-256' });
    });
    const refused = await send(t.app, token, 'id-document', bytes);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error).toBe('Please upload an unprotected scan.');
    expect(await t.db.select().from(files).where(eq(files.ownerId, userId))).toHaveLength(0);
  });

  it('refuses JavaScript hidden in a compressed object stream, with the message', async () => {
    const { token, userId } = await registerMember(t.app);
    const bytes = await makePdf((doc) => {
      const script = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of("app.alert('hi')") });
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(script));
    });
    // The action is inside a compressed object stream: a search of the raw bytes would not find it.
    expect(bytes.includes('/JavaScript')).toBe(false);
    const refused = await send(t.app, token, 'id-document', bytes);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error).toBe(ACTIVE);
    expect(await t.db.select().from(files).where(eq(files.ownerId, userId))).toHaveLength(0);
  });

  it.each([
    ['a launch action', (doc: PDFDocument) => addLink(doc, { S: 'Launch', F: PDFString.of('calc.exe') })],
    ['a web link', (doc: PDFDocument) => addLink(doc, { S: 'URI', URI: PDFString.of('https://bank.example/x') })],
    [
      'an open action to a file on another machine',
      (doc: PDFDocument) => {
        const remote = doc.context.obj({ S: 'GoToR', F: PDFString.of('\\\\attacker\\share\\x.pdf'), D: [0, 'Fit'] });
        doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(remote));
      },
    ],
    ['JavaScript on a link', (doc: PDFDocument) => addLink(doc, { S: 'JavaScript', JS: PDFString.of('this.print()') })],
    ['an embedded file', (doc: PDFDocument) => doc.attach(Buffer.from('MZ not really a program'), 'setup.exe')],
    ['a form', (doc: PDFDocument) => void doc.getForm().createTextField('amount').addToPage(doc.getPage(0))],
  ])('refuses a PDF with %s', async (_name, change) => {
    const { token } = await registerMember(t.app);
    const refused = await send(t.app, token, 'proof-of-payment', await makePdf(change));
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error).toBe(ACTIVE);
  });

  it('refuses a 15000 x 15000 image from its header in under a second, and keeps answering', async () => {
    const { token } = await registerMember(t.app);
    const started = Date.now();
    const refused = await send(t.app, token, 'profile-picture', pngHeaderOnly(15_000, 15_000));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toBe(
      'This image is too large (more than 40 megapixels). Please upload a smaller photo or scan.',
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await send(t.app, token, 'profile-picture', await png())).statusCode).toBe(201);
  });
});

describe(`the storage quota (${testEngine})`, () => {
  it('refuses an upload past UPLOAD_QUOTA_MB, keeping nothing of it', async () => {
    const small = await createTestApp({ UPLOAD_QUOTA_MB: '1' });
    try {
      const { token, userId } = await registerMember(small.app);
      // Noise does not compress: about 430 kB each as PNG, so two fit in a megabyte and a third does not.
      const bulky = await sharp(randomBytes(380 * 380 * 3), { raw: { width: 380, height: 380, channels: 3 } })
        .png()
        .toBuffer();
      expect((await send(small.app, token, 'profile-picture', bulky)).statusCode).toBe(201);
      expect((await send(small.app, token, 'profile-picture', bulky)).statusCode).toBe(201);
      const refused = await send(small.app, token, 'profile-picture', bulky);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().error).toBe(
        'Your files have reached the 1 MB storage limit. Please contact the cooperative to remove old files.',
      );
      const kept = await small.db.select().from(files).where(eq(files.ownerId, userId));
      expect(kept).toHaveLength(2);
      // Another account has its own quota.
      const other = await registerMember(small.app);
      expect((await send(small.app, other.token, 'profile-picture', bulky)).statusCode).toBe(201);
    } finally {
      await small.close();
    }
  });
});
