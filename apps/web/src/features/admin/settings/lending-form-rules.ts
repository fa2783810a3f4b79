// The lending forms' rules, fetched when a form is first typed in or pressed (see lazyResolver), so
// the settings page shows without zod.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createLoanProductBody,
  loanSettingsBody,
  productCapProblem,
  type CreateLoanProductBody,
  type LendingCaps,
  type LoanSettingsBody,
} from '@letsema/domain';
import type { Resolver } from 'react-hook-form';
import type { ProductFormValues, SettingsFormValues } from './lending-rules';

/** The settings form: the server's own rules, with its message when lending is turned on unconfirmed. */
// The form holds text where the schema also takes numbers: the typed values are a narrower input.
export const settingsResolver = zodResolver(loanSettingsBody) as unknown as Resolver<
  SettingsFormValues,
  unknown,
  LoanSettingsBody
>;

/**
 * A product's rules: the server's, and the caps of the current settings (the legal maximum rate and
 * the highest penalties), with the server's messages on the same fields.
 */
export function createProductSchema(caps: LendingCaps) {
  return createLoanProductBody.superRefine((body, ctx) => {
    const problem = productCapProblem(
      {
        annualRateBps: body.annualRatePercent,
        penaltyType: body.penaltyType,
        penaltyFixedCents: body.penaltyFixed,
        penaltyPercentBps: body.penaltyPercent,
      },
      caps,
    );
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
}

export const productResolver = (caps: LendingCaps) =>
  zodResolver(createProductSchema(caps)) as unknown as Resolver<ProductFormValues, unknown, CreateLoanProductBody>;
