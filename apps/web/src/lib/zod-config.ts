/**
 * zod's faster parsers are compiled with `new Function`, which the Content-Security-Policy forbids: the
 * browser would report a violation on every page with a form. The plain parsers are fast enough here.
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object already there when it
 * loads, so the setting is made before zod is fetched (with the first form's rules), and the first page
 * does not download zod to make it.
 */
export function preferPlainZodParsers() {
  const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
}
