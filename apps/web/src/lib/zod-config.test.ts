import { describe, expect, it } from 'vitest';
import { preferPlainZodParsers } from './zod-config';

describe('preferPlainZodParsers', () => {
  it('is the setting zod adopts when it loads afterwards, and its parsers never compile code', async () => {
    preferPlainZodParsers();
    const compiled: string[] = [];
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args: string[]) {
        compiled.push(args.join(','));
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const { config } = await import('zod/v4/core');
      const { z } = await import('zod');
      expect(config().jitless).toBe(true);
      const schema = z.object({ name: z.string().min(1), amount: z.number().int() });
      expect(schema.parse({ name: 'Thandi', amount: 5 })).toEqual({ name: 'Thandi', amount: 5 });
      expect(schema.safeParse({ name: '', amount: 5 }).success).toBe(false);
    } finally {
      globalThis.Function = RealFunction;
    }
    expect(compiled).toEqual([]);
  });
});
