import { z } from 'zod';
import {
  ACCOUNT_NUMBER_MAX_DIGITS,
  ACCOUNT_NUMBER_MIN_DIGITS,
  branchCodeProblem,
  normaliseBranchCode,
  payoutAccountMessages,
  payoutBankIds,
} from './banks.js';

export * from './banks.js';

/**
 * `PUT /api/payout-account`: the bank from the list, its universal branch code (filled in when the bank
 * is picked, and checked to be that bank's), the holder and the number.
 */
export const savePayoutAccountBody = z
  .object({
    bankId: z.enum(payoutBankIds, { error: payoutAccountMessages.bank }),
    branchCode: z
      .string({ error: payoutAccountMessages.branchCode })
      .max(20, { error: payoutAccountMessages.branchCode })
      .transform(normaliseBranchCode)
      .pipe(z.string().regex(/^\d{6}$/, { error: payoutAccountMessages.branchCode })),
    accountHolder: z
      .string({ error: payoutAccountMessages.holder })
      .trim()
      .min(2, { error: payoutAccountMessages.holder })
      .max(120, { error: payoutAccountMessages.holder }),
    // Spaces and dashes as people copy the number are left out; what remains must be digits only.
    accountNumber: z
      .string({ error: payoutAccountMessages.accountNumber })
      .max(40, { error: payoutAccountMessages.accountNumber })
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(
        z.string().regex(new RegExp(`^\\d{${ACCOUNT_NUMBER_MIN_DIGITS},${ACCOUNT_NUMBER_MAX_DIGITS}}$`), {
          error: payoutAccountMessages.accountNumber,
        }),
      ),
  })
  .superRefine((body, context) => {
    // A malformed code has its own issue already (zod runs this check even then): only the bank is judged here.
    if (typeof body.branchCode !== 'string' || !/^\d{6}$/.test(body.branchCode)) return;
    const problem = branchCodeProblem(body.bankId, body.branchCode);
    if (problem) context.addIssue({ code: 'custom', path: ['branchCode'], message: problem });
  });
export type SavePayoutAccountBody = z.output<typeof savePayoutAccountBody>;
export type SavePayoutAccountInput = z.input<typeof savePayoutAccountBody>;
