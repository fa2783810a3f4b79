import type { LoanSettings } from '@letsema/domain';
import { createLoanProductBody, loanMessages, loanSettingsBody } from '@letsema/domain';
import { describe, expect, it } from 'vitest';
import { createProductSchema } from './lending-form-rules';
import {
  formatPercentText,
  previewLegalCap,
  toCaps,
  toProductForm,
  toProductRequest,
  toSettingsForm,
  toSettingsRequest,
} from './lending-rules';

const settings: LoanSettings = {
  isEnabled: false,
  repoRatePercent: 7,
  capMarginPercent: 21,
  maxAnnualRatePercent: 28,
  maxPenaltyPercent: 10,
  maxPenaltyFixed: 250,
  dualApprovalAbove: 50_000,
  rulesConfirmedAt: null,
  rulesConfirmedBy: null,
  updatedAt: null,
  updatedBy: null,
  productsAboveCap: [],
};

describe('the legal cap', () => {
  it.each([
    ['7', '21', '28.00%'],
    ['8.25', '21', '29.25%'],
    ['0', '0', '0.00%'],
    ['seven', '21', null],
    ['7.123', '21', null],
  ])('repo %s + margin %s is %s', (repo, margin, cap) => {
    expect(previewLegalCap(repo, margin)).toBe(cap);
  });

  it('formats basis points with two decimals', () => {
    expect(formatPercentText(2805)).toBe('28.05%');
  });
});

describe('settings form', () => {
  it('round-trips through the server rules to what the API takes', () => {
    const form = toSettingsForm(settings);
    const parsed = loanSettingsBody.parse(form);
    expect(toSettingsRequest(parsed)).toEqual({
      isEnabled: false,
      repoRatePercent: 7,
      capMarginPercent: 21,
      maxPenaltyPercent: 10,
      maxPenaltyFixed: 250,
      dualApprovalAbove: 50_000,
    });
  });

  it('turning lending on needs the confirmation, with the server message on its box', () => {
    const result = loanSettingsBody.safeParse({ ...toSettingsForm(settings), isEnabled: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['confirmRulesAllowLending'], message: loanMessages.confirmRules }),
    );
    const confirmed = loanSettingsBody.parse({
      ...toSettingsForm(settings),
      isEnabled: true,
      confirmRulesAllowLending: true,
    });
    expect(toSettingsRequest(confirmed)).toMatchObject({ isEnabled: true, confirmRulesAllowLending: true });
  });

  it('starts ticked only when lending is on and was confirmed', () => {
    expect(toSettingsForm(settings).confirmRulesAllowLending).toBe(false);
    expect(
      toSettingsForm({ ...settings, isEnabled: true, rulesConfirmedAt: '2025-01-01T00:00:00Z' })
        .confirmRulesAllowLending,
    ).toBe(true);
  });
});

describe('product form', () => {
  const caps = toCaps(settings);

  it('a new product starts with a capital multiple of 3 and round-trips to the API', () => {
    const form = { ...toProductForm(null, 'personal'), annualRatePercent: '18.5' };
    expect(form.maxCapitalMultiple).toBe('3');
    expect(form.name).toBe('Personal loan');
    const request = toProductRequest(createProductSchema(caps).parse(form));
    expect(request).toMatchObject({
      type: 'personal',
      annualRatePercent: 18.5,
      maxCapitalMultiple: 3,
      minTermMonths: 1,
      maxTermMonths: 12,
      penaltyType: 'none',
      penaltyFixed: 0,
      penaltyPercent: 0,
    });
    // What is sent passes the server's own rules.
    expect(createLoanProductBody.safeParse(request).success).toBe(true);
  });

  it('refuses a rate above the cap with the server message, on the rate', () => {
    const result = createProductSchema(caps).safeParse({
      ...toProductForm(null, 'business'),
      annualRatePercent: '28.01',
    });
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['annualRatePercent'], message: loanMessages.aboveCap('28.00') }),
    );
    expect(
      createProductSchema(caps).safeParse({ ...toProductForm(null, 'business'), annualRatePercent: '28' }).success,
    ).toBe(true);
  });

  it('refuses a penalty above the cap, and a chosen penalty of nothing', () => {
    const fixed = { ...toProductForm(null, 'emergency'), annualRatePercent: '10', penaltyType: 'fixed' as const };
    expect(createProductSchema(caps).safeParse({ ...fixed, penaltyFixed: '250.01' }).error?.issues[0]?.path).toEqual([
      'penaltyFixed',
    ]);
    expect(createProductSchema(caps).safeParse({ ...fixed, penaltyFixed: '0' }).error?.issues[0]?.message).toBe(
      loanMessages.penaltyFixed,
    );
    expect(toProductRequest(createProductSchema(caps).parse({ ...fixed, penaltyFixed: '250' }))).toMatchObject({
      penaltyFixed: 250,
      penaltyPercent: 0,
    });
  });

  it('an edited product keeps its terms in the form', () => {
    const form = toProductForm(
      {
        id: 'p',
        type: 'education',
        typeLabel: 'Education',
        name: 'Study loan',
        description: '',
        annualRatePercent: 12.5,
        minTermMonths: 6,
        maxTermMonths: 36,
        maxCapitalMultiple: 2.5,
        graceDays: 10,
        penaltyType: 'percent',
        penaltyTypeLabel: '',
        penaltyFixed: 0,
        penaltyPercent: 5,
        guarantorAboveCapital: false,
        isActive: false,
        isWithinCap: true,
        createdAt: '',
        updatedAt: '',
      },
      'education',
    );
    expect(toProductRequest(createProductSchema(caps).parse(form))).toEqual({
      type: 'education',
      name: 'Study loan',
      description: '',
      annualRatePercent: 12.5,
      minTermMonths: 6,
      maxTermMonths: 36,
      maxCapitalMultiple: 2.5,
      graceDays: 10,
      penaltyType: 'percent',
      penaltyFixed: 0,
      penaltyPercent: 5,
      guarantorAboveCapital: false,
      isActive: false,
    });
  });
});
