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
 * What an API answer carries instead of the document policies: it is JSON (or a file sent as an
 * attachment, whose route adds its own sandbox), never a page, so the policies a page acts on are
 * dead bytes there. It keeps what does act on it (nosniff, the resource policy, HSTS), a policy that
 * lets it load nothing and be framed by no one, and no caching unless its route says otherwise (the
 * REST answers' set of OWASP's REST Security Cheat Sheet). With the request id, seven headers, where a
 * page gets thirteen.
 */
export const API_POLICY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-frame-options', 'DENY'],
  ['cache-control', 'no-store'],
];

/**
 * Every answer carries its security headers and its request id: a page (and the service worker, the
 * icons, the API's reference page under `documentPaths`) the whole set; a hashed script or style sheet
 * the set without the document policies; an API answer that set with the API's policies above. Set on
 * the raw response when the request arrives, so a route's own headers (and error answers) still win.
 */
export function addSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
  documentPaths: readonly string[] = [],
): void {
  const headers = securityHeadersOf(options);
  const assetHeaders = headers.filter(([name]) => !DOCUMENT_ONLY_HEADERS.has(name));
  const apiHeaders = [...assetHeaders, ...API_POLICY_HEADERS];
  const apiDocumentHeaders = [...headers, ['cache-control', 'no-store'] as const];
  const headersFor = (url: string) => {
    if (url.startsWith('/api/')) {
      return documentPaths.some((prefix) => url.startsWith(prefix)) ? apiDocumentHeaders : apiHeaders;
    }
    return url.startsWith('/assets/') ? assetHeaders : headers;
  };
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headersFor(request.url)) raw.setHeader(name, value);
    raw.setHeader('x-request-id', request.id);
    done();
  });
}
