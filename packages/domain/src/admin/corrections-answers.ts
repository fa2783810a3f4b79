import { z } from 'zod';
import { id, timestamp } from '../answer-fields.js';
import { correctionFields, type CorrectionField } from './correction-constants.js';

const correctionField = z.enum(Object.keys(correctionFields) as [CorrectionField, ...CorrectionField[]]);

/** A correction request (`CorrectionView` in the domain); the admin's list adds the member. */
export const correctionView = z
  .object({
    id,
    field: correctionField,
    message: z.string(),
    status: z.enum(['pending', 'resolved', 'declined']),
    reply: z.string().nullable(),
    createdAt: timestamp,
    decidedAt: timestamp.nullable(),
    member: z.object({ id, email: z.string(), fullName: z.string().nullable() }).optional(),
  })
  .meta({ id: 'CorrectionRequest' });

export const correctionPage = z.object({ requests: z.array(correctionView), total: z.number().int().min(0) });

// What the web app reads: the types of the answers above.
export type CorrectionView = z.infer<typeof correctionView>;
export type CorrectionPage = z.infer<typeof correctionPage>;
