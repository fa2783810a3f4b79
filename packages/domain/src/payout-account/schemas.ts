import { z } from 'zod';
import { ACCOUNT_NUMBER_MAX_DIGITS, ACCOUNT_NUMBER_MIN_DIGITS, payoutAccountMessages, payoutBankIds } from './banks.js';

export * from './banks.js';

/** `PUT /api/payout-account`: the bank from the list (its universal branch code follows), the holder and the number. */
export const savePayoutAccountBody = z.object({
  bankId: z.enum(payoutBankIds, { error: payoutAccountMessages.bank }),
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
});
export type SavePayoutAccountBody = z.output<typeof savePayoutAccountBody>;
export type SavePayoutAccountInput = z.input<typeof savePayoutAccountBody>;
