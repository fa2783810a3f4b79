import { answerField, paymentDetailsBody } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { signedInRoutes } from '../../lib/route-options.js';
import { parseInput } from '../../lib/validate.js';
import type { PaymentDetailsService } from './service.js';

const paymentDetailsAnswer = z
  .object({
    bankName: z.string(),
    accountHolder: z.string(),
    accountNumber: z.string().describe('Digits only'),
    branchCode: z.string().describe('Six digits'),
    registrationNumber: z
      .string()
      .nullable()
      .describe(
        "The cooperative's registration number, from its details (PUT /api/admin/settings/cooperative), so members see whom they pay",
      ),
    updatedAt: answerField.timestamp.describe('When the account was last changed'),
  })
  .meta({ id: 'PaymentDetails' });

/** The cooperative's bank account: every signed-in account reads it; the super admin sets it. */
export function paymentDetailsRoutes(app: FastifyInstance, deps: { details: PaymentDetailsService; guards: Guards }) {
  const investingRoute = signedInRoutes(deps.guards, 'Investing');
  app.get(
    '/api/payment-details',
    investingRoute({
      summary: "Where members pay by EFT or deposit: the cooperative's bank account",
      description: 'Null until the super admin has set it.',
      data: paymentDetailsAnswer.nullable(),
    }),
    async () => ok(await deps.details.read()),
  );
  app.put(
    '/api/admin/payment-details',
    investingRoute({
      permission: 'payment_management',
      summary: "Set the cooperative's bank account that members pay into",
      description:
        "Only the super admin may change it (403 otherwise); the change is audited, before and after. The cooperative's name and registration number on its papers are its details (PUT /api/admin/settings/cooperative), not the account's.",
      body: paymentDetailsBody,
      data: paymentDetailsAnswer,
    }),
    async (request) =>
      ok(await deps.details.update(currentUser(request), parseInput(paymentDetailsBody, request.body))),
  );
}
