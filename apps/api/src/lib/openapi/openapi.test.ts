import { Validator } from '@seriousme/openapi-schema-validator';
import { notificationMessages } from '@letsema/domain';
import Fastify from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswers, openApiPath } from '../../../test/answer-check.js';
import { bearer, createTestApp, registerMember, type TestContext } from '../../../test/app.js';
import { testEngine } from '../../../test/database.js';
import { ok } from '../envelope.js';
import { DOCS_PREFIX, OPENAPI_PATH, registerOpenApi } from './register.js';
import { routeDoc } from './route-doc.js';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  'x-required-role'?: string;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Routes that are no call of the API: the web app's files, the operator's metrics, the reference page's files. */
const isUndescribed = (url: string) =>
  !url.startsWith('/api/') || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

let t: TestContext;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(async () => {
  await t?.close();
});

function operations(): { key: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );
}

describe(`the OpenAPI description (${testEngine})`, () => {
  it('describes every route the app registers, and only those', () => {
    const described = new Set(operations().map((o) => o.key));
    const registered = t.app.routeTable.map((route) => ({
      ...route,
      key: `${route.method} ${openApiPath(route.url)}`,
    }));
    expect(registered.length).toBeGreaterThan(100);
    const missing = registered.filter((route) => !described.has(route.key) && !isUndescribed(route.url));
    expect(missing.map((route) => route.key)).toEqual([]);
    const extra = [...described].filter((key) => !registered.some((route) => route.key === key));
    expect(extra).toEqual([]);
    // The reference page's routes are there, and left out of the description on purpose.
    expect(registered.some((route) => route.url === DOCS_PREFIX)).toBe(true);
    expect(described.has(`GET ${DOCS_PREFIX}`)).toBe(false);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('gives every call a summary, a tag, its security and the role its route declares', () => {
    for (const { key, operation } of operations()) {
      expect(operation.summary, key).toBeTruthy();
      expect(operation.tags?.length, key).toBe(1);
      expect(operation.security, key).toBeDefined();
      const isPublic = operation.security!.length === 0;
      // Every call that needs a token says what happens without one.
      if (!isPublic) expect(Object.keys(operation.responses), key).toContain('401');
      const [method, path] = key.split(' ');
      const declared = t.app.adminCalls.find((call) => call.method === method && openApiPath(call.url) === path);
      expect(operation['x-required-role'], key).toBe(declared?.permission);
      if (path!.startsWith('/api/admin')) expect(declared, key).toBeDefined();
    }
  });

  it('describes the envelope of answers, and money as rand', () => {
    const pool = document.paths['/api/pools/{id}']!.get!;
    expect(JSON.stringify(pool.responses['200'])).toContain('"success"');
    const schemas = (document as unknown as { components: { schemas: Record<string, { properties: object }> } })
      .components.schemas;
    expect(schemas.Pool!.properties).toMatchObject({
      targetAmount: { type: 'number', description: 'Rand, at most two decimals' },
      createdAt: { type: 'string', format: 'date-time' },
    });
    // Integer cents stay inside the server.
    expect(JSON.stringify(document)).not.toMatch(/Cents"/);
  });

  it('is answered without a token, and the reference page loads only scripts of this origin', async () => {
    const description = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(description.statusCode).toBe(200);
    expect(description.headers['content-type']).toMatch(/^application\/json/);

    const page = await t.app.inject({ method: 'GET', url: DOCS_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    // No inline script: every script element names its file, and each file is served from here.
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) {
      const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
      expect(src, attributes).toMatch(/^\/api\/docs\//);
      const file = await t.app.inject({ method: 'GET', url: src! });
      expect(file.statusCode, src).toBe(200);
      expect(file.headers['content-type'], src).toMatch(/javascript/);
    }
    const styles = [...page.body.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
    for (const href of styles) expect((await t.app.inject({ method: 'GET', url: href })).statusCode, href).toBe(200);
  });

  it('leaves validation to the handlers: their messages and details are answered as before', async () => {
    const { token } = await registerMember(t.app);
    const query = await t.app.inject({ method: 'GET', url: '/api/notifications?page=abc', headers: bearer(token) });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({
      error: notificationMessages.page,
      code: 'VALIDATION',
      details: { page: notificationMessages.page },
    });
    const body = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 7 } });
    expect(body.statusCode).toBe(400);
    expect(Object.keys(body.json().details).sort()).toEqual(['email', 'password']);
  });
});

describe('the answer check of the API tests', () => {
  it('records answers whose status, content type or body the description does not allow', async () => {
    const app = Fastify();
    await registerOpenApi(app);
    const schema = routeDoc({
      tag: 'Health',
      summary: 'A count',
      isPublic: true,
      data: z.object({ n: z.number().int().min(0) }),
    });
    app.get('/api/count/:answer', { schema }, async (request, reply) => {
      const answer = (request.params as { answer: string }).answer;
      if (answer === 'good') return ok({ n: 1 });
      if (answer === 'wrong') return ok({ n: -1 });
      if (answer === 'text') return reply.type('text/plain').send('one');
      return reply.code(418).send(ok({ n: 1 }));
    });
    app.get('/assets/*', async () => 'a file of the web app');
    const answers = checkAnswers(app);
    await app.ready();
    expect(Object.keys(app.swagger().paths ?? {})).toEqual(['/api/openapi.json', '/api/count/{answer}']);
    for (const answer of ['good', 'wrong', 'text', 'teapot']) {
      await app.inject({ method: 'GET', url: `/api/count/${answer}` });
    }
    await app.inject({ method: 'GET', url: '/assets/app.js' });
    await app.close();
    // The serializer writes any integer; that it is not negative only the check sees.
    expect(answers.mismatches.map((m) => `${m.status} ${m.problem.split(' in ')[0]}`)).toEqual([
      '200 answer/data/n must be >= 0',
      '200 content type text/plain is not described (application/json)',
      '418 status 418 is not described',
    ]);
    expect(() => answers.assertAllMatched()).toThrow(/3 answers do not match the OpenAPI description/);
  });
});

describe('answers written from their schema', () => {
  async function appAnswering(data: () => unknown) {
    const app = Fastify();
    await registerOpenApi(app);
    const schema = routeDoc({
      tag: 'Members',
      summary: 'A member',
      isPublic: true,
      data: z.object({
        name: z.string(),
        joinedAt: z.iso.datetime(),
        referredBy: z.object({ name: z.string() }).nullable(),
      }),
    });
    app.get('/api/member', { schema }, async () => ok(data()));
    return app;
  }

  it('never sends a field the answer schema does not name, however deep', async () => {
    const app = await appAnswering(() => ({
      name: 'Thandi',
      idNumber: '8001015009087',
      joinedAt: new Date('2026-03-01T08:30:00.000Z'),
      referredBy: { name: 'Sipho', idNumber: '7505055009081' },
    }));
    const response = await app.inject({ method: 'GET', url: '/api/member' });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('8001015009087');
    expect(response.body).not.toContain('7505055009081');
    expect(response.json()).toEqual({
      success: true,
      data: { name: 'Thandi', joinedAt: '2026-03-01T08:30:00.000Z', referredBy: { name: 'Sipho' } },
      error: null,
    });
  });

  it('fails rather than send an answer that lacks a field its schema requires', async () => {
    const app = await appAnswering(() => ({ joinedAt: '2026-03-01T08:30:00.000Z', referredBy: null }));
    const response = await app.inject({ method: 'GET', url: '/api/member' });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('2026-03-01');
  });

  it('keeps the error envelope as it was: success, data, error, code and details', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 7 } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['success', 'data', 'error', 'code', 'details']);
    expect(response.json()).toMatchObject({ success: false, data: null, code: 'VALIDATION' });
  });
});
