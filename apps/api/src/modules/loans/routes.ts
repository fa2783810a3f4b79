import {
  adminLoanPageAnswer,
  adminLoansQuery,
  adminRepaymentsQuery,
  createLoanProductBody,
  disburseLoanBody,
  loanApplicationBody,
  loanDetailAnswer,
  loanOfferAnswer,
  loanProductAnswer,
  loanQuoteAnswer,
  loanQuoteBody,
  loanRepaymentAnswer,
  loanRepaymentBody,
  loanSettingsAnswer,
  loanSettingsBody,
  loanSummaryAnswer,
  loanWaiverAnswer,
  rejectLoanBody,
  updateLoanProductBody,
  waivePenaltyBody,
  waiverStatuses,
} from '@letsema/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser, type Guards } from '../../lib/auth-guard.js';
import { ok } from '../../lib/envelope.js';
import { signedInRoutes } from '../../lib/route-options.js';
import { parseInput } from '../../lib/validate.js';
import type { LoanService } from './service.js';
import type { LendingSetupService } from './settings.js';

type Id = { Params: { id: string } };

/**
 * Loans: the member's calls (offer, quote, apply, guarantee, repay) and the admins' (settings and
 * products by the super admin, decisions by loan_management, repayments by payment_management, as
 * each route declares).
 */
export function loanRoutes(
  app: FastifyInstance,
  deps: { loans: LoanService; setup: LendingSetupService; guards: Guards },
) {
  const { loans, setup } = deps;
  const member = signedInRoutes(deps.guards, 'Loans');
  const admin = signedInRoutes(deps.guards, 'Lending');
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request);
  const params = z.object({ id: z.uuid() });
  const makerChecker =
    'Nobody decides a loan they applied for or guarantee, and whoever approved a loan never pays it out (403 `MAKER_CHECKER`).';
  const superAdmin = 'Only the super admin may change it (403 otherwise).';

  // ---- The member ----

  app.get(
    '/api/loans/offer',
    member({
      summary: 'What the member may borrow now: lending on or off, the products, their capital and limits',
      data: loanOfferAnswer,
    }),
    async (request) => ok(await loans.offer(me(request))),
  );
  app.post(
    '/api/loans/quote',
    member({
      summary: 'The repayment schedule of a loan before applying, and whether the member could borrow it',
      description:
        'Amortised monthly on the reducing balance in whole cents; the last instalment takes the remainder. A rule the loan would break is answered in `eligibility.refusal` (the same words the application would answer).',
      body: loanQuoteBody,
      data: loanQuoteAnswer,
      errors: [409],
    }),
    async (request) => ok(await loans.quote(me(request), parseInput(loanQuoteBody, request.body))),
  );
  app.post(
    '/api/loans',
    member({
      summary: 'Apply for a loan: type, amount, term, purpose, and a guarantor when the amount is above the capital',
      description:
        'The guarantor (another active member, by e-mail or member id) is asked in the app and by e-mail; any other answers one message, whatever the reason, and their capital is checked only when they accept; without one the loan waits for the loan admins. Refused above the limit (capital times the product multiple, less what is owed), while another loan is in arrears, during an exit notice, with lending off, or outside the product terms.',
      body: loanApplicationBody,
      status: 201,
      data: loanDetailAnswer,
      errors: [409],
    }),
    async (request, reply) =>
      reply.code(201).send(ok(await loans.apply(me(request), parseInput(loanApplicationBody, request.body)))),
  );
  app.get(
    '/api/loans',
    member({ summary: "The member's own loans, newest first", data: z.array(loanSummaryAnswer) }),
    async (request) => ok(await loans.myLoans(me(request).id)),
  );
  app.get(
    '/api/loans/guarantees',
    member({
      summary: 'The loans the member is asked to guarantee, or guarantees',
      data: z.array(loanSummaryAnswer),
    }),
    async (request) => ok(await loans.myGuarantees(me(request).id)),
  );
  app.get<Id>(
    '/api/loans/:id',
    member({
      summary: "One of the member's own loans with its schedule, settlement figure and repayments",
      params,
      data: loanDetailAnswer,
    }),
    async (request) => ok(await loans.myLoan(me(request).id, request.params.id)),
  );
  app.post<Id>(
    '/api/loans/:id/cancel',
    member({ summary: 'Cancel an application before it is paid out', params, data: loanDetailAnswer, errors: [409] }),
    async (request) => ok(await loans.cancel(me(request).id, request.params.id)),
  );
  app.post<Id>(
    '/api/loans/:id/guarantor/accept',
    member({
      summary: "Accept to guarantee a loan: the guaranteed part of the guarantor's capital is held until it is repaid",
      description:
        'Only the guarantor asked; anyone else gets 404. Refused (409) when their free capital is too small.',
      params,
      data: loanSummaryAnswer,
      errors: [409],
    }),
    async (request) => ok(await loans.acceptGuarantee(me(request).id, request.params.id)),
  );
  app.post<Id>(
    '/api/loans/:id/guarantor/decline',
    member({
      summary: 'Decline to guarantee a loan: the application stops',
      description: 'Only the guarantor asked; anyone else gets 404.',
      params,
      data: loanSummaryAnswer,
      errors: [409],
    }),
    async (request) => ok(await loans.declineGuarantee(me(request).id, request.params.id)),
  );
  app.post<Id>(
    '/api/loans/:id/repayments',
    member({
      summary: 'Submit a repayment with its proof of payment (uploaded as proof-of-payment)',
      description:
        'At most what settles the loan today, less repayments not yet checked. Paying exactly the settlement amount closes the loan without the interest of later months.',
      params,
      body: loanRepaymentBody,
      status: 201,
      data: loanRepaymentAnswer,
      errors: [409],
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(await loans.submitRepayment(me(request), request.params.id, parseInput(loanRepaymentBody, request.body))),
        ),
  );

  // ---- The super admin's setup ----

  app.get(
    '/api/admin/loan-settings',
    admin({
      permission: 'loan_management',
      summary: 'The lending settings: on or off, and the caps every product is checked against',
      data: loanSettingsAnswer,
    }),
    async () => ok(await setup.getSettings()),
  );
  app.put(
    '/api/admin/loan-settings',
    admin({
      permission: 'loan_management',
      summary: "Turn lending on or off and set the caps (the repo rate and Regulation 42's margin, penalty limits)",
      description: `${superAdmin} Turning lending on needs \`confirmRulesAllowLending: true\`; the change is audited.`,
      body: loanSettingsBody,
      data: loanSettingsAnswer,
    }),
    async (request) => ok(await setup.updateSettings(me(request), parseInput(loanSettingsBody, request.body))),
  );
  app.get(
    '/api/admin/loan-products',
    admin({
      permission: 'loan_management',
      summary: 'The loan products, one per loan type',
      data: z.array(loanProductAnswer),
    }),
    async () => ok(await setup.listProducts()),
  );
  app.post(
    '/api/admin/loan-products',
    admin({
      permission: 'loan_management',
      summary: 'Add the product of a loan type, within the caps',
      description: superAdmin,
      body: createLoanProductBody,
      status: 201,
      data: loanProductAnswer,
      errors: [409],
    }),
    async (request, reply) =>
      reply.code(201).send(ok(await setup.createProduct(me(request), parseInput(createLoanProductBody, request.body)))),
  );
  app.put<Id>(
    '/api/admin/loan-products/:id',
    admin({
      permission: 'loan_management',
      summary: "Change a product's terms (its type stays); loans already asked for keep theirs",
      description: superAdmin,
      params,
      body: updateLoanProductBody,
      data: loanProductAnswer,
    }),
    async (request) =>
      ok(await setup.updateProduct(me(request), request.params.id, parseInput(updateLoanProductBody, request.body))),
  );

  // ---- The loan admins ----

  app.get(
    '/api/admin/loans',
    admin({
      permission: 'loan_management',
      summary: 'Loans with filters, newest first, and the ageing of arrears (1-30, 31-60, 61-90, 90+ days)',
      description: 'Ageing is by the days overdue of the oldest unpaid instalment of each active loan.',
      querystring: adminLoansQuery,
      data: adminLoanPageAnswer,
    }),
    async (request) => ok(await loans.listLoans(parseInput(adminLoansQuery, request.query))),
  );
  app.get<Id>(
    '/api/admin/loans/:id',
    admin({
      permission: 'loan_management',
      summary: 'A loan with its schedule, repayments and waivers',
      params,
      data: loanDetailAnswer,
    }),
    async (request) => ok(await loans.adminLoan(request.params.id)),
  );
  app.post<Id>(
    '/api/admin/loans/:id/approve',
    admin({
      permission: 'loan_management',
      summary: 'Approve a loan waiting for approval (two different admins above the dual-approval amount)',
      description: makerChecker,
      params,
      data: loanDetailAnswer,
      errors: [409],
    }),
    async (request) => ok(await loans.approve(me(request).id, request.params.id)),
  );
  app.post<Id>(
    '/api/admin/loans/:id/reject',
    admin({
      permission: 'loan_management',
      summary: 'Refuse a loan before it is paid out, with a reason',
      description: makerChecker,
      params,
      body: rejectLoanBody,
      data: loanDetailAnswer,
      errors: [409],
    }),
    async (request) =>
      ok(await loans.reject(me(request).id, request.params.id, parseInput(rejectLoanBody, request.body).reason)),
  );
  app.post<Id>(
    '/api/admin/loans/:id/disburse',
    admin({
      permission: 'loan_management',
      summary: 'Pay out an approved loan with the proof of transfer: the schedule starts and the ledger posts it',
      description: `${makerChecker} The proof is uploaded as loan-disbursement-proof.`,
      params,
      body: disburseLoanBody,
      data: loanDetailAnswer,
      errors: [409],
    }),
    async (request) =>
      ok(await loans.disburse(me(request).id, request.params.id, parseInput(disburseLoanBody, request.body).proofUrl)),
  );
  app.post<{ Params: { id: string; penaltyId: string } }>(
    '/api/admin/loans/:id/penalties/:penaltyId/waive',
    admin({
      permission: 'loan_management',
      summary: 'Ask to waive what is left of a late penalty; a second loan admin decides',
      params: z.object({ id: z.uuid(), penaltyId: z.uuid() }),
      body: waivePenaltyBody,
      data: loanDetailAnswer,
      errors: [409],
    }),
    async (request) =>
      ok(
        await loans.requestWaiver(
          me(request).id,
          request.params.id,
          request.params.penaltyId,
          parseInput(waivePenaltyBody, request.body).reason,
        ),
      ),
  );
  const waiverQuery = z.object({ status: z.enum(waiverStatuses).default('pending') });
  app.get(
    '/api/admin/loan-waivers',
    admin({
      permission: 'loan_management',
      summary: 'Penalty waivers of one status (waiting ones by default), oldest first',
      querystring: waiverQuery,
      data: z.array(loanWaiverAnswer),
    }),
    async (request) => ok(await loans.listWaivers(parseInput(waiverQuery, request.query).status)),
  );
  app.post<Id>(
    '/api/admin/loan-waivers/:id/approve',
    admin({
      permission: 'loan_management',
      summary: 'Waive the penalty: a reversing entry takes it out of penalty income',
      description: 'Not by the admin who asked for it (403 `MAKER_CHECKER`).',
      params,
      data: loanDetailAnswer,
      errors: [409],
    }),
    async (request) => ok(await loans.approveWaiver(me(request).id, request.params.id)),
  );
  app.post<Id>(
    '/api/admin/loan-waivers/:id/reject',
    admin({
      permission: 'loan_management',
      summary: 'Refuse a penalty waiver with a reason',
      params,
      body: rejectLoanBody,
      data: loanDetailAnswer,
      errors: [409],
    }),
    async (request) =>
      ok(await loans.rejectWaiver(me(request).id, request.params.id, parseInput(rejectLoanBody, request.body).reason)),
  );

  // ---- The payments desk ----

  app.get(
    '/api/admin/loan-repayments',
    admin({
      permission: 'payment_management',
      summary: 'Loan repayments of one status (waiting ones by default, oldest first)',
      querystring: adminRepaymentsQuery,
      data: z.array(loanRepaymentAnswer),
    }),
    async (request) => ok(await loans.listRepayments(parseInput(adminRepaymentsQuery, request.query))),
  );
  app.post<Id>(
    '/api/admin/loan-repayments/:id/approve',
    admin({
      permission: 'payment_management',
      summary: 'Approve a repayment once: split into penalty, interest and principal of the oldest instalments',
      description:
        'Not by the member who paid (403 `MAKER_CHECKER`). Approved at the same moment twice, one answers 200 and the other 409.',
      params,
      data: loanRepaymentAnswer,
      errors: [409],
    }),
    async (request) => ok(await loans.approveRepayment(me(request).id, request.params.id)),
  );
  app.post<Id>(
    '/api/admin/loan-repayments/:id/reject',
    admin({
      permission: 'payment_management',
      summary: 'Refuse a repayment with a reason',
      params,
      body: rejectLoanBody,
      data: loanRepaymentAnswer,
      errors: [409],
    }),
    async (request) =>
      ok(
        await loans.rejectRepayment(me(request).id, request.params.id, parseInput(rejectLoanBody, request.body).reason),
      ),
  );
}
