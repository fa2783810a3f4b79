import { z } from 'zod';
import { kinRejectableFields, kycRejectableFields, reviewMessages } from './review.js';

const reason = z
  .string({ error: reviewMessages.reasonAndField })
  .trim()
  .min(1, { error: reviewMessages.reasonAndField })
  .max(1000, { error: reviewMessages.reasonTooLong });

export const rejectKycBody = z.object({
  reason,
  rejectedFields: z
    .array(z.enum(kycRejectableFields, { error: reviewMessages.reasonAndField }), {
      error: reviewMessages.reasonAndField,
    })
    .min(1, { error: reviewMessages.reasonAndField })
    .transform((fields) => [...new Set(fields)]),
});
export type RejectKycBody = z.infer<typeof rejectKycBody>;

export const rejectKinBody = z.object({
  reason,
  rejectedFields: z
    .array(z.enum(kinRejectableFields, { error: reviewMessages.reasonAndField }), {
      error: reviewMessages.reasonAndField,
    })
    .min(1, { error: reviewMessages.reasonAndField })
    .transform((fields) => [...new Set(fields)]),
});
export type RejectKinBody = z.infer<typeof rejectKinBody>;

/** A plain rejection with a reason (payments and pool requests). */
export const rejectWithReasonBody = z.object({
  reason: z
    .string({ error: reviewMessages.reasonRequired })
    .trim()
    .min(1, { error: reviewMessages.reasonRequired })
    .max(1000, { error: reviewMessages.reasonTooLong }),
});
export type RejectWithReasonBody = z.infer<typeof rejectWithReasonBody>;

/** Bounded paging for admin lists that grow with members. */
export const pageQuery = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).default(1),
  limit: z.coerce.number({ error: 'limit must be from 1 to 100' }).int().min(1).max(100).default(50),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** The rows a page covers: `limit` of them after the `offset` rows of the pages before it. */
export function pageWindow(query: PageQuery): { limit: number; offset: number } {
  return { limit: query.limit, offset: (query.page - 1) * query.limit };
}
