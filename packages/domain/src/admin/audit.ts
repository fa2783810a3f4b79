import { z } from 'zod';

export const auditMessages = {
  date: 'Enter a date as YYYY-MM-DD',
  range: 'The start date must be on or before the end date',
} as const;

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: auditMessages.date })
  .optional()
  .or(z.literal('').transform(() => undefined));
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined);

/** `GET /api/admin/audit`: filters (all optional) and paging. Dates are days in Johannesburg. */
export const auditQuery = z
  .object({
    /** An account's id, or its e-mail address. */
    actor: text(254),
    subject: text(200),
    action: text(100),
    from: day,
    to: day,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: auditMessages.range, path: ['from'] });
export type AuditQuery = z.infer<typeof auditQuery>;
