import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('fetches once and answers later calls from the same fetch', async () => {
    let calls = 0;
    const load = loadOnce(async () => ++calls);
    expect(await Promise.all([load(), load()])).toEqual([1, 1]);
    expect(await load()).toBe(1);
    expect(calls).toBe(1);
  });

  it('tries again after a failed fetch', async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return 'panel';
    });
    await expect(load()).rejects.toThrow('offline');
    expect(await load()).toBe('panel');
    expect(calls).toBe(2);
  });
});
