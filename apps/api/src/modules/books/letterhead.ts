import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cooperatives, DEFAULT_COOPERATIVE_ID } from '../../db/schema.js';
import type { PdfLetterhead } from './pdf.js';

/**
 * The heading of every report and statement: the cooperative's name and, when it has one, its
 * registration number beside it, as its super admin keeps them in its details (never the bank
 * account's holder), and the paper's own lines below it.
 */
export async function readLetterhead(executor: Executor, lines: string[] = []): Promise<PdfLetterhead> {
  // The installation's first cooperative until requests carry the cooperative they are for; then
  // this becomes the request's cooperative.
  const [cooperative] = await executor
    .select({ name: cooperatives.name, registrationNumber: cooperatives.registrationNumber })
    .from(cooperatives)
    .where(eq(cooperatives.id, DEFAULT_COOPERATIVE_ID));
  // The row is written by the migration that made the installation's first cooperative.
  if (!cooperative) throw new Error('The cooperative has no row');
  const registrationNumber = cooperative.registrationNumber?.trim();
  return {
    name: cooperative.name,
    ...(registrationNumber ? { registrationNumber } : {}),
    lines,
  };
}
