import type { FieldError, FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/** The first message of a field's error, looking inside list items (`paymentMethods.0`) too. */
export function getFirstErrorMessage(error: FieldError | FieldErrors | undefined): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'types') continue;
    const message = getFirstErrorMessage(value as FieldError | undefined);
    if (message) return message;
  }
  return undefined;
}

/**
 * Puts the server's per-field messages (400 `details`) on the form. A key naming a list item
 * (`paymentMethods.0`) lands on the list itself, unless the item's own path is listed in `exactPaths`.
 * Answers whether any message was placed.
 */
export function applyPoolFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  exactPaths: RegExp | null = null,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let isPlaced = false;
  const placed = new Set<string>();
  for (const [key, message] of Object.entries(error.details)) {
    const target = exactPaths?.test(key) ? key : key.split('.')[0]!;
    if (!fields.includes(target.split('.')[0]!) || placed.has(target)) continue;
    placed.add(target);
    setError(target as Path<T>, { type: 'server', message });
    isPlaced = true;
  }
  return isPlaced;
}
