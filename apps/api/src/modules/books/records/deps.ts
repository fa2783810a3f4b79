import { recordMessages } from '@letsema/domain';
import type { Config } from '../../../config.js';
import type { Db, Executor } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import { isUuid } from '../../../lib/tokens.js';
import { readCooperativeSettings } from '../../cooperative/settings.js';
import type { BooksClock } from '../clock.js';

/** What every expense and income action works with: the database, the books' clock and the settings it reads. */
export interface RecordDeps {
  db: Db;
  clock: BooksClock;
  config: Pick<Config, 'publicUrl' | 'cooperativeDefaults'>;
}

/** A record's id from the path: anything but a UUID is a record that does not exist. */
export function recordId(id: string) {
  if (!isUuid(id)) throw notFound(recordMessages.notFound);
  return id;
}

/**
 * How many approvals a record or a reversal of this amount needs: two above the cooperative's
 * dual-approval amount, read in the transaction that records the decision.
 */
export async function approvalsFor(deps: RecordDeps, tx: Executor, amountCents: number): Promise<1 | 2> {
  const { expenseDualApprovalAbove } = await readCooperativeSettings(tx, deps.config.cooperativeDefaults);
  return amountCents > expenseDualApprovalAbove ? 2 : 1;
}
