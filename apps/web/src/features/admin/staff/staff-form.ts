import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';

/**
 * Puts the server's per-field messages (400 `details`) on the form's fields; a key naming a list
 * item (`roles.0`) lands on the list. Answers whether any message was placed.
 */
export function applyStaffFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let isPlaced = false;
  for (const [key, message] of Object.entries(error.details)) {
    const field = fields.find((name) => name === key.split('.')[0]);
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !isPlaced });
    isPlaced = true;
  }
  return isPlaced;
}
