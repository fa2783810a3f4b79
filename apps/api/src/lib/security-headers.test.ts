import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { afterEach, describe, expect, it } from 'vitest';
import { addSecurityHeaders, securityHeadersOf } from './security-headers.js';

const options: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
};

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The headers helmet itself writes on a real answer of a real server, per request as its middleware runs. */
async function helmetOnARealAnswer(): Promise<Record<string, string>> {
  const apply = helmet(options);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    apply(req, res, () => res.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name))
      headers[name] = value;
  });
  return headers;
}

describe('security headers', () => {
  it('are, worked out once, exactly the headers helmet writes on each answer', async () => {
    const once = Object.fromEntries(securityHeadersOf(options));
    expect(once).toEqual(await helmetOnARealAnswer());
    expect(once['content-security-policy']).toBe("default-src 'self';frame-ancestors 'none'");
    expect(once['x-content-type-options']).toBe('nosniff');
  });

  it("go on every answer with its request id, and a route's own caching wins over the API's no-store", async () => {
    const app = Fastify({ genReqId: () => 'request-7' });
    closers.push(() => app.close());
    addSecurityHeaders(app, options, ['/api/docs']);
    app.get('/api/plain', async () => ({ ok: true }));
    app.get('/api/file', async (_request, reply) => reply.header('cache-control', 'private, max-age=60').send('x'));
    app.get('/api/docs', async (_request, reply) => reply.type('text/html').send('<p>reference</p>'));
    app.get('/page', async () => 'page');

    const plain = await app.inject({ method: 'GET', url: '/api/plain' });
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.headers['x-request-id']).toBe('request-7');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');

    const file = await app.inject({ method: 'GET', url: '/api/file' });
    expect(file.headers['cache-control']).toBe('private, max-age=60');

    const page = await app.inject({ method: 'GET', url: '/page' });
    expect(page.headers['cache-control']).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    const missing = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers['x-frame-options']).toBe('DENY');
  });

  it('give an API answer the policies an answer acts on, and a page of the API the whole set', async () => {
    const app = Fastify();
    closers.push(() => app.close());
    addSecurityHeaders(app, options, ['/api/docs']);
    app.get('/api/plain', async () => ({ ok: true }));
    app.get('/api/docs', async (_request, reply) => reply.type('text/html').send('<p>reference</p>'));
    const whole = Object.fromEntries(securityHeadersOf(options));

    const api = (await app.inject({ method: 'GET', url: '/api/plain' })).headers;
    expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api['x-frame-options']).toBe('DENY');
    for (const name of ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']) {
      expect(api[name], name).toBe(whole[name]);
    }
    for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) {
      expect(api[name], name).toBeUndefined();
    }

    const reference = (await app.inject({ method: 'GET', url: '/api/docs' })).headers;
    for (const [name, value] of Object.entries(whole)) expect(reference[name], name).toBe(value);
    expect(reference['cache-control']).toBe('no-store');
  });
});
