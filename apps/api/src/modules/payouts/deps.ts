import { dayOf } from '@letsema/domain';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import type { BooksClock } from '../books/clock.js';
import { notifyMember } from '../notifications/service.js';

/** What every payout action works with: the database, the books' clock and the settings it reads. */
export interface PayoutDeps {
  db: Db;
  clock: BooksClock;
  config: Pick<Config, 'publicUrl' | 'cooperativeDefaults'>;
}

/** Who asks for a payout: the member, and the session that must hold fresh proof of identity. */
export interface PayoutActor {
  id: string;
  sessionId: string;
}

/** Today on the books' clock. */
export const today = (deps: PayoutDeps) => dayOf(deps.clock.now());

/** A payment notification to the member, written in the transaction. */
export const tell = (deps: PayoutDeps, tx: Executor, userId: string, title: string, message: string, path: string) =>
  notifyMember(tx, deps.config.publicUrl, { userId, category: 'payment', title, paragraphs: [message], path });
