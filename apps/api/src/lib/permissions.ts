import { ANY_ADMIN, type CallPermission } from '@letsema/domain';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { Guards } from './auth-guard.js';

export interface AdminCall {
  method: string;
  url: string;
  permission: CallPermission;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every admin call registered, with the role its route declares. */
    adminCalls: AdminCall[];
    /** Every route registered (method and URL pattern), HEAD routes aside. */
    routeTable: { method: string; url: string }[];
  }
  interface FastifyContextConfig {
    /**
     * The admin role the call needs (`any_admin`: every admin), declared where the route is defined;
     * its guard is added as the route is registered.
     */
    permission?: CallPermission;
  }
}

/**
 * Gives every route that declares a permission (`config: { permission }`) the guard for its role, and
 * stops the start when a route under /api/admin declares none. Keeps the list of admin calls and
 * their roles (the OpenAPI description and the tests read it).
 */
export function enforceRoutePermissions(app: FastifyInstance, guards: Guards): void {
  const calls: AdminCall[] = [];
  const table: { method: string; url: string }[] = [];
  app.decorate('adminCalls', calls);
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    for (const method of methods) table.push({ method, url: route.url });
    const permission = route.config?.permission;
    if (!permission) {
      if (route.url.startsWith('/api/admin')) {
        throw new Error(`Admin call ${route.method} ${route.url} declares no permission`);
      }
      return;
    }
    for (const method of methods) calls.push({ method, url: route.url, permission });
    const guard = permission === ANY_ADMIN ? guards.requireAdmin : guards.requirePermission(permission);
    const existing: preHandlerHookHandler[] = route.preHandler
      ? ((Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) as preHandlerHookHandler[])
      : [];
    route.preHandler = [...existing, guard as preHandlerHookHandler];
  });
}
