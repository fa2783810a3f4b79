import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dataOf, TEST_PASSWORD, uniqueEmail, type TestContext } from '../../test/app.js';
import { testEngine } from '../../test/database.js';
import { sampleProfile } from '../../test/seed.js';
import { censorSecrets, loggerOptions } from './request-log.js';

const lines: string[] = [];
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { logger: loggerOptions('info', { write: (line) => void lines.push(line) }) });
});
afterAll(async () => {
  await t?.close();
});

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };
const parsed = () => lines.map((line) => JSON.parse(line) as LogLine);
/** The request line of one answer, found by the id the answer carries. */
function requestLine(response: LightMyRequestResponse): LogLine {
  const id = response.headers['x-request-id'];
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const found = parsed().filter((line) => line.reqId === id && line.msg === 'request completed');
  expect(found, `one request line for ${id}`).toHaveLength(1);
  return found[0]!;
}

describe(`request logs (${testEngine})`, () => {
  it('writes one JSON line per request with its id, method, route pattern, status and duration', async () => {
    const email = uniqueEmail();
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: TEST_PASSWORD },
    });
    const { token } = dataOf<{ token: string }>(registered);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: sampleProfile,
      headers: bearer(token),
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'not the password at all' },
    });
    const correctionId = randomUUID();
    const decision = await t.app.inject({
      method: 'POST',
      url: `/api/admin/corrections/${correctionId}/decide`,
      payload: { decision: 'approve' },
    });
    // A page link with a token in its query string, as an e-mail's confirmation link is.
    const linkToken = 'e-mail-link-token-4f1c9a';
    const link = await t.app.inject({ method: 'GET', url: `/verify-email?token=${linkToken}` });

    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    // Fastify's own "incoming request" lines, which carry the raw URL, are not written.
    expect(parsed().filter((line) => line.msg === 'incoming request')).toEqual([]);

    const cases: [LightMyRequestResponse, string, string | null, number][] = [
      [registered, 'POST', '/api/auth/register', 201],
      [me, 'GET', '/api/auth/me', 200],
      [profile, 'POST', '/api/auth/complete-profile', 200],
      [wrong, 'POST', '/api/auth/login', 401],
      [decision, 'POST', '/api/admin/corrections/:id/decide', 401],
      [link, 'GET', null, 404],
    ];
    for (const [response, method, route, status] of cases) {
      expect(response.statusCode, response.body).toBe(status);
      const line = requestLine(response);
      expect(line).toMatchObject({ level: 30, method, route, statusCode: status });
      expect(typeof line.durationMs).toBe('number');
      expect(line.durationMs as number).toBeGreaterThanOrEqual(0);
      expect(typeof line.time).toBe('number');
    }
    // A request no route matched is logged by its path, without the query string.
    expect(requestLine(link).path).toBe('/verify-email');

    const text = lines.join('');
    for (const secret of [
      token,
      TEST_PASSWORD,
      'not the password at all',
      sampleProfile.nationalId,
      linkToken,
      correctionId,
      'authorization',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('censors credentials, bodies and ID numbers wherever a log call puts them', () => {
    const before = lines.length;
    t.app.log.warn(
      {
        req: {
          method: 'POST',
          url: '/api/auth/login?token=query-secret',
          headers: { authorization: 'Bearer abc.def' },
        },
        headers: { authorization: 'Bearer ghi.jkl', cookie: 'sid=cookie-secret' },
        body: { email: 'someone@example.com', password: 'body-password' },
        user: { nationalId: '8001015009087', password: 'field-password', token: 'field-token' },
        password: 'top-password',
      },
      'probe',
    );
    const written = lines.slice(before).join('');
    expect(written).toContain('probe');
    expect(written).toContain('[redacted]');
    for (const secret of [
      'query-secret',
      'abc.def',
      'ghi.jkl',
      'cookie-secret',
      'body-password',
      'someone@example.com',
      '8001015009087',
      'field-password',
      'field-token',
      'top-password',
    ]) {
      expect(written, secret).not.toContain(secret);
    }
    // The request's method and path stay readable.
    expect(JSON.parse(written)).toMatchObject({ req: { method: 'POST', path: '/api/auth/login' } });
  });
});

describe('censorSecrets', () => {
  it("censors secret names three levels down and leaves the caller's object as it was", () => {
    const line = {
      msg: 'probe',
      user: { email: 'a@example.com', nationalId: '8001015009087', headers: { cookie: 'sid=1', accept: 'text/html' } },
      form: { answers: { recoveryCode: 'abcd-efgh' } },
      count: 3,
    };
    const before = structuredClone(line);
    const censored = censorSecrets(line);
    expect(censored).toEqual({
      msg: 'probe',
      user: {
        email: 'a@example.com',
        nationalId: '[redacted]',
        headers: { cookie: '[redacted]', accept: 'text/html' },
      },
      form: { answers: { recoveryCode: '[redacted]' } },
      count: 3,
    });
    expect(line).toEqual(before);
  });

  it('hands back the same object when there is nothing to censor, as on every request line', () => {
    const line = { method: 'GET', route: '/api/auth/me', statusCode: 200, durationMs: 1.2 };
    expect(censorSecrets(line)).toBe(line);
  });

  it('leaves the request, answer and error to their serializers, which keep only safe fields', () => {
    const err = { type: 'AppError', code: 'FORBIDDEN' };
    expect(censorSecrets({ err }).err).toBe(err);
  });
});
