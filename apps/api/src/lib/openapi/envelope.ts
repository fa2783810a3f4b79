import { errorStatus, type ErrorCode } from '@letsema/domain';
import { z } from 'zod';

const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

/** The failure envelope the one error handler answers with (`lib/envelope.ts`, `app.ts`). */
export const errorAnswer = z
  .object({
    success: z.literal(false),
    data: z.null(),
    error: z.string().describe('A message written for the member'),
    code: z.enum(errorCodes),
    details: z
      .record(z.string(), z.string())
      .optional()
      .describe('On 400: the first message for each field that is not valid, keyed by its path'),
  })
  .meta({ id: 'ErrorAnswer' });

/** The success envelope around `data`. */
export function answer<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, error: z.null() });
}
