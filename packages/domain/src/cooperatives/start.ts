// Starting a new cooperative on the installation (`/start`): its details and its founder, who
// becomes its super admin. The form and the server share these rules and messages.
import { z } from 'zod';
import { id } from '../answer-fields.js';
import { emailField, newPasswordField } from '../auth/schemas.js';
import { messages } from '../auth/limits.js';
import { cooperativeDetailsBody } from './schemas.js';

export const startMessages = {
  founderName: 'Enter your full name (2 to 120 characters)',
  emailTaken:
    'This e-mail address already has a Letsema account. Starting another cooperative with it is not possible yet: use another address.',
  embeddedDatabase:
    'This installation serves one cooperative: starting another needs the PostgreSQL database (DATABASE_URL).',
  tooMany: 'Too many cooperatives were started from this network. Please try again later.',
} as const;

/** `POST /api/cooperatives/start`: the cooperative's details, and the founder's name and sign-in. */
export const startCooperativeBody = cooperativeDetailsBody.extend({
  founderName: z
    .string({ error: startMessages.founderName })
    .trim()
    .min(2, { error: startMessages.founderName })
    .max(120, { error: startMessages.founderName }),
  email: emailField,
  password: newPasswordField,
});
export type StartCooperativeBody = z.output<typeof startCooperativeBody>;

/** The start form: the body plus the confirmation the browser checks. */
export const startCooperativeForm = startCooperativeBody
  .extend({ confirmPassword: z.string({ error: messages.passwordsDontMatch }) })
  .refine((v) => v.password === v.confirmPassword, {
    error: messages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type StartCooperativeForm = z.input<typeof startCooperativeForm>;

/** What a start answers: the founder's session in the new cooperative. */
export const startedCooperative = z
  .object({
    token: z.string().describe("A bearer token (JWT) for the founder's super admin account"),
    cooperative: z.object({ id, name: z.string(), slug: z.string() }),
  })
  .meta({ id: 'StartedCooperative' });
export type StartedCooperative = z.infer<typeof startedCooperative>;

/** A short name for a cooperative's name: lower-case letters and digits joined by single dashes. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return slug || 'cooperative';
}

export const joinMessages = {
  noSuchCooperative: 'No open cooperative has this link. Ask its committee for a new one.',
  alreadyMember: 'You already belong to this cooperative: choose it in your menu.',
  tooManyJoins: 'Too many cooperatives joined from this account. Please try again later.',
  tooManyLookups: 'Too many invitation links opened from this network. Please try again later.',
} as const;

/** `GET /api/cooperatives/{slug}`: what the invitation page shows of an open cooperative. */
export const cooperativeCard = z
  .object({ id, name: z.string(), province: z.string().nullable(), slug: z.string() })
  .meta({ id: 'CooperativeCard' });
export type CooperativeCard = z.infer<typeof cooperativeCard>;

/** `GET /api/admin/invitation`: the link members join by, ready to share. */
export const invitationLink = z
  .object({
    url: z.string().describe('The page where a person joins this cooperative'),
    whatsappUrl: z.string().describe('Opens WhatsApp with a message holding the link'),
    qrDataUrl: z.string().regex(/^data:image\/png;base64,/),
  })
  .meta({ id: 'InvitationLink' });
export type InvitationLink = z.infer<typeof invitationLink>;

/** The message a WhatsApp share of the invitation carries. */
export function invitationMessage(cooperativeName: string, url: string): string {
  return `You are invited to join ${cooperativeName} on Letsema, where our savings and investments are kept. Open ${url} to join.`;
}
