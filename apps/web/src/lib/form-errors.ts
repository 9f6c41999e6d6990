import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiRequestError } from './api-client.ts';

/**
 * Puts the server's per-field messages (`fields` of a VALIDATION_FAILED answer) under the form's
 * fields, focusing the first. Returns false when none of them names one of `fieldNames`.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: ApiRequestError,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  const known = new Set<string>(fieldNames);
  const fieldErrors = Object.entries(error.fields ?? {}).filter(([key]) => known.has(key));
  fieldErrors.forEach(([key, message], index) => {
    setError(key as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  return fieldErrors.length > 0;
}
