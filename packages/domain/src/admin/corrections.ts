import { z } from 'zod';

/** What a member may ask to have corrected, with the label the forms show. */
export const correctionFields = {
  fullName: 'Full name',
  email: 'E-mail address',
  phoneNumber: 'Phone number',
  nationalId: 'ID or passport number',
  dateOfBirth: 'Date of birth',
  address: 'Address',
  nextOfKin: 'Next of kin',
  other: 'Something else',
} as const;
export type CorrectionField = keyof typeof correctionFields;

export const correctionMessages = {
  field: 'Choose what should be corrected',
  message: 'Say what is wrong and what it should be',
  messageTooLong: 'Please keep it under 1000 characters',
  reply: 'Tell the member what was done, or why not',
  tooMany: 'You have five requests waiting already. We will answer them first.',
  decided: 'This request has already been answered',
  notFound: 'Correction request not found',
} as const;

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

export interface CorrectionView {
  id: string;
  field: CorrectionField;
  message: string;
  status: 'pending' | 'resolved' | 'declined';
  reply: string | null;
  createdAt: string;
  decidedAt: string | null;
  member?: { id: string; email: string; fullName: string | null };
}
