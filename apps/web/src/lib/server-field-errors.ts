import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from './api-client';

const BODY_PREFIX = 'body.';

/**
 * Puts the server's field errors (`details` with paths like `body.email`, or
 * `body.registrationFields.0.label` inside a field) beside the form's fields: a detail lands when
 * its path starts with one of `fieldNames`. Returns true when at least one landed, so the caller
 * can skip a general message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly (keyof T & string)[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  const known = new Set<string>(fieldNames);
  let placed = false;
  for (const detail of error.details ?? []) {
    const path = detail.path.startsWith(BODY_PREFIX) ? detail.path.slice(BODY_PREFIX.length) : detail.path;
    const field = path.split('.')[0] ?? '';
    if (!known.has(field)) continue;
    setError(path as Path<T>, { type: 'server', message: detail.message });
    placed = true;
  }
  return placed;
}

/** The server's own message for a failed call, else `fallback`; see `errorMessage`. */
export function serverMessage(error: unknown, fallback: string): string {
  return errorMessage(error, fallback);
}
