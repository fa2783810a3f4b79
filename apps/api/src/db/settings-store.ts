import { eq, sql } from 'drizzle-orm';
import type { Executor } from './client.js';
import { settings } from './schema.js';

/** A setting's stored value (null before its first save), locked for the change about to be made. */
export async function lockSetting(tx: Executor, key: string): Promise<unknown> {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).for('update');
  return row?.value ?? null;
}

/** Saves a setting of the cooperative: its value, who saved it and when. */
export async function saveSetting(tx: Executor, key: string, value: unknown, actorId: string): Promise<void> {
  await tx
    .insert(settings)
    .values({ key, value, updatedBy: actorId })
    .onConflictDoUpdate({
      target: [settings.cooperativeId, settings.key],
      set: { value, updatedBy: actorId, updatedAt: sql`now()` },
    });
}
