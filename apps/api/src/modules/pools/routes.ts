import { createPoolBody, poolStatusBody, poolView, updatePoolBody } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { signedInRoutes } from '../../lib/route-options.js';
import { notFound } from '../../lib/errors.js';
import { z } from 'zod';
import { parseInput } from '../../lib/validate.js';
import { isUuid } from '../../lib/tokens.js';
import { poolErrors, type PoolService } from './service.js';

function poolId(params: unknown): string {
  const id = (params as { id?: string }).id ?? '';
  if (!isUuid(id)) throw notFound(poolErrors.notFound);
  return id;
}

export function poolRoutes(app: FastifyInstance, deps: { pools: PoolService; guards: Guards }) {
  const { pools, guards } = deps;
  const poolsRoute = signedInRoutes(guards, 'Pools');
  const params = z.object({ id: z.uuid() });
  app.get(
    '/api/pools',
    poolsRoute({
      summary: 'The pools the account may see',
      description: 'Drafts only to admins and to whoever created them.',
      data: z.array(poolView),
    }),
    async (request) => ok(await pools.list(currentUser(request))),
  );

  app.get('/api/pools/:id', poolsRoute({ summary: 'One pool', params, data: poolView }), async (request) =>
    ok(await pools.get(currentUser(request), poolId(request.params))),
  );

  app.post(
    '/api/pools',
    poolsRoute({
      summary: 'Create a pool (a draft until an admin opens it)',
      description: 'Any active account may; the price per share and the plans follow from the figures given.',
      body: createPoolBody,
      status: 201,
      data: poolView,
    }),
    async (request, reply) => {
      const body = parseInput(createPoolBody, request.body);
      return reply.code(201).send(ok(await pools.create(currentUser(request), body)));
    },
  );

  app.put(
    '/api/pools/:id',
    poolsRoute({
      permission: 'investment_management',
      summary: "Edit a pool's terms",
      description: 'The target and duration are fixed once members have joined.',
      params,
      body: updatePoolBody,
      data: poolView,
      errors: [409],
    }),
    async (request) => {
      const id = poolId(request.params);
      const body = parseInput(updatePoolBody, request.body);
      return ok(await pools.update(currentUser(request), id, body));
    },
  );

  app.patch(
    '/api/pools/:id/status',
    poolsRoute({
      permission: 'investment_management',
      summary: 'Move a pool on: draft to open, open to active, open or active to closed, active to completed',
      params,
      body: poolStatusBody,
      data: poolView,
      errors: [409],
    }),
    async (request) => {
      const id = poolId(request.params);
      const body = parseInput(poolStatusBody, request.body);
      return ok(await pools.changeStatus(currentUser(request), id, body.status));
    },
  );

  app.get(
    '/api/payments/first-pool',
    poolsRoute({
      summary: 'The first open pool, for members to join; null when none is open',
      data: poolView.nullable(),
    }),
    async () => ok(await pools.firstOpen()),
  );
}
