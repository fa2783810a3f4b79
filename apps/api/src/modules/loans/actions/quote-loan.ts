import {
  amortisationSchedule,
  bpsToPercent,
  centsToRand,
  type LoanQuoteBody,
  loanTypeLabels,
  scheduleTotals,
} from '@letsema/domain';
import type { AuthUser } from '../../../lib/auth-guard.js';
import { type LoanDeps, today } from '../deps.js';
import { assess } from '../eligibility.js';
import { scheduleRows } from '../loan-queries.js';

/** The schedule of a loan before applying, and whether the member could borrow it. */
export async function quoteLoan(deps: LoanDeps, actor: AuthUser, body: LoanQuoteBody) {
  const day = today(deps);
  const assessed = await assess(deps.db, actor, body, day);
  const schedule = amortisationSchedule({
    principalCents: body.amount,
    annualRateBps: assessed.product.annualRateBps,
    termMonths: body.termMonths,
    startDay: day,
  });
  const totals = scheduleTotals(schedule);
  return {
    type: body.type,
    typeLabel: loanTypeLabels[body.type],
    amount: centsToRand(body.amount),
    termMonths: body.termMonths,
    annualRatePercent: bpsToPercent(assessed.product.annualRateBps),
    instalment: centsToRand(totals.instalmentCents),
    totalInterest: centsToRand(totals.interestCents),
    totalRepayable: centsToRand(totals.totalCents),
    firstDueOn: schedule[0]!.dueOn,
    schedule: scheduleRows(schedule),
    eligibility: {
      poolId: assessed.pool?.poolId ?? null,
      capital: centsToRand(assessed.capitalCents),
      maxAmount: centsToRand(assessed.limitCents),
      isGuarantorNeeded: assessed.isGuarantorNeeded,
      guaranteedAmount: centsToRand(assessed.isGuarantorNeeded ? assessed.guaranteedCents : 0),
      canApply: assessed.refusal === null,
      refusal: assessed.refusal?.message ?? null,
      refusalField: assessed.refusal?.field ?? null,
    },
  };
}
