import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../../api/client';

/**
 * Puts the server's per-field messages of one element on the form: `prefix` is the element's path
 * ('body.promotions[3]'), `fieldOf` maps the rest ('.discount', '.items[2].price') to a form field.
 * Returns the messages that found no field (other elements, the whole document), for an Alert.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  prefix: string,
  fieldOf: (rest: string) => FieldPath<T> | null,
  setError: UseFormSetError<T>,
): string[] {
  if (!(error instanceof ApiError)) return [];
  const left: string[] = [];
  let first = true;
  for (const e of error.errors) {
    const location = e.location ?? '';
    const field = location.startsWith(prefix) ? fieldOf(location.slice(prefix.length)) : null;
    if (field && e.message) {
      setError(field, { type: 'server', message: e.message }, { shouldFocus: first });
      first = false;
    } else if (e.message) {
      left.push(e.message);
    }
  }
  if (error.errors.length === 0 && error.status !== 409) left.push(error.detail);
  return left;
}
