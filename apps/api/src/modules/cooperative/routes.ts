import {
  ANY_ADMIN,
  cooperativeDetailsAnswer,
  cooperativeDetailsBody,
  cooperativeSettingsAnswer,
  cooperativeSettingsBody,
} from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { signedInRoutes, type SignedInRoute } from '../../lib/route-options.js';
import { parseInput } from '../../lib/validate.js';
import type { CooperativeService } from './settings.js';

/**
 * The cooperative's own details and settings on /admin/settings. Every admin reads them (the rules
 * their decisions follow); the service answers 403 to a change by anyone but the super admin.
 */
export function cooperativeRoutes(app: FastifyInstance, deps: { cooperative: CooperativeService; guards: Guards }) {
  const { cooperative } = deps;
  const superAdmin = 'Every admin may read them; only the super admin may change them (403 otherwise).';
  const cooperativeRoute = signedInRoutes(deps.guards, 'Cooperative');
  const admin = (doc: SignedInRoute) => cooperativeRoute({ permission: ANY_ADMIN, ...doc });

  app.get(
    '/api/admin/settings/cooperative',
    admin({
      summary: "The cooperative's name, short name (slug), registration number and province",
      description: superAdmin,
      data: cooperativeDetailsAnswer,
    }),
    async () => ok(await cooperative.getDetails()),
  );
  app.put(
    '/api/admin/settings/cooperative',
    admin({
      summary: "Change the cooperative's name, registration number and province",
      description: `${superAdmin} The slug stays as it is; the change is audited, before and after.`,
      body: cooperativeDetailsBody,
      data: cooperativeDetailsAnswer,
    }),
    async (request) =>
      ok(await cooperative.updateDetails(currentUser(request), parseInput(cooperativeDetailsBody, request.body))),
  );
  app.get(
    '/api/admin/settings/rules',
    admin({
      summary:
        "The cooperative's settings: dual approval of expenses, the reserve, the exit fee, withdrawals, file quota",
      description: `${superAdmin} Until the super admin saves them, the installation's defaults (its environment variables) apply.`,
      data: cooperativeSettingsAnswer,
    }),
    async () => ok(await cooperative.getSettings()),
  );
  app.put(
    '/api/admin/settings/rules',
    admin({
      summary: "Save the cooperative's settings",
      description: `${superAdmin} The next decision each one informs applies it (an expense's approvals, the month-end calculation, an exit settlement, a withdrawal, an upload); the change is audited, before and after.`,
      body: cooperativeSettingsBody,
      data: cooperativeSettingsAnswer,
    }),
    async (request) =>
      ok(await cooperative.updateSettings(currentUser(request), parseInput(cooperativeSettingsBody, request.body))),
  );
}
