import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The request being handled, for the audit rows its services write (their client's address and browser). */
const handling = new AsyncLocalStorage<FastifyRequest>();

const USER_AGENT_MAX = 300;

/**
 * Makes each request known to whatever its route runs (its guards, its handler and the services
 * they call), so that audit rows carry the client's address and browser without every call passing
 * them on. Entered before the route's own pre-handlers, after the body is read (whose stream events
 * would lose it). Register it before the routes.
 */
export function trackRequestClient(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => handling.run(request, done));
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
