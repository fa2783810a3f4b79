import type { FastifyReply } from 'fastify';

/** Wraps data in the success envelope every answer uses. */
export function ok<T>(data: T) {
  return { success: true as const, data, error: null };
}

/** The failure envelope. */
export function fail(error: string, extra: { code?: string; details?: Record<string, string> } = {}) {
  return { success: false as const, data: null, error, ...extra };
}

/**
 * The success envelope around `data` that is already JSON text (an answer the database wrote), sent
 * as it is: nothing is parsed or serialised again.
 */
export function sendOkJson(reply: FastifyReply, data: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(`{"success":true,"data":${data},"error":null}`);
}
