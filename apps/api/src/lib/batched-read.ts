/**
 * One read that many requests need at about the same time (the session check, the bell's count),
 * made for all of them in one statement. Every round trip to PostgreSQL wakes the database's process
 * and then the server's, and on a small machine that costs more than the read itself; requests that
 * come while earlier statements are under way wait for the next statement instead of a connection of
 * their own, so the busier the server, the more requests share a round trip.
 *
 * Nothing is read before it is asked for: a statement goes out after every request in it arrived, so
 * a request sees what was committed before it came, as if it had read alone. A quiet server sends
 * each request's read at once (in the same turn of the event loop), so a lone request waits for
 * nothing.
 */
export interface BatchedReadOptions<K, V> {
  /** Reads for `keys`, answering one value (or undefined: nothing found) per key, in their order. */
  read(keys: readonly K[]): Promise<ReadonlyArray<V | undefined>>;
  /** Statements of this read under way at once; requests that come meanwhile go in the next one. */
  maxInFlight?: number;
  /** Keys in one statement at most. */
  maxBatch?: number;
}

interface Waiting<K, V> {
  key: K;
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

export const BATCHED_READ_DEFAULTS = { maxInFlight: 2, maxBatch: 100 } as const;

/** A function that reads for one key, sharing its statement with the keys asked for at the same time. */
export function batchedRead<K, V>(options: BatchedReadOptions<K, V>): (key: K) => Promise<V | undefined> {
  const maxInFlight = options.maxInFlight ?? BATCHED_READ_DEFAULTS.maxInFlight;
  const maxBatch = options.maxBatch ?? BATCHED_READ_DEFAULTS.maxBatch;
  if (!(maxInFlight >= 1 && maxBatch >= 1)) throw new Error('A batched read needs at least one statement of one key');
  let waiting: Waiting<K, V>[] = [];
  let inFlight = 0;
  let scheduled = false;

  function send(): void {
    scheduled = false;
    while (waiting.length > 0 && inFlight < maxInFlight) {
      const batch = waiting.length <= maxBatch ? waiting : waiting.slice(0, maxBatch);
      waiting = batch === waiting ? [] : waiting.slice(maxBatch);
      inFlight += 1;
      void run(batch);
    }
  }

  async function run(batch: Waiting<K, V>[]): Promise<void> {
    try {
      const values = await options.read(batch.map((entry) => entry.key));
      if (values.length !== batch.length) {
        throw new Error(`A batched read answered ${values.length} values for ${batch.length} keys`);
      }
      batch.forEach((entry, index) => entry.resolve(values[index]));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    } finally {
      inFlight -= 1;
      // What came while this statement was under way goes out now, together.
      send();
    }
  }

  return (key: K) =>
    new Promise<V | undefined>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true;
        // After the requests that arrived in this turn of the event loop, so they go together.
        setImmediate(send);
      }
    });
}

/**
 * A `batchedRead` through one prepared statement that takes the requests' keys as a JSON array (the
 * placeholder `placeholder`, each key an object with its place `i` added) and answers a row with `i`
 * for each key it found, answered without it: the statement reads them with `json_to_recordset`, one row `r` per request.
 */
export function batchedStatement<K extends object, V extends object>(
  statement: { execute(values: Record<string, unknown>): Promise<Array<V & { i: number }>> },
  placeholder: string,
): (key: K) => Promise<V | undefined> {
  return batchedRead<K, V>({
    async read(keys) {
      const rows = await statement.execute({ [placeholder]: JSON.stringify(keys.map((key, i) => ({ ...key, i }))) });
      const byKey = new Map<number, V>(rows.map(({ i, ...row }) => [i, row as unknown as V]));
      return keys.map((_, i) => byKey.get(i));
    },
  });
}
