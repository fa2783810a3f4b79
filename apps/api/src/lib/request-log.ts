import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/** Where log lines go instead of standard output: anything with `write` (pino's destination). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Fields the log never shows, wherever a logger call puts them: credentials in headers, request
 * bodies, and the secrets and ID numbers a body or an object may carry.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  'body',
  'password',
  'token',
  'nationalId',
  '*.authorization',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.secret',
  '*.code',
  '*.recoveryCode',
  '*.nationalId',
  '*.idNumber',
];

/** The path of a request without its query string, which can hold a sign-in code or a link's token. */
function pathOf(url: string): string {
  return url.split('?')[0]!.slice(0, 200);
}

/**
 * The server's logger: one JSON object per line (pino), at `level`, with the fields above
 * censored. `stream` replaces standard output (the tests read the lines).
 */
export function loggerOptions(level: string, stream?: LogDestination): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
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
