import { z } from 'zod';
import { id, rand, timestamp } from '../answer-fields.js';
import { paymentFrequencies } from '../instalments.js';
import { poolStatuses } from './constants.js';

/** A pool as the API answers it (`toPoolView`): money in rand, names of who made and approved it. */
export const poolView = z
  .object({
    id,
    name: z.string(),
    description: z.string(),
    targetAmount: rand,
    currentAmount: rand.describe('The sum of completed contributions'),
    totalShares: z.number().int(),
    availableShares: z.number().int(),
    pricePerShare: rand.describe('The target divided by the shares'),
    maxMembers: z.number().int(),
    totalMembers: z.number().int(),
    investmentDuration: z.number().int().describe('Months'),
    paymentInstallments: z
      .array(z.object({ frequency: z.enum(paymentFrequencies), amount: rand.describe('The instalment for one share') }))
      .describe('Each contribution plan the pool offers'),
    paymentMethods: z.array(z.string()),
    status: z.enum(poolStatuses),
    createdBy: z.string().nullable().describe('Name (or e-mail) of who created it'),
    createdById: id.nullable(),
    createdAt: timestamp,
    approvedBy: z.string().nullable(),
    approvedById: id.nullable(),
    approvedAt: timestamp.nullable(),
    updatedAt: timestamp,
  })
  .meta({ id: 'Pool' });

// What the web app reads: the types of the answers above.
export type PoolView = z.infer<typeof poolView>;
