import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer, dataOf } from './app.js';

/**
 * Calls of one test app as a signed-in account: `call` answers the response, `okData` checks the
 * status and answers the data, `refusal` answers the status with the error and its code.
 */
export function createCalls(app: () => FastifyInstance) {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    app().inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const okData = async <T = Record<string, unknown>>(promise: Promise<LightMyRequestResponse>, status = 200) => {
    const response = await promise;
    expect(response.statusCode, response.body).toBe(status);
    return dataOf<T>(response);
  };
  const refusal = async (promise: Promise<LightMyRequestResponse>) => {
    const response = await promise;
    return { status: response.statusCode, ...(JSON.parse(response.body) as { error: string; code: string }) };
  };
  return { call, okData, refusal };
}
