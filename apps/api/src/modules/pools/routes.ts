import { createPoolBody, poolStatusBody, updatePoolBody } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import { isUuid } from '../auth/tokens.js';
import { poolErrors, type PoolService } from './service.js';

function poolId(params: unknown): string {
  const id = (params as { id?: string }).id ?? '';
  if (!isUuid(id)) throw notFound(poolErrors.notFound);
  return id;
}

export function poolRoutes(app: FastifyInstance, deps: { pools: PoolService; guards: Guards }) {
  const { pools, guards } = deps;
  // Roles come from the permission map (lib/permissions.ts).
  const manager = { preHandler: guards.authenticate };

  app.get('/api/pools', { preHandler: guards.authenticate }, async (request) =>
    ok(await pools.list(currentUser(request))),
  );

  app.get('/api/pools/:id', { preHandler: guards.authenticate }, async (request) =>
    ok(await pools.get(currentUser(request), poolId(request.params))),
  );

  app.post('/api/pools', { preHandler: guards.authenticate }, async (request, reply) => {
    const body = parseInput(createPoolBody, request.body);
    return reply.code(201).send(ok(await pools.create(currentUser(request), body)));
  });

  app.put('/api/pools/:id', manager, async (request) => {
    const id = poolId(request.params);
    const body = parseInput(updatePoolBody, request.body);
    return ok(await pools.update(currentUser(request), id, body));
  });

  app.patch('/api/pools/:id/status', manager, async (request) => {
    const id = poolId(request.params);
    const body = parseInput(poolStatusBody, request.body);
    return ok(await pools.changeStatus(currentUser(request), id, body.status));
  });

  app.get('/api/payments/first-pool', { preHandler: guards.authenticate }, async () => ok(await pools.firstOpen()));
}
