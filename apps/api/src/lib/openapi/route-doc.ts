import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { answer, errorAnswer } from './envelope.js';

/** The groups the reference page lists calls under, in its order. */
export const apiTags = [
  { name: 'Health', description: 'Whether the API and its database answer' },
  { name: 'Sign-in', description: 'Registration, sign-in, sessions, two-factor sign-in and e-mail settings' },
  { name: 'Profile', description: "The member's profile, next of kin, their own data and corrections" },
  { name: 'Files', description: 'Uploads and the files they become' },
  { name: 'Pools', description: 'Investment pools' },
  { name: 'Investing', description: "Memberships of pools and the member's payments" },
  { name: 'Exits and withdrawals', description: 'Leaving a pool and withdrawing returns' },
  { name: 'Statements', description: "A member's statements and charts from the ledger" },
  { name: 'Loans', description: 'Loans to members: what is on offer, quotes, applications, guarantees and repayments' },
  { name: 'Notifications', description: 'Notifications in the app' },
  { name: 'Review', description: 'Admin: registrations, pool requests and payments waiting for a decision' },
  { name: 'Members', description: 'Admin: the members directory' },
  { name: 'Staff', description: 'Admin: staff accounts and their roles' },
  { name: 'Books', description: 'Admin: expenses, income, the ledger and the month end' },
  { name: 'Payouts', description: 'Admin: exits and withdrawals' },
  {
    name: 'Lending',
    description: 'Admin: the lending settings and products, loan decisions, repayments, waivers and arrears',
  },
  { name: 'Cooperative', description: "Admin: the cooperative's details and settings, kept by the super admin" },
  { name: 'Tasks', description: 'Admin: what waits for a decision' },
  { name: 'Audit', description: 'Admin: the audit log' },
  { name: 'Documentation', description: 'This description of the API' },
] as const;

export type ApiTag = (typeof apiTags)[number]['name'];

/** The name of the security scheme: a bearer token (a JWT) from sign-in. */
export const BEARER = 'bearerAuth';

const errorDescriptions = {
  400: 'The input is not valid: `error` is the first message and `details` the first message per field',
  401: 'No token, or its session has ended',
  403: 'Not allowed: an admin role is missing, the account must first choose a new password, or (admins) enrol in two-factor sign-in',
  404: "Not found, also when it is someone else's",
  409: 'The current state does not allow it (already decided, nothing left, a duplicate)',
  413: 'The body or file is too large',
  415: 'The content type or the kind of file is not accepted',
  429: 'Too many attempts: wait and try again',
  500: 'Something went wrong on our side',
  503: 'The database is not reachable',
} as const;

export type ErrorStatus = keyof typeof errorDescriptions;

/** A file answer: its content types. */
export interface FileAnswer {
  contentTypes: string[];
  description: string;
}

export interface RouteDoc {
  tag: ApiTag;
  summary: string;
  description?: string;
  /** A call anyone may make without a token; by default a signed-in account is needed. */
  isPublic?: boolean;
  params?: z.ZodType;
  querystring?: z.ZodType;
  /** The JSON body; a multipart upload is described by `multipart`. */
  body?: z.ZodType;
  multipart?: z.ZodType;
  /** The `data` of the success answer, wrapped in the envelope. */
  data?: z.ZodType;
  /** What the success answer holds, in a few words. */
  dataDescription?: string;
  /** A JSON success answer sent as it is, without the envelope (the description of the API only). */
  bare?: z.ZodType;
  /** A success answer that is a file (CSV, PDF, ZIP, image) rather than JSON. */
  file?: FileAnswer;
  /** 201 for calls that create something. */
  status?: 200 | 201;
  /** Failures beyond those every call of its kind may answer (see `defaultErrors`). */
  errors?: ErrorStatus[];
}

/**
 * The errors a call may answer by its shape: any call can fail on our side; a signed-in call
 * answers 401 and 403; a body 400, 413 and 415; a query 400; a path parameter 404.
 */
function defaultErrors(doc: RouteDoc): ErrorStatus[] {
  const statuses: ErrorStatus[] = [500];
  if (!doc.isPublic) statuses.push(401, 403);
  if (doc.body) statuses.push(400, 413, 415);
  if (doc.multipart) statuses.push(400, 413, 415);
  if (doc.querystring) statuses.push(400);
  if (doc.params) statuses.push(404);
  return statuses;
}

const binary = z.string().describe('The file itself');

/**
 * The route schema of one call: its inputs (the same zod schemas the handler parses with), its
 * answers per status, tag, summary and security. Validation stays in the handler (`parseInput`):
 * the app's validator compiler passes input through, so these only describe.
 */
export function routeDoc(doc: RouteDoc): FastifySchema {
  const success = doc.status ?? 200;
  const response: Record<string, unknown> = {};
  if (doc.file) {
    response[success] = {
      description: doc.file.description,
      content: Object.fromEntries(doc.file.contentTypes.map((type) => [type, { schema: binary }])),
    };
    if (doc.data) {
      (response[success] as { content: Record<string, unknown> }).content['application/json'] = {
        schema: answer(doc.data),
      };
    }
  } else if (doc.bare) {
    response[success] = {
      description: doc.dataDescription ?? 'OK',
      content: { 'application/json': { schema: doc.bare } },
    };
  } else {
    response[success] = {
      description: doc.dataDescription ?? (success === 201 ? 'Created' : 'OK'),
      content: { 'application/json': { schema: answer(doc.data ?? z.object({})) } },
    };
  }
  const statuses = new Set<ErrorStatus>([...defaultErrors(doc), ...(doc.errors ?? [])]);
  for (const status of [...statuses].sort()) {
    response[status] = {
      description: errorDescriptions[status],
      content: { 'application/json': { schema: errorAnswer } },
    };
  }

  const schema: FastifySchema & Record<string, unknown> = {
    tags: [doc.tag],
    summary: doc.summary,
    security: doc.isPublic ? [] : [{ [BEARER]: [] }],
    response,
  };
  if (doc.description) schema.description = doc.description;
  if (doc.params) schema.params = doc.params;
  if (doc.querystring) schema.querystring = doc.querystring;
  if (doc.body) schema.body = doc.body;
  if (doc.multipart) {
    schema.body = doc.multipart;
    schema.consumes = ['multipart/form-data'];
  }
  return schema;
}
