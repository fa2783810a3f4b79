import { createHmac } from 'node:crypto';
import type { Executor } from '../db/client.js';
import { sql } from 'drizzle-orm';
import { auditLog, DEFAULT_COOPERATIVE_ID, users } from '../db/schema.js';
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
 * What an audit row never holds, because the log is append-only and outlives a member's erasure:
 * names, contact details, identity numbers, account holders, and the free text members write about
 * themselves (a loan's purpose, why they leave early). Ids, amounts and states say what was decided.
 */
const PERSONAL_KEYS = new Set([
  'fullName',
  'accountHolder',
  'phoneNumber',
  'email',
  'nationalId',
  'dateOfBirth',
  'address',
  'purpose',
  'earlyReason',
]);

/** The last four digits of an account number, as the log keeps it. */
export function lastFourOf(accountNumber: string): string {
  return `…${accountNumber.replace(/\D/g, '').slice(-4)}`;
}

/**
 * A before or after of an audit row without personal data (`PERSONAL_KEYS` dropped, account numbers
 * cut to their last four digits, at any depth). An exit request's `reason` is the member's own text
 * and goes too; elsewhere `reason` is the deciding admin's and stays.
 */
export function withoutPersonalData(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 16) return value;
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => withoutPersonalData(item, depth + 1));
  const record = value as Record<string, unknown>;
  const isExitRequest = 'noticeEndsOn' in record && 'membershipId' in record;
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(record)) {
    if (PERSONAL_KEYS.has(key) || (isExitRequest && key === 'reason')) continue;
    if (key === 'accountNumber' && typeof field === 'string') {
      kept[key] = field.startsWith('…') ? field : lastFourOf(field);
    } else {
      kept[key] = withoutPersonalData(field, depth + 1);
    }
  }
  return kept;
}

/**
 * Appends a row to the audit log; call it inside the transaction of the decision it records. The
 * address and browser of the request being handled are added on their own, unless `client` names them.
 * Names, account holders and full account numbers are left out (`withoutPersonalData`).
 */
export async function writeAudit(tx: Executor, entry: AuditEntry, client: Client = currentClient()): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: withoutPersonalData(entry.before ?? null),
    after: withoutPersonalData(entry.after ?? null),
    outcome: entry.outcome ?? null,
    ip: client.ip,
    userAgent: client.userAgent,
    // A walled request's cooperative; else (sign-in, the e-mailed links) that of the person acting.
    ...(entry.actorId
      ? {
          cooperativeId: sql`coalesce(nullif(current_setting('app.cooperative_id', true), '')::uuid, (select ${users.cooperativeId} from ${users} where ${users.id} = ${entry.actorId}), ${DEFAULT_COOPERATIVE_ID}::uuid)`,
        }
      : {}),
  });
}

/** The audit row of a refusal: the status it had, then rejected with the deciding admin's reason. */
export function writeRejection(
  tx: Executor,
  entry: Omit<AuditEntry, 'before' | 'after'> & { from: string; reason: string },
) {
  const { from, reason, ...rest } = entry;
  return writeAudit(tx, { ...rest, before: { status: from }, after: { status: 'rejected', reason } });
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
