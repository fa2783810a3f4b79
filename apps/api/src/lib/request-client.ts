import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route never writes an audit row, so its requests are not tracked for one (see
     * `trackRequestClient`). Only for reads that every screen repeats.
     */
    writesNoAudit?: boolean;
  }
  interface FastifyRequest {
    /** Whether the request is tracked for its audit rows and not yet answered. */
    tracksClient: boolean;
  }
}

/** The request being handled, for the audit rows its services write (their client's address and browser). */
const handling = new AsyncLocalStorage<FastifyRequest>();

/** Requests tracked and not yet answered. */
let tracked = 0;

const USER_AGENT_MAX = 300;

const track: preHandlerHookHandler = (request, _reply, done) => {
  request.tracksClient = true;
  tracked += 1;
  handling.run(request, done);
};

const untrack: onSendHookHandler = (request, _reply, payload, done) => {
  if (request.tracksClient) {
    request.tracksClient = false;
    tracked -= 1;
    // Node follows the context through every promise while any store is live, which cost an eighth of
    // the cheapest calls' CPU; with no tracked request in flight it stops until the next one.
    if (tracked === 0) handling.disable();
  }
  done(null, payload);
};

/**
 * Makes each request known to whatever its route runs (its guards, its handler and the services
 * they call), so that audit rows carry the client's address and browser without every call passing
 * them on. Entered as the route's first pre-handler, after the body is read (whose stream events would
 * lose it), and left once the answer is on its way. Routes marked `writesNoAudit` are not tracked; a
 * permission guard that refuses one of them names its client itself.
 * Register it before the routes and before the permission map, whose guards write refusals.
 */
export function trackRequestClient(app: FastifyInstance): void {
  app.decorateRequest('tracksClient', false);
  app.addHook('onRoute', (route) => {
    if (route.config?.writesNoAudit) return;
    route.preHandler = [track, ...toList(route.preHandler)];
    route.onSend = [untrack, ...toList(route.onSend)];
  });
}

function toList<T>(hooks: T | T[] | undefined): T[] {
  if (!hooks) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

export interface Client {
  ip: string | null;
  userAgent: string | null;
}

/** The address and browser of `request`, as audit rows keep them. */
export function clientOf(request: FastifyRequest): Client {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null };
}

/** The client of the request being handled (address and browser), when there is one. */
export function currentClient(): Client {
  const request = handling.getStore();
  return request ? clientOf(request) : { ip: null, userAgent: null };
}
