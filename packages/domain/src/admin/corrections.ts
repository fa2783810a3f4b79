import { z } from 'zod';
import { correctionFields, correctionMessages, type CorrectionField } from './correction-constants.js';

export * from './correction-constants.js';

/** `POST /api/auth/corrections`: what is wrong, in the member's words. */
export const correctionRequestBody = z.object({
  field: z.enum(Object.keys(correctionFields) as [CorrectionField, ...CorrectionField[]], {
    error: correctionMessages.field,
  }),
  message: z
    .string({ error: correctionMessages.message })
    .trim()
    .min(5, { error: correctionMessages.message })
    .max(1000, { error: correctionMessages.messageTooLong }),
});
export type CorrectionRequestBody = z.infer<typeof correctionRequestBody>;

/** `POST /api/admin/corrections/{id}/decide`: corrected or declined, with a word to the member. */
export const decideCorrectionBody = z.object({
  decision: z.enum(['resolved', 'declined'], { error: 'Choose corrected or declined' }),
  reply: z
    .string({ error: correctionMessages.reply })
    .trim()
    .min(1, { error: correctionMessages.reply })
    .max(1000, { error: correctionMessages.messageTooLong }),
});
export type DecideCorrectionBody = z.infer<typeof decideCorrectionBody>;
