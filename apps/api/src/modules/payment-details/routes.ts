import { answerField, paymentDetailsBody } from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { routeDoc } from '../../lib/openapi/route-doc.js';
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
  const signedIn = { preHandler: deps.guards.authenticate };
  app.get(
    '/api/payment-details',
    {
      ...signedIn,
      schema: routeDoc({
        tag: 'Investing',
        summary: "Where members pay by EFT or deposit: the cooperative's bank account",
        description: 'Null until the super admin has set it.',
        data: paymentDetailsAnswer.nullable(),
      }),
    },
    async () => ok(await deps.details.read()),
  );
  app.put(
    '/api/admin/payment-details',
    {
      config: { permission: 'payment_management' },
      ...signedIn,
      schema: routeDoc({
        tag: 'Investing',
        summary: "Set the cooperative's bank account that members pay into",
        description:
          "Only the super admin may change it (403 otherwise); the change is audited, before and after. The cooperative's name and registration number on its papers are its details (PUT /api/admin/settings/cooperative), not the account's.",
        body: paymentDetailsBody,
        data: paymentDetailsAnswer,
      }),
    },
    async (request) =>
      ok(await deps.details.update(currentUser(request), parseInput(paymentDetailsBody, request.body))),
  );
}
