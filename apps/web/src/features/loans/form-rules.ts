// The loan forms' rules, fetched when a form is first typed in or pressed (see lazyResolver), so the
// loans pages show without zod.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  loanApplicationBody,
  loanRepaymentBody,
  type LoanApplicationBody,
  type LoanRepaymentBody,
} from '@letsema/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  getGuarantorProblem,
  getRepaymentProblem,
  type LoanApplicationContext,
  type LoanApplicationValues,
  type LoanRepaymentContext,
  type LoanRepaymentValues,
} from './loan-rules';

const checkApplication = zodResolver(loanApplicationBody);
const checkRepayment = zodResolver(loanRepaymentBody);

/**
 * The application's rules: the server's body, with the pool and guarantor left out when blank (and
 * the guarantor when the quote needs none), plus the guarantor the quote asks for.
 */
export const loanApplicationResolver: Resolver<LoanApplicationValues, unknown, LoanApplicationBody> = async (
  values,
  rawContext,
  options,
) => {
  const context = rawContext as LoanApplicationContext | undefined;
  const needsGuarantor = context?.isGuarantorNeeded ?? false;
  const body = {
    type: values.type,
    amount: values.amount,
    termMonths: values.termMonths,
    purpose: values.purpose,
    ...(values.poolId ? { poolId: values.poolId } : {}),
    ...(needsGuarantor && values.guarantor.trim() ? { guarantor: values.guarantor } : {}),
  };
  // The type is checked by the rules themselves; an unchosen one gets the server's message.
  const result = await checkApplication(body as never, undefined, options as never);
  const problem = context ? getGuarantorProblem(context, values.guarantor) : null;
  if (!problem) return result as Awaited<ReturnType<Resolver<LoanApplicationValues, unknown, LoanApplicationBody>>>;
  const errors = {
    ...result.errors,
    guarantor: { type: 'required', message: problem },
  } as FieldErrors<LoanApplicationValues>;
  return { values: {}, errors };
};

/** The repayment's rules: the server's body, and no more than may be paid now. */
export const loanRepaymentResolver: Resolver<LoanRepaymentValues, unknown, LoanRepaymentBody> = async (
  values,
  rawContext,
  options,
) => {
  const context = rawContext as LoanRepaymentContext | undefined;
  const result = await checkRepayment(values, undefined, options as never);
  const amountCents = (result.values as Partial<LoanRepaymentBody>).amount;
  const problem = context && amountCents !== undefined ? getRepaymentProblem(context, amountCents) : null;
  if (!problem) return result as Awaited<ReturnType<Resolver<LoanRepaymentValues, unknown, LoanRepaymentBody>>>;
  return { values: {}, errors: { amount: { type: 'max', message: problem } } as FieldErrors<LoanRepaymentValues> };
};
