import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedActiveMember, seedAdmin, type TestContext } from '../../test/app.js';
import { testEngine } from '../../test/database.js';
import { COMPRESS_THRESHOLD_BYTES } from './compress-json.js';

let t: TestContext;
let token: string;
const logLines: string[] = [];
const listUrl = '/api/admin/members?search=compressed&limit=100';

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } },
  );
  token = await login(t.app, (await seedAdmin(t.db, { roles: ['member_management'] })).email);
  for (let n = 0; n < 8; n += 1) await seedActiveMember(t.db, { fullName: `Compressed Listing ${n}` });
});
afterAll(async () => {
  await t?.close();
});

const list = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: listUrl,
    headers: { ...bearer(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe(`compressed API answers (${testEngine})`, () => {
  it('sends a large answer as brotli to a client that accepts it, at less than half its size', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.headers.vary).toContain('accept-encoding');

    const brotli = await list('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('sends gzip to a client that accepts only gzip, and nothing compressed to one that refuses both', async () => {
    const plain = await list();
    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const refused = await list('br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('leaves a small answer as it is', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('logs no error when a client goes away in the middle of a compressed answer', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const abandoned = Array.from({ length: 10 }, () => abandonRequest(port));
    await Promise.all(abandoned);
    // A finished answer: the server is still answering after the abandoned ones.
    const after = await list('br');
    expect(after.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const errors = logLines
      .map((line) => JSON.parse(line) as { level: number; msg?: string })
      .filter((l) => l.level >= 50);
    expect(errors).toEqual([]);
    // The requests did reach the server, so the check above had something to judge.
    expect(logLines.some((line) => line.includes(listUrl.split('?')[0]!))).toBe(true);
  });
});

/** Asks for the list with brotli and closes the connection as soon as the answer starts (or right away). */
function abandonRequest(port: number): Promise<void> {
  return new Promise((resolve) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      path: listUrl,
      headers: { ...bearer(token), 'accept-encoding': 'br' },
    });
    request.on('response', (response) => {
      response.destroy();
      request.destroy();
      resolve();
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.end();
    setImmediate(() => request.destroy());
  });
}
