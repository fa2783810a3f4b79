import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { signedInRoutes } from '../../lib/route-options.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { PrivacyService } from './service.js';

/** Exports an account holds its own data in; a few an hour is plenty. */
const EXPORTS_PER_HOUR = { limit: 5, windowSeconds: 60 * 60 };

export function privacyRoutes(
  app: FastifyInstance,
  deps: { privacy: PrivacyService; guards: Guards; limiter: RateLimiter },
) {
  const options = signedInRoutes(
    deps.guards,
    'Profile',
  )({
    summary: 'Everything held about the signed-in account, as one ZIP',
    description: 'The account, next of kin, memberships, payments, messages, activity and uploaded files.',
    file: { contentTypes: ['application/zip'], description: 'The ZIP, as an attachment' },
    errors: [429],
  });
  app.get('/api/auth/my-data', options, async (request, reply) => {
    const user = currentUser(request);
    await deps.limiter.hit(
      `my-data:user:${user.id}`,
      EXPORTS_PER_HOUR,
      'You have downloaded your data several times this hour. Please try again later.',
    );
    const zip = await deps.privacy.exportMyData(user.id);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="letsema-my-data-${day}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(zip));
  });
}
