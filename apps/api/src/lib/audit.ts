import { createHmac } from 'node:crypto';
import type { Executor } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import { currentClient, type Client } from './request-client.js';

export type AuditOutcome = 'success' | 'failure' | 'refused';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  outcome?: AuditOutcome;
}

/**
 * Appends a row to the audit log; call it inside the transaction of the decision it records. The
 * address and browser of the request being handled are added on their own, unless `client` names them.
 */
export async function writeAudit(tx: Executor, entry: AuditEntry, client: Client = currentClient()): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    outcome: entry.outcome ?? null,
    ip: client.ip,
    userAgent: client.userAgent,
  });
}

/**
 * An e-mail address that has no account, kept in the log only as a keyed hash: the same address
 * gives the same value (so repeated tries can be seen), but the address cannot be read back.
 */
export function hashEmailForAudit(secret: Uint8Array, email: string): string {
  return createHmac('sha256', Buffer.from(secret))
    .update(`audit-email:${email.trim().toLowerCase()}`)
    .digest('base64url');
}
