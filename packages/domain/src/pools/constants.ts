// Constants, labels and messages of pools, apart from the schemas so pages can use them without zod.

export const poolStatuses = ['draft', 'open', 'active', 'closed', 'completed'] as const;
export type PoolStatus = (typeof poolStatuses)[number];

export const poolStatusLabels: Record<PoolStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  active: 'Active',
  closed: 'Closed',
  completed: 'Completed',
};

/** The label of a status; an unknown value falls back to Draft (spec section 4). */
export function poolStatusLabel(status: string): string {
  return poolStatusLabels[status as PoolStatus] ?? poolStatusLabels.draft;
}

/** Allowed status changes (DESIGN.md section 4); anything else is a conflict. */
export const poolTransitions: Record<PoolStatus, readonly PoolStatus[]> = {
  draft: ['open'],
  open: ['active', 'closed'],
  active: ['closed', 'completed'],
  closed: [],
  completed: [],
};

export const poolMessages = {
  name: 'Pool name must be at least 3 characters',
  description: 'Description must be at least 10 characters',
  targetAmount: 'Target amount must be a positive amount in rand, with at most two decimals',
  targetTooLarge: 'Target amount is too large',
  totalShares: 'Total shares must be a positive whole number',
  frequencies: 'Select at least one payment frequency',
  methods: 'Add at least one payment method',
  method: 'Payment methods must be 1 to 60 characters',
  maxMembers: 'Maximum members must be a positive whole number',
  duration: 'Duration must be a positive whole number of months',
  installments: 'Add at least one contribution plan',
  installmentAmount: 'Each plan needs a positive amount in rand, with at most two decimals',
  installmentFrequency: 'Each plan needs a frequency',
  status: 'Unknown pool status',
  tooLong: 'This is too long',
} as const;
