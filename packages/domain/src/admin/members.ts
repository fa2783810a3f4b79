import { z } from 'zod';

export const memberSortFields = ['name', 'joined', 'status'] as const;
export const memberListOrders = ['asc', 'desc'] as const;

/** `GET /api/admin/members`: search, filters, sorting and paging. */
export const memberListQuery = z.object({
  search: z.string().trim().max(120).optional(),
  registrationStatus: z.string().trim().max(40).optional(),
  accountStatus: z.enum(['active', 'suspended']).optional(),
  poolId: z.string().uuid({ error: 'Please choose a pool' }).optional(),
  sort: z.enum(memberSortFields).default('joined'),
  order: z.enum(memberListOrders).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type MemberListQuery = z.output<typeof memberListQuery>;

export const memberMessages = {
  reason: 'Please give the reason (at least 5 characters); the member is told it',
  notFound: 'Member not found',
  alreadySuspended: 'This member is suspended already.',
  notSuspended: 'This member is not suspended.',
} as const;

/** Suspending or reactivating a member: the reason is told to them and kept in the audit trail. */
export const memberStatusBody = z.object({
  reason: z
    .string({ error: memberMessages.reason })
    .trim()
    .min(5, { error: memberMessages.reason })
    .max(1000, { error: memberMessages.reason }),
});
