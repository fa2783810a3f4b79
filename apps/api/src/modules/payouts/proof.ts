import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { exitRequests, files, memberships, withdrawals } from '../../db/schema.js';
import { conflict, invalidField } from '../../lib/errors.js';

type MembershipRow = typeof memberships.$inferSelect;

const payoutProofUsed = 'This proof of transfer is attached to another payout already. Upload the proof of this one.';

/** Runs a payout's transaction, answering a proof a concurrent payout took first as 409, not 500. */
export async function withProofConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === 'exit_requests_proof_key' || constraint === 'withdrawals_proof_key')) {
      throw conflict(payoutProofUsed);
    }
    throw error;
  }
}

/** Refuses a proof of transfer that is not an uploaded payout proof, or that proves another payout. */
export async function assertProof(tx: Executor, url: string, message: string) {
  const key = url.replace('/api/files/', '');
  const [file] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.key, key), eq(files.kind, 'payout-proof')));
  if (!file) throw invalidField('proofUrl', message);
  // One transfer proves one payout: a proof already attached to an exit or a withdrawal is refused
  // here, and the unique indexes turn a second payout racing this one into the same 409.
  const [exitUsed] = await tx
    .select({ id: exitRequests.id })
    .from(exitRequests)
    .where(eq(exitRequests.proofUrl, url))
    .limit(1);
  const [withdrawalUsed] = await tx
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(eq(withdrawals.proofUrl, url))
    .limit(1);
  if (exitUsed || withdrawalUsed) throw conflict(payoutProofUsed);
}

export async function lockMembership(tx: Executor, id: string): Promise<MembershipRow> {
  const [row] = await tx.select().from(memberships).where(eq(memberships.id, id)).for('update');
  return row!;
}
