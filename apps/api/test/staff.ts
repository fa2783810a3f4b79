import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../src/db/client.js';
import { emailOutbox } from '../src/db/schema.js';
import { bearer, dataOf, TEST_PASSWORD, uniqueEmail } from './app.js';

/** The token of the newest invitation link e-mailed to `email`, as the invitee reads it. */
export async function invitationToken(db: Db, email: string): Promise<string> {
  const [mail] = await db
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.subject, 'Letsema: you are invited to be an admin')))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const match = /\/staff-invitation\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`No invitation e-mail to ${email}`);
  return decodeURIComponent(match[1]!);
}

/** What an authenticator app shows for `secret` now. */
export function appCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

/** Types the acting admin's password again, as the confirmation dialog does. */
export async function reauthenticate(app: FastifyInstance, token: string, password = TEST_PASSWORD) {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/auth/reauthenticate',
    headers: bearer(token),
    payload: { password },
  });
  if (answer.statusCode !== 200) throw new Error(`Re-authentication failed: ${answer.body}`);
}

export interface InvitedAdmin {
  id: string;
  email: string;
  password: string;
  /** The session the acceptance opened. */
  token: string;
  pendingGrantId: string | null;
}

/**
 * Makes an admin through the real invitation flow: `maker` (signed in, confirmed with their
 * password) invites, the invitee reads the e-mailed link and accepts with their own password (and the
 * app's code when two-factor is required); with `checker`, a second staff manager approves the roles.
 */
export async function inviteAdmin(
  app: FastifyInstance,
  db: Db,
  maker: string,
  options: { roles?: string[]; email?: string; fullName?: string; checker?: string; password?: string } = {},
): Promise<InvitedAdmin> {
  const email = options.email ?? uniqueEmail('invited');
  const password = options.password ?? 'my own staff passphrase';
  await reauthenticate(app, maker);
  const invited = await app.inject({
    method: 'POST',
    url: '/api/admin/staff',
    headers: bearer(maker),
    payload: {
      fullName: options.fullName ?? 'Invited Admin',
      email,
      phoneNumber: '0821112233',
      roles: options.roles ?? ['payment_management'],
    },
  });
  if (invited.statusCode !== 201) throw new Error(`Invitation refused: ${invited.body}`);
  const view = dataOf<{ id: string; pendingGrant: { id: string } | null }>(invited);
  const token = await invitationToken(db, email);
  const read = dataOf<{ mfaSetup: { secret: string } | null }>(
    await app.inject({ method: 'POST', url: '/api/auth/staff-invitation', payload: { token } }),
  );
  const accepted = await app.inject({
    method: 'POST',
    url: '/api/auth/staff-invitation/accept',
    payload: { token, password, ...(read.mfaSetup ? { code: appCode(read.mfaSetup.secret) } : {}) },
  });
  if (accepted.statusCode !== 200) throw new Error(`Acceptance refused: ${accepted.body}`);
  if (options.checker && view.pendingGrant) {
    await reauthenticate(app, options.checker);
    const approved = await app.inject({
      method: 'POST',
      url: `/api/admin/staff/grants/${view.pendingGrant.id}/approve`,
      headers: bearer(options.checker),
    });
    if (approved.statusCode !== 200) throw new Error(`Approval refused: ${approved.body}`);
  }
  return {
    id: view.id,
    email,
    password,
    token: dataOf<{ token: string }>(accepted).token,
    pendingGrantId: options.checker ? null : (view.pendingGrant?.id ?? null),
  };
}
