import type { z } from 'zod';
import { AppError } from './errors.js';

/**
 * Parses input with a shared domain schema. A failure answers 400 with the first message per
 * field in `details`, and the first message overall as the error text.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    details[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? 'Invalid input';
  throw new AppError('VALIDATION', first, { details });
}
