import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, dataOf } from './app.js';

export const samplePool = {
  name: 'Letsema Growth Pool 2027',
  description: 'A pooled investment in listed South African equities and money-market funds.',
  targetAmount: 1_000_000,
  totalShares: 1000,
  paymentFrequencies: ['monthly', 'quarterly', 'once'],
  paymentMethods: ['EFT / bank transfer', 'Capitec Pay'],
  maxMembers: 100,
  investmentDuration: 12,
};

export interface PoolAnswer {
  id: string;
  name: string;
  status: string;
  targetAmount: number;
  currentAmount: number;
  pricePerShare: number;
  availableShares: number;
  totalShares: number;
  totalMembers: number;
  maxMembers: number;
  investmentDuration: number;
  paymentInstallments: { frequency: string; amount: number }[];
  paymentMethods: string[];
  createdBy: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
}

/** Creates a pool over the API as `token` (a draft). */
export async function createPool(app: FastifyInstance, token: string, change: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/pools',
    payload: { ...samplePool, ...change },
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<PoolAnswer>(response);
}

/** Creates and opens a pool (the admin token needs investment_management). */
export async function seedOpenPool(app: FastifyInstance, adminToken: string, change: Record<string, unknown> = {}) {
  const pool = await createPool(app, adminToken, change);
  const opened = await app.inject({
    method: 'PATCH',
    url: `/api/pools/${pool.id}/status`,
    payload: { status: 'open' },
    headers: bearer(adminToken),
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return dataOf<PoolAnswer>(opened);
}
