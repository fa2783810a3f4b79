import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { AppError } from './errors.js';

/**
 * Refuses (403 `REAUTH_REQUIRED`) unless the session's holder proved who they are
 * (`POST /api/auth/reauthenticate`) within `windowMinutes`: a stolen session alone cannot do it.
 */
export async function requireFreshProof(
  executor: Executor,
  sessionId: string,
  windowMinutes: number,
  message: string,
): Promise<void> {
  const [session] = await executor
    .select({ reauthenticatedAt: sessions.reauthenticatedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  const at = session?.reauthenticatedAt?.getTime();
  if (!at || Date.now() - at > windowMinutes * 60 * 1000) throw new AppError('REAUTH_REQUIRED', message);
}
