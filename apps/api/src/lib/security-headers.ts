import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with `options`, worked out once. Every one of them is the same on every
 * answer (the policy has no nonce), so helmet runs once against a recording response instead of on
 * every request, where its middleware chain and policy string were rebuilt each time.
 */
export function securityHeadersOf(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}

/**
 * The security headers that only a document (or a worker) acts on. The web app's hashed scripts and
 * style sheets (`/assets/`) are sent without them: on a page's thirty small chunks they were two thirds
 * of the bytes of each answer, and did nothing there. Those keep `nosniff`, the resource policy and HSTS.
 */
export const DOCUMENT_ONLY_HEADERS: ReadonlySet<string> = new Set([
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/**
 * Every answer carries the security headers (CSP, nosniff, frame and referrer rules, ...) and its
 * request id; API answers are not stored by caches unless their route says otherwise. Set on the
 * raw response when the request arrives, so a route's own headers (and error answers) still win.
 */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeadersOf(options);
  const assetHeaders = headers.filter(([name]) => !DOCUMENT_ONLY_HEADERS.has(name));
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of request.url.startsWith('/assets/') ? assetHeaders : headers) raw.setHeader(name, value);
    raw.setHeader('x-request-id', request.id);
    if (request.url.startsWith('/api/')) raw.setHeader('cache-control', 'no-store');
    done();
  });
}
