import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cooperatives } from '../../db/schema.js';
import { currentCooperativeId } from '../../db/scope.js';
import type { PdfLetterhead } from './pdf.js';

/**
 * The heading of every report and statement: the cooperative's name and, when it has one, its
 * registration number beside it, as its super admin keeps them in its details (never the bank
 * account's holder), and the paper's own lines below it.
 */
export async function readLetterhead(executor: Executor, lines: string[] = []): Promise<PdfLetterhead> {
  const [cooperative] = await executor
    .select({ name: cooperatives.name, registrationNumber: cooperatives.registrationNumber })
    .from(cooperatives)
    .where(eq(cooperatives.id, currentCooperativeId()));
  // The row is written by the migration that made the installation's first cooperative.
  if (!cooperative) throw new Error('The cooperative has no row');
  const registrationNumber = cooperative.registrationNumber?.trim();
  return {
    name: cooperative.name,
    ...(registrationNumber ? { registrationNumber } : {}),
    lines,
  };
}
