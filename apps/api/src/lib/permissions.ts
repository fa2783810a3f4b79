import { adminCallPermissions, ANY_ADMIN, type CallPermission } from '@letsema/domain';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { Guards } from './auth-guard.js';

export interface AdminCall {
  method: string;
  url: string;
  permission: CallPermission;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every admin call registered, with the role the permission map gives it. */
    adminCalls: AdminCall[];
    /** Every route registered (method and URL pattern), HEAD routes aside. */
    routeTable: { method: string; url: string }[];
  }
}

/**
 * Enforces the permission map on every route as it is registered: a call in the map gets the
 * guard for its role; a call under /api/admin that the map does not name stops the start.
 * HEAD requests are judged as the GET they mirror.
 */
export function enforcePermissionMap(app: FastifyInstance, guards: Guards): void {
  const calls: AdminCall[] = [];
  const table: { method: string; url: string }[] = [];
  app.decorate('adminCalls', calls);
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') table.push({ method, url: route.url });
    const permissions = new Set<CallPermission>();
    for (const method of methods) {
      const key = `${method === 'HEAD' ? 'GET' : method} ${route.url}`;
      const permission = adminCallPermissions[key];
      if (!permission) {
        if (route.url.startsWith('/api/admin')) throw new Error(`Admin call ${key} has no entry in the permission map`);
        continue;
      }
      permissions.add(permission);
      if (method !== 'HEAD') calls.push({ method, url: route.url, permission });
    }
    if (permissions.size === 0) return;
    if (permissions.size > 1) throw new Error(`Route ${route.url} mixes permissions`);
    const [permission] = [...permissions];
    const guard = permission === ANY_ADMIN ? guards.requireAdmin : guards.requirePermission(permission!);
    const existing: preHandlerHookHandler[] = route.preHandler
      ? ((Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) as preHandlerHookHandler[])
      : [];
    route.preHandler = [...existing, guard as preHandlerHookHandler];
  });
}
