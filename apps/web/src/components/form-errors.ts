import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../lib/api-client';

/** `errors` of an API error body: field (or non_field_errors) → messages (ADR 0002 error shape). */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return {};
  const errors = (error.body as { errors?: unknown }).errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])),
  );
}

/**
 * What a refused request should tell the user outside a form: the server's own field messages of a 400 (they say
 * what to change, e.g. the Explorer's granularity for a range), else the error's catalogue message.
 */
export function refusalText(error: Error): string {
  const messages = Object.values(fieldErrorsOf(error)).flat();
  return messages.length > 0 ? messages.join(' ') : error.message;
}

/**
 * Puts the server's messages under the form fields they name (an item's message, `days.1`, under its list's field
 * `days`) and returns the text for the form as a whole (the spec §8 catalogue message), or null when every message
 * found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  let placedAll = true;
  let placedAny = false;
  for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
    const known = fields.find((name) => name === field || field.startsWith(`${name}.`));
    if (known === undefined || messages[0] === undefined) {
      placedAll = false;
      continue;
    }
    setError(known, { type: 'server', message: messages[0] });
    placedAny = true;
  }
  if (placedAny && placedAll) return null;
  return error instanceof Error ? error.message : 'Something went wrong.';
}
