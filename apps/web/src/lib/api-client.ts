import { ERROR_MESSAGES, errorMessageFor, isLogoutStatus } from '@finlens/contracts/errors';
import { CSRF_COOKIE, CSRF_HEADER, TOKEN_KEY_COOKIE, TOKEN_KEY_HEADER } from '@finlens/contracts/session';
import type { z } from 'zod';
import { readCookie, readSessionCookie } from './cookies';

/** A failed call: `message` is the spec §8 catalogue text for its status and body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Sent as JSON; a URLSearchParams (POST /c/select/) or FormData (file upload) is sent as it is. */
  body?: unknown;
  signal?: AbortSignal;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app installs its logout here (clear the user_id cookie, cached data, go to sign-in). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function buildUrl(path: string, query: ApiRequest['query']): URL {
  // Absolute against the page origin: the SPA and the API share one origin (dev: the Vite proxy).
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url;
}

/** Bodies fetch encodes itself (and sets their content type). */
function isRawBody(body: unknown): body is URLSearchParams | FormData {
  return body instanceof URLSearchParams || body instanceof FormData;
}

function buildHeaders(body: unknown): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const tokenKey = readCookie(TOKEN_KEY_COOKIE);
  if (tokenKey !== null) headers.set(TOKEN_KEY_HEADER, tokenKey);
  // On every method: a GET that changes state (send_test) needs it too, and it is harmless elsewhere.
  const csrf = readSessionCookie(CSRF_COOKIE);
  if (csrf !== null) headers.set(CSRF_HEADER, csrf);
  if (body !== undefined && !isRawBody(body)) headers.set('Content-Type', 'application/json');
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
  if (!isJson) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The server sets the csrftoken cookie on any GET (ADR 0002), normally the page load itself. When the SPA
 * did not come from the API server (the Vite dev server), the first unsafe call — a sign-in — would go
 * without it: fetch one first so the double-submit check can pass.
 */
async function ensureCsrfCookie(): Promise<void> {
  if (readSessionCookie(CSRF_COOKIE) !== null) return;
  await fetch(buildUrl('/api/public-config', undefined), {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  }).catch(() => undefined);
}

/** Calls the API with the session cookies, CSRF and token-key headers; validates the reply with `schema`. */
export async function apiRequest<T>(
  path: string,
  schema: z.ZodType<T>,
  request: ApiRequest = {},
): Promise<T> {
  const method = request.method ?? 'GET';
  const { body } = request;
  if (!SAFE_METHODS.has(method)) await ensureCsrfCookie();
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: buildHeaders(body),
  };
  if (body !== undefined) init.body = isRawBody(body) ? body : JSON.stringify(body);
  if (request.signal) init.signal = request.signal;

  const response = await fetch(buildUrl(path, request.query), init);
  const payload = await readBody(response);
  if (!response.ok) {
    if (isLogoutStatus(response.status)) onUnauthorized();
    throw new ApiError(response.status, errorMessageFor(response.status, payload), payload);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, ERROR_MESSAGES.generic, payload);
  return parsed.data;
}
