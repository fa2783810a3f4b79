import type { CallPermission } from '@letsema/domain';
import type { Guards } from './auth-guard.js';
import { routeDoc, type ApiTag, type RouteDoc } from './openapi/route-doc.js';

/** A route's description under its group, and the admin role it needs when it is an admin call. */
export type SignedInRoute = Omit<RouteDoc, 'tag'> & { permission?: CallPermission };

/**
 * The options of the routes listed under `tag` for signed-in accounts: the sign-in guard, the admin
 * role a route names (its guard is added as the route is registered, lib/permissions.ts), and its
 * description for the OpenAPI document.
 */
export function signedInRoutes(guards: Pick<Guards, 'authenticate'>, tag: ApiTag) {
  return ({ permission, ...doc }: SignedInRoute) => ({
    preHandler: guards.authenticate,
    ...(permission ? { config: { permission } } : {}),
    schema: routeDoc({ tag, ...doc }),
  });
}

/** The options of the routes listed under `tag` that anyone may call without a token: their description. */
export function publicRoutes(tag: ApiTag) {
  return (doc: Omit<RouteDoc, 'tag' | 'isPublic'>) => ({ schema: routeDoc({ tag, isPublic: true, ...doc }) });
}
