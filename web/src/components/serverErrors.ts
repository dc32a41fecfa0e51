import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';

/**
 * Puts a problem's per-field errors (`errors[].location` = 'body.siret') on the form's matching
 * fields, so each message sits under what the user has to fix; what the user typed stays as it was.
 * `renamed` maps a body field to the form field that holds it when their names differ (the body's
 * `value` in cents is typed in the form's `valueText`). Returns true when at least one message
 * found its field (the page then needs no extra banner).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
  renamed: Readonly<Record<string, FieldPath<T>>> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  let first = true;
  for (const e of error.errors) {
    const name = e.location?.replace(/^body\./, '');
    const field = (name !== undefined ? (renamed[name] ?? name) : undefined) as FieldPath<T> | undefined;
    if (!field || !fields.includes(field) || !e.message) continue;
    setError(field, { type: 'server', message: e.message }, { shouldFocus: first });
    first = false;
    placed = true;
  }
  return placed;
}
