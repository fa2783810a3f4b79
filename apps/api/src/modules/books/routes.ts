import {
  createExpenseBody,
  createIncomeBody,
  monthEndStepParams,
  periodParam,
  reconcileBody,
  recordListQuery,
  rejectRecordBody,
  reopenBody,
  reverseRecordBody,
  statementQuery,
} from '@letsema/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import { isUuid } from '../auth/tokens.js';
import { trialBalanceView } from './ledger-queries.js';
import type { MonthEndService } from './month-end-service.js';
import type { RecordsService } from './records-service.js';
import type { StatementsService } from './statements-service.js';

type Id = { Params: { id: string } };

/**
 * The books: expenses, income, the month-end close, the trial balance and statements. Admin calls
 * are guarded by the permission map; every decision also passes the maker-checker policy.
 */
export function booksRoutes(
  app: FastifyInstance,
  deps: { records: RecordsService; monthEnd: MonthEndService; statements: StatementsService; guards: Guards },
) {
  const signedIn = { preHandler: deps.guards.authenticate };
  const { records, monthEnd, statements } = deps;

  app.get('/api/admin/expenses', signedIn, async (request) =>
    ok(await records.listExpenses(parseInput(recordListQuery, request.query))),
  );
  app.get('/api/admin/expenses/export', signedIn, async (request, reply) => {
    const query = parseInput(recordListQuery, request.query);
    const csv = await records.exportExpenses(query);
    return sendFile(
      reply,
      `letsema-expenses${query.period ? `-${query.period}` : ''}.csv`,
      'text/csv; charset=utf-8',
      csv,
    );
  });
  app.post('/api/admin/expenses', signedIn, async (request, reply) =>
    reply
      .code(201)
      .send(ok(await records.recordExpense(currentUser(request).id, parseInput(createExpenseBody, request.body)))),
  );
  app.post<Id>('/api/admin/expenses/:id/approve', signedIn, async (request) =>
    ok(await records.approveExpense(currentUser(request).id, request.params.id)),
  );
  app.post<Id>('/api/admin/expenses/:id/reject', signedIn, async (request) => {
    const { reason } = parseInput(rejectRecordBody, request.body);
    return ok(await records.rejectExpense(currentUser(request).id, request.params.id, reason));
  });

  app.post<Id>('/api/admin/expenses/:id/reverse', signedIn, async (request) => {
    const { reason } = parseInput(reverseRecordBody, request.body);
    return ok(await records.reverseExpense(currentUser(request).id, request.params.id, reason));
  });
  app.post<Id>('/api/admin/income/:id/reverse', signedIn, async (request) => {
    const { reason } = parseInput(reverseRecordBody, request.body);
    return ok(await records.reverseIncome(currentUser(request).id, request.params.id, reason));
  });

  app.get('/api/admin/income', signedIn, async (request) =>
    ok(await records.listIncome(parseInput(recordListQuery, request.query))),
  );
  app.post('/api/admin/income', signedIn, async (request, reply) =>
    reply
      .code(201)
      .send(ok(await records.recordIncome(currentUser(request).id, parseInput(createIncomeBody, request.body)))),
  );
  app.post<Id>('/api/admin/income/:id/approve', signedIn, async (request) =>
    ok(await records.approveIncome(currentUser(request).id, request.params.id)),
  );
  app.post<Id>('/api/admin/income/:id/reject', signedIn, async (request) => {
    const { reason } = parseInput(rejectRecordBody, request.body);
    return ok(await records.rejectIncome(currentUser(request).id, request.params.id, reason));
  });

  app.get('/api/admin/ledger/trial-balance', signedIn, async (request) => {
    const { period } = parseInput(z.object({ period: periodParam }), request.query);
    return ok(trialBalanceView(await monthEnd.trialBalance(period)));
  });

  app.get('/api/admin/month-end', signedIn, async () => ok(await monthEnd.listPeriods()));
  app.get<{ Params: { period: string } }>('/api/admin/month-end/:period', signedIn, async (request) =>
    ok(await monthEnd.getPeriod(request.params.period)),
  );
  app.post<{ Params: { period: string; step: string } }>(
    '/api/admin/month-end/:period/:step',
    signedIn,
    async (request) => {
      const { period, step } = parseInput(monthEndStepParams, request.params);
      const body = step === 'reconcile' ? parseInput(reconcileBody, request.body) : undefined;
      return ok(await monthEnd.runStep(currentUser(request).id, period, step, body));
    },
  );
  app.post<{ Params: { period: string } }>('/api/admin/month-end/:period/reopen', signedIn, async (request, reply) => {
    const { reason } = parseInput(reopenBody, request.body);
    return reply
      .code(201)
      .send(ok(await monthEnd.requestReopen(currentUser(request).id, request.params.period, reason)));
  });
  app.post<Id>('/api/admin/month-end/reopen-requests/:id/approve', signedIn, async (request) =>
    ok(await monthEnd.decideReopen(currentUser(request).id, request.params.id, true)),
  );
  app.post<Id>('/api/admin/month-end/reopen-requests/:id/reject', signedIn, async (request) =>
    ok(await monthEnd.decideReopen(currentUser(request).id, request.params.id, false)),
  );

  app.get('/api/statements', signedIn, async (request, reply) => {
    const result = await statements.statement(currentUser(request).id, parseInput(statementQuery, request.query));
    return result.kind === 'json' ? ok(result.body) : sendFile(reply, result.filename, result.contentType, result.body);
  });
  app.get('/api/statements/months', signedIn, async () => ok(await statements.closedMonths()));
  app.get('/api/statements/monthly', signedIn, async (request) =>
    ok(await statements.monthly(currentUser(request).id)),
  );
  app.get('/api/admin/ledger/monthly', signedIn, async () => ok(await monthEnd.monthly()));
  app.get<{ Params: { userId: string } }>('/api/admin/members/:userId/statement', signedIn, async (request, reply) => {
    if (!isUuid(request.params.userId)) throw notFound('Member not found');
    const result = await statements.statement(request.params.userId, parseInput(statementQuery, request.query));
    return result.kind === 'json' ? ok(result.body) : sendFile(reply, result.filename, result.contentType, result.body);
  });
}

function sendFile(reply: FastifyReply, filename: string, contentType: string, body: Buffer | string) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}
