import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { DEFAULT_COOPERATIVE_ID } from './schema.js';

/**
 * The wall between cooperatives on PostgreSQL. Every table of a cooperative's data has row-level
 * security forced on (migration 0029): the database role `letsema_app` sees and writes only the rows
 * of the cooperative named by the connection's `app.cooperative_id`.
 *
 * A request is walled from the moment its guard knows whose session it is: the guard sets the
 * request's cooperative, and every statement after that runs on a connection of the app's role with
 * that cooperative set. Before then (sign-in, the e-mailed links, registration, the guard's own
 * lookup), and outside requests (the outbox, the daily jobs, start-up), statements run as the
 * tables' owner, which sees every cooperative.
 */
export const APP_ROLE = 'letsema_app';

interface Scope {
  /** The request's cooperative once its guard has found the session; null until then. */
  cooperativeId: string | null;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs `work` as one request: its statements are walled once `enterCooperative` names the cooperative. */
export function runRequest<T>(work: () => T): T {
  return scopes.run({ cooperativeId: null }, work);
}

/** Runs `work` walled in `cooperativeId`, as a request of it would be: a daily job, for each cooperative. */
export function runInCooperative<T>(cooperativeId: string, work: () => T): T {
  return scopes.run({ cooperativeId }, work);
}

/** Walls the rest of the current request in `cooperativeId`. */
export function enterCooperative(cooperativeId: string): void {
  const scope = scopes.getStore();
  if (scope) scope.cooperativeId = cooperativeId;
}

/** The cooperative the current request is walled in; the installation's first outside a walled request. */
export function currentCooperativeId(): string {
  return scopes.getStore()?.cooperativeId ?? DEFAULT_COOPERATIVE_ID;
}

/** The cooperative each connection of the app's role was last set to: set again only when it changes. */
const setOn = new WeakMap<pg.PoolClient, string>();

type Run = (...args: unknown[]) => Promise<unknown>;

/** The getter `name` of `prototype` or of a class it extends. */
function getterOf(prototype: object, name: string): () => unknown {
  for (let at: object | null = prototype; at; at = Object.getPrototypeOf(at) as object | null) {
    const getter = Object.getOwnPropertyDescriptor(at, name)?.get;
    if (getter) return getter;
  }
  throw new Error(`pg.Pool has no ${name}`);
}

/**
 * The pool the app's queries go through on PostgreSQL (Drizzle sees an ordinary `pg.Pool`). In a
 * walled request a statement or transaction takes a connection of the app's role with the
 * request's cooperative set; anywhere else it takes one of `owner`, the tables' owner. A connection
 * keeps its cooperative between requests, so a request of the same cooperative adds no statement.
 */
export class WalledPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly owner: pg.Pool,
  ) {
    super({ ...config, options: `${config.options ?? ''} -c role=${APP_ROLE}`.trim() });
    // Drizzle calls both in their promise forms only.
    this.query = (async (...args: unknown[]) => {
      const cooperativeId = scopes.getStore()?.cooperativeId;
      if (!cooperativeId) return (owner.query as Run)(...args);
      const client = await this.walledConnection(cooperativeId);
      try {
        return await (client.query as Run)(...args);
      } finally {
        client.release();
      }
    }) as pg.Pool['query'];
    // The metrics count the connections of both pools.
    for (const count of ['totalCount', 'idleCount', 'waitingCount'] as const) {
      const own = getterOf(pg.Pool.prototype, count);
      Object.defineProperty(this, count, { get: () => (own.call(this) as number) + owner[count] });
    }
    this.connect = (async () => {
      const cooperativeId = scopes.getStore()?.cooperativeId;
      return cooperativeId ? this.walledConnection(cooperativeId) : owner.connect();
    }) as pg.Pool['connect'];
  }

  private async walledConnection(cooperativeId: string): Promise<pg.PoolClient> {
    const client = await (pg.Pool.prototype.connect as () => Promise<pg.PoolClient>).call(this);
    if (setOn.get(client) === cooperativeId) return client;
    try {
      // Outside any transaction, so it lasts for the connection: a rollback cannot undo it.
      await client.query(`select set_config('app.cooperative_id', $1, false)`, [cooperativeId]);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    setOn.set(client, cooperativeId);
    return client;
  }

  override async end(): Promise<void> {
    await Promise.all([super.end(), this.owner.end()]);
  }
}

/** Whether `db` runs its requests behind the wall (PostgreSQL through `WalledPool`; not PGlite). */
export function isWalled(db: object): boolean {
  return (db as { $client?: unknown }).$client instanceof WalledPool;
}
