import { describe, expect, it } from 'vitest';
import {
  adminLoansQuery,
  createLoanProductBody,
  loanApplicationBody,
  loanMessages,
  loanRepaymentBody,
  loanSettingsBody,
  updateLoanProductBody,
} from './schemas.js';

const product = {
  type: 'personal',
  name: 'Personal loan',
  annualRatePercent: 18.5,
  minTermMonths: 3,
  maxTermMonths: 24,
  maxCapitalMultiple: 3,
  graceDays: 5,
  penaltyType: 'percent',
  penaltyPercent: 5,
  guarantorAboveCapital: true,
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('loan request schemas', () => {
  it('reads a product into basis points and hundredths', () => {
    expect(createLoanProductBody.parse(product)).toMatchObject({
      annualRatePercent: 1850,
      maxCapitalMultiple: 300,
      penaltyPercent: 500,
      penaltyFixed: 0,
      isActive: true,
      description: '',
    });
    expect(updateLoanProductBody.parse({ ...product, annualRatePercent: 0 }).annualRatePercent).toBe(0);
  });

  it.each([
    [{ minTermMonths: 12, maxTermMonths: 6 }, loanMessages.termOrder],
    [{ maxTermMonths: 121 }, loanMessages.term],
    [{ annualRatePercent: 12.345 }, loanMessages.rateTooHigh],
    [{ maxCapitalMultiple: 0 }, loanMessages.multiple],
    [{ graceDays: 91 }, loanMessages.graceDays],
    [{ penaltyType: 'fixed', penaltyFixed: 0 }, loanMessages.penaltyFixed],
    [{ type: 'holiday' }, loanMessages.type],
  ])('refuses a product with %j: %s', (change, message) => {
    expect(firstMessage(createLoanProductBody.safeParse({ ...product, ...change }))).toBe(message);
  });

  it('needs the confirmation that the rules allow lending to turn lending on', () => {
    const settings = {
      isEnabled: true,
      repoRatePercent: 7,
      capMarginPercent: 21,
      maxPenaltyPercent: 10,
      maxPenaltyFixed: 250,
      dualApprovalAbove: 50_000,
    };
    expect(firstMessage(loanSettingsBody.safeParse(settings))).toBe(loanMessages.confirmRules);
    expect(loanSettingsBody.parse({ ...settings, confirmRulesAllowLending: true })).toMatchObject({
      repoRatePercent: 700,
      capMarginPercent: 2100,
      maxPenaltyFixed: 25_000,
      dualApprovalAbove: 5_000_000,
    });
    expect(loanSettingsBody.safeParse({ ...settings, isEnabled: false }).success).toBe(true);
  });

  it('reads an application and refuses a short purpose', () => {
    const application = {
      type: 'emergency',
      amount: '1500.50',
      termMonths: '6',
      purpose: 'School fees for next term',
      guarantor: ' Friend@Example.com ',
    };
    expect(loanApplicationBody.parse(application)).toEqual({
      type: 'emergency',
      amount: 150_050,
      termMonths: 6,
      purpose: 'School fees for next term',
      guarantor: 'friend@example.com',
    });
    expect(firstMessage(loanApplicationBody.safeParse({ ...application, purpose: 'fees' }))).toBe(loanMessages.purpose);
    expect(firstMessage(loanApplicationBody.safeParse({ ...application, termMonths: 1.5 }))).toBe(
      loanMessages.termWhole,
    );
  });

  it('needs a proof uploaded to this server for a repayment', () => {
    expect(
      firstMessage(
        loanRepaymentBody.safeParse({ amount: 100, paymentMethod: 'EFT', proofUrl: 'https://elsewhere/x.pdf' }),
      ),
    ).toBe(loanMessages.proof);
  });

  it('reads the list filters', () => {
    expect(adminLoansQuery.parse({ inArrears: 'true', bucket: '31-60' })).toEqual({
      inArrears: true,
      bucket: '31-60',
      page: 1,
      limit: 50,
    });
    expect(adminLoansQuery.safeParse({ bucket: '100+' }).success).toBe(false);
  });
});
