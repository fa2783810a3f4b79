import type { LoanProduct, LoanSettings } from '@letsema/domain';
// The lending forms' values as typed, and what the server is sent once the domain's rules have
// checked them (the rules turn percentages into basis points and rand into cents; the API takes
// percentages and rand).
import {
  bpsToPercent,
  centsToRand,
  type CreateLoanProductBody,
  DEFAULT_CAPITAL_MULTIPLE_HUNDREDTHS,
  formatPercent,
  fromHundredths,
  type LendingCaps,
  type LoanSettingsBody,
  type LoanType,
  loanTypeLabels,
  type PenaltyType,
  percentToBps,
  randAmountToCents,
  toHundredths,
} from '@letsema/domain';

export interface SettingsFormValues {
  isEnabled: boolean;
  repoRatePercent: string;
  capMarginPercent: string;
  maxPenaltyPercent: string;
  maxPenaltyFixed: string;
  dualApprovalAbove: string;
  confirmRulesAllowLending: boolean;
}

/** What `PUT /api/admin/loan-settings` takes. */
export interface SettingsRequest {
  isEnabled: boolean;
  repoRatePercent: number;
  capMarginPercent: number;
  maxPenaltyPercent: number;
  maxPenaltyFixed: number;
  dualApprovalAbove: number;
  confirmRulesAllowLending?: boolean;
}

export interface ProductFormValues {
  type: LoanType;
  name: string;
  description: string;
  annualRatePercent: string;
  minTermMonths: string;
  maxTermMonths: string;
  maxCapitalMultiple: string;
  graceDays: string;
  penaltyType: PenaltyType;
  penaltyFixed: string;
  penaltyPercent: string;
  guarantorAboveCapital: boolean;
  isActive: boolean;
}

/** What `POST /api/admin/loan-products` takes (`PUT` takes the same without the type). */
export interface ProductRequest {
  type: LoanType;
  name: string;
  description: string;
  annualRatePercent: number;
  minTermMonths: number;
  maxTermMonths: number;
  maxCapitalMultiple: number;
  graceDays: number;
  penaltyType: PenaltyType;
  penaltyFixed: number;
  penaltyPercent: number;
  guarantorAboveCapital: boolean;
  isActive: boolean;
}

/** A number the API answered, as a form shows it: "7", "21.5", "250". */
const asText = (value: number) => String(value);

export function toSettingsForm(settings: LoanSettings): SettingsFormValues {
  return {
    isEnabled: settings.isEnabled,
    repoRatePercent: asText(settings.repoRatePercent),
    capMarginPercent: asText(settings.capMarginPercent),
    maxPenaltyPercent: asText(settings.maxPenaltyPercent),
    maxPenaltyFixed: asText(settings.maxPenaltyFixed),
    dualApprovalAbove: asText(settings.dualApprovalAbove),
    // Lending already on was confirmed when it was turned on; the box starts ticked so that changing a
    // cap does not ask again, and it can be unticked.
    confirmRulesAllowLending: settings.isEnabled && settings.rulesConfirmedAt !== null,
  };
}

export function toSettingsRequest(body: LoanSettingsBody): SettingsRequest {
  return {
    isEnabled: body.isEnabled,
    repoRatePercent: bpsToPercent(body.repoRatePercent),
    capMarginPercent: bpsToPercent(body.capMarginPercent),
    maxPenaltyPercent: bpsToPercent(body.maxPenaltyPercent),
    maxPenaltyFixed: centsToRand(body.maxPenaltyFixed),
    dualApprovalAbove: centsToRand(body.dualApprovalAbove),
    ...(body.isEnabled ? { confirmRulesAllowLending: body.confirmRulesAllowLending === true } : {}),
  };
}

/** The caps the products are checked against, as the rules read them. */
export function toCaps(settings: LoanSettings): LendingCaps {
  return {
    repoRateBps: toHundredths(settings.repoRatePercent),
    capMarginBps: toHundredths(settings.capMarginPercent),
    maxPenaltyPercentBps: toHundredths(settings.maxPenaltyPercent),
    maxPenaltyFixedCents: randAmountToCents(settings.maxPenaltyFixed),
  };
}

/**
 * The legal cap the settings form's figures give while they are typed (repo rate plus margin), as
 * "28.00%"; null while either is not a percentage.
 */
export function previewLegalCap(repoRate: string, margin: string): string | null {
  const repo = percentToBps(repoRate);
  const extra = percentToBps(margin);
  if (repo === null || extra === null) return null;
  return formatPercentText(repo + extra);
}

/** Basis points as a percentage with two decimals: 2800 as "28.00%". */
export function formatPercentText(bps: number): string {
  return `${formatPercent(bps)}%`;
}

/** A product's form: its terms, or for a new one the type's name and the usual defaults. */
export function toProductForm(product: LoanProduct | null, type: LoanType): ProductFormValues {
  if (product) {
    return {
      type: product.type,
      name: product.name,
      description: product.description,
      annualRatePercent: asText(product.annualRatePercent),
      minTermMonths: asText(product.minTermMonths),
      maxTermMonths: asText(product.maxTermMonths),
      maxCapitalMultiple: asText(product.maxCapitalMultiple),
      graceDays: asText(product.graceDays),
      penaltyType: product.penaltyType,
      penaltyFixed: asText(product.penaltyFixed),
      penaltyPercent: asText(product.penaltyPercent),
      guarantorAboveCapital: product.guarantorAboveCapital,
      isActive: product.isActive,
    };
  }
  return {
    type,
    name: `${loanTypeLabels[type]} loan`,
    description: '',
    annualRatePercent: '',
    minTermMonths: '1',
    maxTermMonths: '12',
    maxCapitalMultiple: asText(fromHundredths(DEFAULT_CAPITAL_MULTIPLE_HUNDREDTHS)),
    graceDays: '7',
    penaltyType: 'none',
    penaltyFixed: '0',
    penaltyPercent: '0',
    guarantorAboveCapital: true,
    isActive: true,
  };
}

export function toProductRequest(body: CreateLoanProductBody): ProductRequest {
  return {
    type: body.type,
    name: body.name,
    description: body.description,
    annualRatePercent: bpsToPercent(body.annualRatePercent),
    minTermMonths: body.minTermMonths,
    maxTermMonths: body.maxTermMonths,
    maxCapitalMultiple: fromHundredths(body.maxCapitalMultiple),
    graceDays: body.graceDays,
    penaltyType: body.penaltyType,
    // The amount of the kind of penalty not chosen is sent as nothing.
    penaltyFixed: body.penaltyType === 'fixed' ? centsToRand(body.penaltyFixed) : 0,
    penaltyPercent: body.penaltyType === 'percent' ? bpsToPercent(body.penaltyPercent) : 0,
    guarantorAboveCapital: body.guarantorAboveCapital,
    isActive: body.isActive,
  };
}
