import {
  ageingBucketOf,
  bpsToPercent,
  centsToRand,
  daysBetween,
  formatLoanNumber,
  guarantorStatusLabels,
  instalmentStatusLabels,
  instalmentUnpaid,
  loanStatusLabels,
  loanTypeLabels,
  maxAnnualRateBps,
  penaltyTypeLabels,
  productCapProblem,
  repaymentStatusLabels,
  type GuarantorStatus,
  type InstalmentStatus,
  type LendingCaps,
  type LoanStatus,
  type LoanType,
  type PenaltyType,
  type RepaymentStatus,
  type SettlementQuote,
  type WaiverStatus,
} from '@letsema/domain';
import type { loanPenaltyWaivers, loanProducts, loanRepayments } from '../../db/schema.js';
import type { InstalmentState, LoanRow } from './money.js';

type ProductRow = typeof loanProducts.$inferSelect;
type RepaymentRow = typeof loanRepayments.$inferSelect;
type WaiverRow = typeof loanPenaltyWaivers.$inferSelect;

/** The lending settings as stored (one JSON value); missing fields take the defaults. */
export interface StoredLoanSettings extends LendingCaps {
  isEnabled: boolean;
  dualApprovalAboveCents: number;
  rulesConfirmedAt: string | null;
  rulesConfirmedBy: string | null;
}

export function settingsView(
  settings: StoredLoanSettings,
  extra: {
    updatedAt: Date | null;
    updatedBy: { id: string; fullName: string | null } | null;
    confirmedBy: { id: string; fullName: string | null } | null;
    productsAboveCap: ProductRow[];
  },
) {
  return {
    isEnabled: settings.isEnabled,
    repoRatePercent: bpsToPercent(settings.repoRateBps),
    capMarginPercent: bpsToPercent(settings.capMarginBps),
    maxAnnualRatePercent: bpsToPercent(maxAnnualRateBps(settings)),
    maxPenaltyPercent: bpsToPercent(settings.maxPenaltyPercentBps),
    maxPenaltyFixed: centsToRand(settings.maxPenaltyFixedCents),
    dualApprovalAbove: centsToRand(settings.dualApprovalAboveCents),
    rulesConfirmedAt: settings.rulesConfirmedAt,
    rulesConfirmedBy: extra.confirmedBy,
    updatedAt: extra.updatedAt?.toISOString() ?? null,
    updatedBy: extra.updatedBy,
    productsAboveCap: extra.productsAboveCap.map((product) => ({
      id: product.id,
      type: product.type as LoanType,
      name: product.name,
      annualRatePercent: bpsToPercent(product.annualRateBps),
    })),
  };
}

export function productView(row: ProductRow, caps: LendingCaps) {
  return {
    id: row.id,
    type: row.type as LoanType,
    typeLabel: loanTypeLabels[row.type as LoanType],
    name: row.name,
    description: row.description,
    annualRatePercent: bpsToPercent(row.annualRateBps),
    minTermMonths: row.minTermMonths,
    maxTermMonths: row.maxTermMonths,
    maxCapitalMultiple: row.maxCapitalMultipleHundredths / 100,
    graceDays: row.graceDays,
    penaltyType: row.penaltyType as PenaltyType,
    penaltyTypeLabel: penaltyTypeLabels[row.penaltyType as PenaltyType],
    penaltyFixed: centsToRand(row.penaltyFixedCents),
    penaltyPercent: bpsToPercent(row.penaltyPercentBps),
    guarantorAboveCapital: row.guarantorAboveCapital,
    isActive: row.isActive,
    isWithinCap: productCapProblem(penaltyRuleOf(row, row.annualRateBps), caps) === null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A product's or a loan's penalty rule with its rate, as the arithmetic reads it. */
export function penaltyRuleOf(
  row: { penaltyType: string; penaltyFixedCents: number; penaltyPercentBps: number },
  annualRateBps: number,
) {
  return {
    annualRateBps,
    penaltyType: row.penaltyType as PenaltyType,
    penaltyFixedCents: row.penaltyFixedCents,
    penaltyPercentBps: row.penaltyPercentBps,
  };
}

/** What a loan view is built from besides the loan itself. */
export interface LoanContext {
  loan: LoanRow;
  poolName: string;
  productName: string;
  member: { id: string; fullName: string | null; email: string };
  guarantor: { id: string; fullName: string | null } | null;
}

/** Arrears and the next instalment, from the unpaid instalments (all of them, or only the unpaid). */
export function standing(states: InstalmentState[], today: string) {
  const unpaid = states
    .map((state) => ({ state, unpaid: instalmentUnpaid(state.balance) }))
    .filter((entry) => entry.unpaid.totalCents > 0);
  const overdue = unpaid.filter((entry) => entry.state.row.dueOn < today);
  const daysOverdue = overdue.length ? daysBetween(overdue[0]!.state.row.dueOn, today) : 0;
  const next = unpaid[0];
  return {
    arrears: {
      daysOverdue,
      bucket: ageingBucketOf(daysOverdue),
      overdueAmount: centsToRand(overdue.reduce((sum, entry) => sum + entry.unpaid.totalCents, 0)),
      overdueInstalments: overdue.length,
    },
    nextInstalment: next
      ? { number: next.state.row.number, dueOn: next.state.row.dueOn, amount: centsToRand(next.unpaid.totalCents) }
      : null,
  };
}

/**
 * A loan as members and admins read it. The member's e-mail is shown to admins only; a guarantor
 * reading a loan they guarantee sees the member's name.
 */
export function loanView(context: LoanContext, unpaidStates: InstalmentState[], today: string, isAdmin: boolean) {
  const { loan } = context;
  const isLive = loan.status === 'active';
  const { arrears, nextInstalment } = standing(isLive ? unpaidStates : [], today);
  return {
    id: loan.id,
    number: formatLoanNumber(loan.number),
    type: loan.type as LoanType,
    typeLabel: loanTypeLabels[loan.type as LoanType],
    productName: context.productName,
    pool: { id: loan.poolId, name: context.poolName },
    member: {
      id: context.member.id,
      fullName: context.member.fullName,
      email: isAdmin ? context.member.email : null,
    },
    amount: centsToRand(loan.principalCents),
    termMonths: loan.termMonths,
    annualRatePercent: bpsToPercent(loan.annualRateBps),
    instalment: centsToRand(loan.instalmentCents),
    totalInterest: centsToRand(loan.totalInterestCents),
    totalRepayable: centsToRand(loan.principalCents + loan.totalInterestCents),
    purpose: loan.purpose,
    status: loan.status as LoanStatus,
    statusLabel: loanStatusLabels[loan.status as LoanStatus],
    guarantor:
      context.guarantor && loan.guarantorStatus
        ? {
            id: context.guarantor.id,
            fullName: context.guarantor.fullName,
            status: loan.guarantorStatus as GuarantorStatus,
            statusLabel: guarantorStatusLabels[loan.guarantorStatus as GuarantorStatus],
            guaranteedAmount: centsToRand(loan.guaranteedCents),
            decidedAt: loan.guarantorDecidedAt?.toISOString() ?? null,
          }
        : null,
    capitalAtApplication: centsToRand(loan.capitalCents),
    graceDays: loan.graceDays,
    penaltyType: loan.penaltyType as PenaltyType,
    penaltyFixed: centsToRand(loan.penaltyFixedCents),
    penaltyPercent: bpsToPercent(loan.penaltyPercentBps),
    approvalsNeeded: loan.approvalsNeeded,
    approverIds: loan.approverIds,
    approvedAt: loan.approvedAt?.toISOString() ?? null,
    rejectionReason: loan.rejectionReason,
    decidedAt: loan.decidedAt?.toISOString() ?? null,
    disbursedAt: loan.disbursedAt?.toISOString() ?? null,
    disbursedOn: loan.disbursedOn,
    disbursementProofUrl: loan.disbursementProofUrl,
    principalRepaid: centsToRand(loan.principalRepaidCents),
    outstandingPrincipal: centsToRand(loan.status === 'active' ? loan.principalCents - loan.principalRepaidCents : 0),
    arrears,
    nextInstalment,
    createdAt: loan.createdAt.toISOString(),
    closedAt: loan.closedAt?.toISOString() ?? null,
  };
}

export function repaymentView(
  row: RepaymentRow,
  extra: { loanNumber: number; member?: { id: string; fullName: string | null; email: string } },
) {
  const isApproved = row.status === 'approved';
  return {
    id: row.id,
    loanId: row.loanId,
    loanNumber: formatLoanNumber(extra.loanNumber),
    ...(extra.member ? { member: extra.member } : {}),
    amount: centsToRand(row.amountCents),
    paymentMethod: row.paymentMethod,
    proofUrl: row.proofUrl,
    paidOn: row.paidOn,
    status: row.status as RepaymentStatus,
    statusLabel: repaymentStatusLabels[row.status as RepaymentStatus],
    split: isApproved
      ? {
          penalty: centsToRand(row.penaltyCents),
          interest: centsToRand(row.interestCents),
          principal: centsToRand(row.principalCents),
          interestNotCharged: centsToRand(row.interestWaivedCents),
        }
      : null,
    isSettlement: row.isSettlement,
    isFromExit: row.exitRequestId !== null,
    rejectionReason: row.rejectionReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function waiverView(row: WaiverRow, extra: { loanNumber: number; instalmentNumber: number }) {
  return {
    id: row.id,
    penaltyId: row.penaltyId,
    loanId: row.loanId,
    loanNumber: formatLoanNumber(extra.loanNumber),
    instalmentNumber: extra.instalmentNumber,
    amount: centsToRand(row.amountCents),
    reason: row.reason,
    status: row.status as WaiverStatus,
    requestedBy: row.requestedBy,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The schedule as it stands: each instalment's parts, its penalty, what was paid and what is left. */
export function scheduleView(states: InstalmentState[]) {
  return states.map(({ row, penalty, balance }) => {
    const unpaid = instalmentUnpaid(balance);
    return {
      id: row.id,
      number: row.number,
      dueOn: row.dueOn,
      principal: centsToRand(row.principalCents),
      interest: centsToRand(row.interestCents),
      penalty: centsToRand(balance.penaltyCents),
      amount: centsToRand(row.principalCents + row.interestCents + balance.penaltyCents),
      paid: centsToRand(balance.principalPaidCents + balance.interestPaidCents + balance.penaltyPaidCents),
      interestNotCharged: centsToRand(balance.interestWaivedCents),
      penaltyWaived: centsToRand(balance.penaltyWaivedCents),
      unpaid: centsToRand(unpaid.totalCents),
      status: row.status as InstalmentStatus,
      statusLabel: instalmentStatusLabels[row.status as InstalmentStatus],
      paidOn: row.paidOn,
      penaltyId: penalty?.id ?? null,
      penaltyAppliedOn: penalty?.appliedOn ?? null,
    };
  });
}

export function settlementView(quote: SettlementQuote | null) {
  return quote
    ? {
        asOf: quote.asOf,
        amount: centsToRand(quote.totalCents),
        principal: centsToRand(quote.principalCents),
        interest: centsToRand(quote.interestCents),
        penalties: centsToRand(quote.penaltyCents),
      }
    : null;
}
