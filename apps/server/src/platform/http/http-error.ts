/**
 * An expected failure with its HTTP status. The error handler answers `{ detail, errors? }` and, for the
 * 4xx statuses whose spec §8 message comes from `error` (400, 409, 424, 429), repeats the text there.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    /** Field (or non_field_errors) → messages, for forms. */
    readonly errors?: Record<string, string[]>,
    /** Headers the answer carries (Retry-After of a 429 or 503). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A 400 about one field: `detail` names it, `errors` carries every message. */
export function fieldError(field: string, messages: string[]): HttpError {
  return new HttpError(400, `${field}: ${messages[0] ?? 'Invalid value.'}`, { [field]: messages });
}

/** The same 404 for a missing object and another client's object (tenancy must not leak existence). */
export function notFound(): HttpError {
  return new HttpError(404, 'Not found.');
}
