import type { PaymentDetailsBody } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import { PAYMENT_DETAILS_KEY } from '../payment-details/service.js';
import type { PdfLetterhead } from './pdf.js';

/** The name a paper is issued under before the super admin has set the cooperative's bank account. */
export const DEFAULT_ISSUER = 'Letsema savings cooperative';

/**
 * The heading of every report and statement: the cooperative's name as its bank account holds it
 * and its registration number beside it (the one record of the cooperative's own details the super
 * admin keeps), and the paper's own lines below it.
 */
export async function readLetterhead(executor: Executor, lines: string[] = []): Promise<PdfLetterhead> {
  const [row] = await executor
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, PAYMENT_DETAILS_KEY));
  const details = row?.value as PaymentDetailsBody | undefined;
  const registrationNumber = details?.registrationNumber?.trim();
  return {
    name: details?.accountHolder?.trim() || DEFAULT_ISSUER,
    ...(registrationNumber ? { registrationNumber } : {}),
    lines,
  };
}
