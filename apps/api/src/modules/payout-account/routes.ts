import { memberPayoutAccount, savePayoutAccountBody } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { signedInRoutes } from '../../lib/route-options.js';
import { parseInput } from '../../lib/validate.js';
import type { PayoutAccountService } from './service.js';

/** The member's own payout account: read it (masked), and save it with fresh proof of identity. */
export function payoutAccountRoutes(app: FastifyInstance, deps: { accounts: PayoutAccountService; guards: Guards }) {
  const exitsAndWithdrawalsRoute = signedInRoutes(deps.guards, 'Exits and withdrawals');

  app.get(
    '/api/payout-account',
    exitsAndWithdrawalsRoute({
      summary: "The member's payout account (last four digits only), or null",
      data: memberPayoutAccount.nullable(),
    }),
    async (request) => ok(await deps.accounts.mine(currentUser(request).id)),
  );
  app.put(
    '/api/payout-account',
    exitsAndWithdrawalsRoute({
      summary: 'Add or change the one account payouts go to; it can receive payouts 48 hours later',
      description:
        'Needs the password (or code) typed again within five minutes (`POST /api/auth/reauthenticate`), else 403 `REAUTH_REQUIRED`. The member is e-mailed with the last four digits.',
      body: savePayoutAccountBody,
      data: memberPayoutAccount,
    }),
    async (request) =>
      ok(
        await deps.accounts.save(
          { id: currentUser(request).id, sessionId: request.auth!.sessionId },
          parseInput(savePayoutAccountBody, request.body),
        ),
      ),
  );
}
