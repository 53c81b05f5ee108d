import { HttpError } from '../platform/http/http-error';

/** The error a read gets when the engine stopped it at QUERY_TIMEOUT_SECONDS (the request answers 503). */
export function queryTimedOut(seconds: number): HttpError {
  return new HttpError(
    503,
    `The query ran longer than ${seconds} s and was stopped; narrow the date range or the filters.`,
    undefined,
    { 'retry-after': '5' },
  );
}
