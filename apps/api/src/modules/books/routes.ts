import {
  answerField,
  booksStartAnswer,
  booksStartBody,
  closedMonths,
  createExpenseBody,
  createIncomeBody,
  ledgerMonths,
  memberMonths,
  memberPosition,
  monthEndStepParams,
  periodDetail,
  periodParam,
  periodSummary,
  reconcileBody,
  recordListQuery,
  recordPage,
  recordView,
  rejectRecordBody,
  reopenBody,
  reverseRecordBody,
  statement,
  statementQuery,
  trialBalance,
  unlockBody,
} from '@letsema/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { signedInRoutes } from '../../lib/route-options.js';
import { notFound } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import { isUuid } from '../../lib/tokens.js';
import { trialBalanceView } from './ledger-queries.js';
import type { MonthEndService } from './month-end-service.js';
import type { RecordsService, RecordType } from './records/service.js';
import type { StatementsService } from './statements-service.js';

type Id = { Params: { id: string } };

/**
 * The books: expenses, income, the month-end close, the trial balance and statements. Admin calls
 * are guarded by the role each route declares; every decision also passes the maker-checker policy.
 */
export function booksRoutes(
  app: FastifyInstance,
  deps: { records: RecordsService; monthEnd: MonthEndService; statements: StatementsService; guards: Guards },
) {
  const statementsRoute = signedInRoutes(deps.guards, 'Statements');
  const membersRoute = signedInRoutes(deps.guards, 'Members');
  const { records, monthEnd, statements } = deps;
  const books = signedInRoutes(deps.guards, 'Books');
  const params = z.object({ id: z.uuid() });
  const makerChecker = 'Whoever recorded it never decides it (403 `MAKER_CHECKER`).';

  /** The words and the schema of each kind's routes; the routes themselves are one set. */
  const recordRouteKinds = {
    expense: {
      collection: 'expenses',
      permission: 'expense_management',
      list: 'Expenses, newest first, with the totals by category of all that match',
      export: 'The expenses that match, as CSV',
      create: {
        summary: 'Record an expense with its receipt, for another admin to approve',
        description:
          'The receipt is an `expense-receipt` upload of the recording admin; the date is not in the future and its month is open.',
      },
      body: createExpenseBody,
      approve: {
        summary: 'Approve an expense; the last approval needed posts it to the ledger',
        description: `Above the cooperative's dual-approval amount (its settings) two admins approve. ${makerChecker}`,
      },
      reject: 'Reject an expense with a reason',
      approved: 'an approved expense',
    },
    income: {
      collection: 'income',
      permission: 'investment_management',
      list: 'Income, newest first, with the totals by category of all that match',
      export: 'The income that matches, as CSV',
      create: { summary: 'Record income with its proof, for another admin to approve' },
      body: createIncomeBody,
      approve: { summary: 'Approve income; it is posted to the ledger', description: makerChecker },
      reject: 'Reject income with a reason',
      approved: 'approved income',
    },
  } as const;

  const recordRoutes = (type: RecordType) => {
    const words = recordRouteKinds[type];
    const { collection, permission } = words;
    app.get(
      `/api/admin/${collection}`,
      books({ permission, summary: words.list, querystring: recordListQuery, data: recordPage }),
      async (request) => ok(await records.listRecords(type, parseInput(recordListQuery, request.query))),
    );
    app.get(
      `/api/admin/${collection}/export`,
      books({
        permission,
        summary: words.export,
        querystring: recordListQuery,
        file: { contentTypes: ['text/csv'], description: 'The CSV, as an attachment' },
      }),
      async (request, reply) => {
        const query = parseInput(recordListQuery, request.query);
        const csv = await records.exportRecords(type, query);
        return sendFile(
          reply,
          `letsema-${collection}${query.period ? `-${query.period}` : ''}.csv`,
          'text/csv; charset=utf-8',
          csv,
        );
      },
    );
    app.post(
      `/api/admin/${collection}`,
      books({ permission, ...words.create, body: words.body, status: 201, data: recordView, errors: [409] }),
      async (request, reply) =>
        reply
          .code(201)
          .send(ok(await records.createRecord(type, currentUser(request).id, parseInput(words.body, request.body)))),
    );
    app.post<Id>(
      `/api/admin/${collection}/:id/approve`,
      books({ permission, ...words.approve, params, data: recordView, errors: [409] }),
      async (request) => ok(await records.approveRecord(type, currentUser(request).id, request.params.id)),
    );
    app.post<Id>(
      `/api/admin/${collection}/:id/reject`,
      books({
        permission,
        summary: words.reject,
        description: makerChecker,
        params,
        body: rejectRecordBody,
        data: recordView,
        errors: [409],
      }),
      async (request) => {
        const { reason } = parseInput(rejectRecordBody, request.body);
        return ok(await records.rejectRecord(type, currentUser(request).id, request.params.id, reason));
      },
    );

    const deciders =
      "Never decided by who asked for it, recorded the record or approved it (403 `MAKER_CHECKER`); above the cooperative's dual-approval amount two admins approve.";
    app.post<Id>(
      `/api/admin/${collection}/:id/reversal`,
      books({
        permission,
        summary: `Ask to reverse ${words.approved}, with the reason; other admins decide`,
        description: 'One request waits per record at a time (409).',
        params,
        body: reverseRecordBody,
        status: 201,
        data: recordView,
        errors: [409],
      }),
      async (request, reply) => {
        const { reason } = parseInput(reverseRecordBody, request.body);
        const view = await records.requestReversal(type, currentUser(request).id, request.params.id, reason);
        return reply.code(201).send(ok(view));
      },
    );
    app.post<Id>(
      `/api/admin/${collection}/:id/reversal/approve`,
      books({
        permission,
        summary: `Approve the reversal waiting on ${words.approved}; the last approval needed posts a reversing entry dated today`,
        description: deciders,
        params,
        data: recordView,
        errors: [409],
      }),
      async (request) => ok(await records.approveReversal(type, currentUser(request).id, request.params.id)),
    );
    app.post<Id>(
      `/api/admin/${collection}/:id/reversal/reject`,
      books({
        permission,
        summary: `Refuse the reversal waiting on ${words.approved}, with a reason`,
        description: deciders,
        params,
        body: rejectRecordBody,
        data: recordView,
        errors: [409],
      }),
      async (request) => {
        const { reason } = parseInput(rejectRecordBody, request.body);
        return ok(await records.rejectReversal(type, currentUser(request).id, request.params.id, reason));
      },
    );
  };
  recordRoutes('expense');
  recordRoutes('income');

  const periodQuery = z.object({ period: periodParam });
  app.get(
    '/api/admin/ledger/trial-balance',
    books({
      permission: 'month_end',
      summary: "A month's trial balance from the ledger",
      querystring: periodQuery,
      data: trialBalance,
    }),
    async (request) => {
      const { period } = parseInput(periodQuery, request.query);
      return ok(trialBalanceView(await monthEnd.trialBalance(period)));
    },
  );

  app.get(
    '/api/admin/month-end',
    books({
      permission: 'month_end',
      summary: 'The months from the first with money in them to this one, newest first, with their close',
      data: z.array(periodSummary),
    }),
    async () => ok(await monthEnd.listPeriods()),
  );
  app.get<{ Params: { period: string } }>(
    '/api/admin/month-end/:period',
    books({
      permission: 'month_end',
      summary: "One month's close",
      params: z.object({ period: answerField.month }),
      data: periodDetail,
    }),
    async (request) => ok(await monthEnd.getPeriod(request.params.period)),
  );
  app.post<{ Params: { period: string; step: string } }>(
    '/api/admin/month-end/:period/:step',
    books({
      permission: 'month_end',
      summary: 'Take the next step of the close: lock, reconcile, calculate, allocate, reports, close',
      description:
        "Steps go in order, each once. Only reconcile reads a body: the bank statement's closing balance and the uploaded statement. The admin who calculated never allocates.",
      params: monthEndStepParams,
      body: z.union([reconcileBody, z.object({}).describe('Every step but reconcile')]),
      data: periodDetail,
      errors: [409],
    }),
    async (request) => {
      const { period, step } = parseInput(monthEndStepParams, request.params);
      const body = step === 'reconcile' ? parseInput(reconcileBody, request.body) : undefined;
      return ok(await monthEnd.runStep(currentUser(request).id, period, step, body));
    },
  );
  /** The words and the schema of each kind of request to change a month's status; the routes are one set. */
  const periodRequestKinds = {
    reopen: {
      body: reopenBody,
      ask: { summary: 'Ask to reopen a closed month, with a reason; another month-end admin decides' },
      approve: 'Approve a request to reopen a month: its close starts again',
      refuse: 'Refuse a request to reopen a month',
    },
    unlock: {
      body: unlockBody,
      ask: {
        summary: 'Ask to unlock a locked month that is not yet closed, with a reason; another month-end admin decides',
        description: 'Approved, the month is open again and its close starts over.',
      },
      approve: 'Approve a request to unlock a month: it is open again and its close starts over',
      refuse: 'Refuse a request to unlock a month',
    },
  } as const;
  for (const kind of ['reopen', 'unlock'] as const) {
    const words = periodRequestKinds[kind];
    app.post<{ Params: { period: string } }>(
      `/api/admin/month-end/:period/${kind}`,
      books({
        permission: 'month_end',
        ...words.ask,
        params: z.object({ period: answerField.month }),
        body: words.body,
        status: 201,
        data: periodDetail,
        errors: [409],
      }),
      async (request, reply) => {
        const { reason } = parseInput(words.body, request.body);
        const period = await monthEnd.requestStatusChange(kind, currentUser(request).id, request.params.period, reason);
        return reply.code(201).send(ok(period));
      },
    );
    for (const [decision, summary] of [
      ['approve', words.approve],
      ['reject', words.refuse],
    ] as const) {
      app.post<Id>(
        `/api/admin/month-end/${kind}-requests/:id/${decision}`,
        books({
          permission: 'month_end',
          summary,
          description: 'Not by the admin who asked (403 `MAKER_CHECKER`).',
          params,
          data: periodDetail,
          errors: [409],
        }),
        async (request) =>
          ok(
            await monthEnd.decideStatusChange(kind, currentUser(request).id, request.params.id, decision === 'approve'),
          ),
      );
    }
  }

  app.get(
    '/api/admin/books-start',
    books({
      permission: 'any_admin',
      summary: 'Which months may take a posting: the month the books start in, the last closed and the locked ones',
      description: 'The record forms offer dates from the first month that may be used.',
      data: booksStartAnswer,
    }),
    async () => ok(await monthEnd.booksStart()),
  );
  app.put(
    '/api/admin/books-start',
    books({
      permission: 'month_end',
      summary: 'Set the month the books start in, before anything is posted (super admin only)',
      description:
        'From twelve months back to the current month; refused once anything is posted (409), since the first posting sets it.',
      body: booksStartBody,
      data: booksStartAnswer,
      errors: [409],
    }),
    async (request) => {
      const { period } = parseInput(booksStartBody, request.body);
      return ok(await monthEnd.setBooksStart(currentUser(request), period));
    },
  );

  const statementFile = {
    contentTypes: ['text/csv', 'application/pdf'],
    description: 'With `format=json` (the default) the statement as JSON; `pdf` or `csv` the file, as an attachment',
  };
  app.get(
    '/api/statements',
    statementsRoute({
      summary: "The member's statement of any dates: opening balance, every posting, closing balance",
      description: "Built from the ledger alone, so a closed month's statement is the same every time.",
      querystring: statementQuery,
      data: statement,
      file: statementFile,
    }),
    async (request, reply) => {
      const result = await statements.statement(currentUser(request).id, parseInput(statementQuery, request.query));
      return result.kind === 'json'
        ? ok(result.body)
        : sendFile(reply, result.filename, result.contentType, result.body);
    },
  );
  app.get(
    '/api/statements/months',
    statementsRoute({
      summary: 'The closed months a statement can be taken of, newest first, with their dates',
      data: closedMonths,
    }),
    async () => ok(await statements.closedMonths()),
  );
  app.get(
    '/api/statements/monthly',
    statementsRoute({
      summary: "The member's capital and returns at the end of each of the last twelve months",
      data: memberMonths,
    }),
    async (request) => ok(await statements.monthly(currentUser(request).id)),
  );
  app.get(
    '/api/statements/position',
    statementsRoute({
      summary:
        "The member's position today: capital, returns, loans owed and the net of them, as a statement ending today closes; and capital held for guarantees",
      data: memberPosition,
    }),
    async (request) => ok(await statements.position(currentUser(request).id)),
  );
  app.get(
    '/api/admin/ledger/monthly',
    books({
      permission: 'any_admin',
      summary: "The pools' value and the income and expenses of each of the last twelve months",
      data: ledgerMonths,
    }),
    async () => ok(await monthEnd.monthly()),
  );
  app.get<{ Params: { userId: string } }>(
    '/api/admin/members/:userId/statement',
    membersRoute({
      permission: 'member_management',
      summary: "A member's statement of any dates, as the member gets it",
      params: z.object({ userId: z.uuid() }),
      querystring: statementQuery,
      data: statement,
      file: statementFile,
    }),
    async (request, reply) => {
      if (!isUuid(request.params.userId)) throw notFound('Member not found');
      const result = await statements.statement(request.params.userId, parseInput(statementQuery, request.query));
      return result.kind === 'json'
        ? ok(result.body)
        : sendFile(reply, result.filename, result.contentType, result.body);
    },
  );
}

function sendFile(reply: FastifyReply, filename: string, contentType: string, body: Buffer | string) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}
