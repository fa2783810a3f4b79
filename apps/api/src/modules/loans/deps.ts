import { dayOf } from '@letsema/domain';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import type { BooksClock } from '../books/clock.js';
import { notifyMember } from '../notifications/service.js';

/** What every loan action works with: the database, the books' clock and the public address for links. */
export interface LoanDeps {
  db: Db;
  clock: BooksClock;
  config: Pick<Config, 'publicUrl'>;
}

/** Today on the books' clock. */
export const today = (deps: LoanDeps) => dayOf(deps.clock.now());

/** A payment notification to a member, written in the transaction. */
export const tell = (deps: LoanDeps, tx: Executor, userId: string, title: string, message: string, path = '/loans') =>
  notifyMember(tx, deps.config.publicUrl, { userId, category: 'payment', title, paragraphs: [message], path });
