// The contributions register's and the arrears list's filters, as the admin pages and the server share them.
import { z } from 'zod';
import { isPeriod } from '../books/periods.js';
import { contributionStatuses } from './contribution-calendar.js';

export * from './contribution-calendar.js';

const search = z.string().trim().max(120, { error: 'Search with at most 120 characters' }).optional();
const poolId = z.string().uuid({ error: 'Please choose a pool' }).optional();
const page = z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).default(1);
const limit = z.coerce.number({ error: 'limit must be from 1 to 100' }).int().min(1).max(100).default(25);

/** `GET /api/admin/contributions`: the instalments due in a month (the books' month by default). */
export const contributionRegisterQuery = z.object({
  month: z
    .string()
    .refine((value) => isPeriod(value), { error: 'Choose a month as YYYY-MM' })
    .optional(),
  poolId,
  status: z
    .enum(contributionStatuses, { error: `status must be one of ${contributionStatuses.join(', ')}` })
    .optional(),
  search,
  page,
  limit,
});
export type ContributionRegisterQuery = z.output<typeof contributionRegisterQuery>;

/** `GET /api/admin/arrears`: the members behind with their contributions, the longest behind first. */
export const arrearsListQuery = z.object({ poolId, search, page, limit });
export type ArrearsListQuery = z.output<typeof arrearsListQuery>;
