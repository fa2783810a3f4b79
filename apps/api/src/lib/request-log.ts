import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** Where log lines go instead of standard output: anything with `write` (pino's destination). */
export interface LogDestination {
  write(line: string): void;
}

const CENSOR = '[redacted]';

/**
 * Names whose values the log never shows, at the top of a line or one level down (`headers.cookie`,
 * `user.nationalId`): credentials, request bodies, and the secrets and ID numbers an object may carry.
 */
export const SECRET_NAMES: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'body',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'secret',
  'code',
  'recoveryCode',
  'nationalId',
  'idNumber',
]);

/** Written by their own serializers, which keep only safe fields (method and path; status; type and code). */
const SERIALIZED = new Set(['req', 'res', 'err']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** How deep the censor looks: a line's fields, their fields, and theirs (`user.headers.cookie`). */
const CENSORED_LEVELS = 3;

/** `object` with its secret names censored down to `levels`, copying only what changes. */
function censor(object: Record<string, unknown>, levels: number, skip?: ReadonlySet<string>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in object) {
    const value = object[key];
    let replaced = value;
    if (SECRET_NAMES.has(key)) replaced = CENSOR;
    else if (levels > 1 && !skip?.has(key) && isPlainObject(value)) replaced = censor(value, levels - 1);
    if (replaced !== value) {
      copy ??= { ...object };
      copy[key] = replaced;
    }
  }
  return copy ?? object;
}

/**
 * A log line's fields with every secret name censored, wherever a logger call puts them. It
 * replaces pino's path redaction, which ran a JSON serializer over every field of every line and
 * cost a quarter of the server's time per request, for the same protection.
 */
export function censorSecrets(line: Record<string, unknown>): Record<string, unknown> {
  return censor(line, CENSORED_LEVELS, SERIALIZED);
}

/** The path of a request without its query string, which can hold a sign-in code or a link's token. */
function pathOf(url: string): string {
  return url.split('?')[0]!.slice(0, 200);
}

/**
 * Standard output for the log, written without blocking: each line is handed to the system in the
 * background, and lines that come while a write is under way go out together with the next one.
 * One blocking write per request line was a sixth of the CPU time of the cheapest calls. What is
 * still waiting when the process exits is written before it ends (pino's exit handler).
 */
export function standardOutput(): LogDestination {
  return pino.destination({ dest: 1, sync: false });
}

/**
 * The server's logger: one JSON object per line (pino), at `level`, with the fields above
 * censored. `stream` replaces standard output (the tests read the lines).
 */
export function loggerOptions(level: string, stream?: LogDestination): FastifyServerOptions['logger'] {
  return {
    level,
    formatters: { log: censorSecrets },
    // Any line that carries the request shows its method and path, never its query or headers.
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: pathOf(req.url ?? '') }),
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * One line per answered request with its id (`reqId`), method, route pattern, status and duration,
 * in place of Fastify's "incoming request" and "request completed" pair, whose raw URL carries the
 * query string. A request no route matched is logged with its path instead of a pattern.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  /** The completed-request line covers unknown paths too. */
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url;
    const line = {
      method: request.method,
      route: route ?? null,
      ...(route ? {} : { path: pathOf(request.url) }),
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) {
      reply.log.error(
        { ...line, err: { type: error.name, code: (error as { code?: string }).code } },
        'request errored',
      );
    } else {
      reply.log.info(line, 'request completed');
    }
  }
}
