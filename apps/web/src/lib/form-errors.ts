import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Puts the server's per-field messages (400 `details`) on the form fields they name. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): void {
  if (!(error instanceof ApiError)) return;
  for (const field of fields) {
    const message = error.details[field];
    if (message) setError(field, { type: 'server', message });
  }
}
