import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

const BODY_PREFIX = 'body.';

/**
 * Puts the server's field errors (`details` with paths like `body.name`) beside the form's
 * fields. Returns true when at least one landed, so the caller can skip a general message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  const known = new Set(fieldNames);
  let placed = false;
  for (const detail of error.details ?? []) {
    const path = detail.path.startsWith(BODY_PREFIX) ? detail.path.slice(BODY_PREFIX.length) : detail.path;
    const root = path.split('.')[0] ?? '';
    if (!known.has(root)) continue;
    setError(path as Path<T>, { type: 'server', message: detail.message });
    placed = true;
  }
  return placed;
}
