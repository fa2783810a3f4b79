import { describe, expect, it } from 'vitest';
import { batchedRead } from './batched-read.js';

/** A read whose statements the test answers when it chooses, recording the keys of each. */
function controlledRead() {
  const statements: { keys: string[]; answer(values?: (string | undefined)[]): void; fail(error: Error): void }[] = [];
  const read = (keys: readonly string[]) =>
    new Promise<ReadonlyArray<string | undefined>>((resolve, reject) => {
      statements.push({
        keys: [...keys],
        answer: (values) => resolve(values ?? keys.map((key) => `value of ${key}`)),
        fail: reject,
      });
    });
  return { read, statements };
}

/** Lets the event loop run the reads' scheduling (setImmediate) and the promises after it. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('batchedRead', () => {
  it('sends a lone key at once, in a statement of its own', async () => {
    const { read, statements } = controlledRead();
    const load = batchedRead({ read });
    const value = load('a');
    await turn();
    expect(statements.map((s) => s.keys)).toEqual([['a']]);
    statements[0]!.answer();
    await expect(value).resolves.toBe('value of a');
  });

  it('sends the keys asked for in the same turn together, and answers each its own value', async () => {
    const { read, statements } = controlledRead();
    const load = batchedRead({ read });
    const values = Promise.all(['a', 'b', 'c'].map(load));
    await turn();
    expect(statements.map((s) => s.keys)).toEqual([['a', 'b', 'c']]);
    statements[0]!.answer(['A', undefined, 'C']);
    await expect(values).resolves.toEqual(['A', undefined, 'C']);
  });

  it('holds keys that come while the statements allowed are under way, and sends them together after', async () => {
    const { read, statements } = controlledRead();
    const load = batchedRead({ read, maxInFlight: 2 });
    const first = load('a');
    await turn();
    const second = load('b');
    await turn();
    const waiting = ['c', 'd', 'e'].map(load);
    await turn();
    expect(statements.map((s) => s.keys)).toEqual([['a'], ['b']]);
    statements[1]!.answer();
    await expect(second).resolves.toBe('value of b');
    expect(statements.map((s) => s.keys)).toEqual([['a'], ['b'], ['c', 'd', 'e']]);
    statements[2]!.answer();
    statements[0]!.answer();
    await expect(Promise.all([first, ...waiting])).resolves.toEqual([
      'value of a',
      'value of c',
      'value of d',
      'value of e',
    ]);
  });

  it('puts no more than maxBatch keys in one statement', async () => {
    const { read, statements } = controlledRead();
    const load = batchedRead({ read, maxBatch: 2, maxInFlight: 5 });
    const values = Promise.all(['a', 'b', 'c', 'd', 'e'].map(load));
    await turn();
    expect(statements.map((s) => s.keys)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    for (const statement of statements) statement.answer();
    await expect(values).resolves.toHaveLength(5);
  });

  it('fails only the keys of a statement that failed, and goes on with the next', async () => {
    const { read, statements } = controlledRead();
    const load = batchedRead({ read, maxInFlight: 1 });
    const failing = Promise.allSettled(['a', 'b'].map(load));
    await turn();
    const later = load('c');
    await turn();
    statements[0]!.fail(new Error('connection lost'));
    const settled = await failing;
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    await turn();
    expect(statements.map((s) => s.keys)).toEqual([['a', 'b'], ['c']]);
    statements[1]!.answer();
    await expect(later).resolves.toBe('value of c');
  });

  it('refuses an answer that does not give one value per key', async () => {
    const { read, statements } = controlledRead();
    const load = batchedRead({ read });
    const values = Promise.allSettled(['a', 'b'].map(load));
    await turn();
    statements[0]!.answer(['only one']);
    const settled = await values;
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
    expect((settled[0] as PromiseRejectedResult).reason.message).toBe('A batched read answered 1 values for 2 keys');
  });
});
