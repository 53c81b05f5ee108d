import { CSRF_COOKIE, CSRF_HEADER, hostCookieName, TOKEN_KEY_HEADER } from '@finlens/contracts/session';

interface HttpResult {
  status: number;
  body: unknown;
  headers: Headers;
}

interface RequestOptions {
  body?: unknown;
  /** Send the body form-encoded (POST /c/select/). */
  form?: boolean;
  /** Override the CSRF header: null sends none. */
  csrf?: string | null;
  headers?: Record<string, string>;
  /** Send this body and content type as they are (malformed input). */
  raw?: { contentType: string | null; body: string | null };
}

/**
 * A browser-like client: keeps cookies across requests and echoes csrftoken in X-CSRFToken on every
 * request, as the SPA's api client does.
 */
export class HttpSession {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    private readonly tokenKey: string | null = null,
  ) {}

  static withApiKey(baseUrl: string, key: string): HttpSession {
    return new HttpSession(baseUrl, key);
  }

  get(path: string, options: RequestOptions = {}) {
    return this.request('GET', path, options);
  }
  post(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request('POST', path, { ...options, body });
  }
  patch(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request('PATCH', path, { ...options, body });
  }
  delete(path: string, options: RequestOptions = {}) {
    return this.request('DELETE', path, options);
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<HttpResult> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (this.tokenKey !== null) headers[TOKEN_KEY_HEADER] = this.tokenKey;
    const csrf = options.csrf === undefined ? this.csrfCookie() : options.csrf;
    if (csrf !== null) headers[CSRF_HEADER] = csrf;
    let body: string | undefined;
    if (options.raw !== undefined) {
      if (options.raw.contentType !== null) headers['content-type'] = options.raw.contentType;
      body = options.raw.body ?? undefined;
    } else if (options.body !== undefined) {
      if (options.form === true) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(options.body as Record<string, string>).toString();
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    this.storeCookies(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // Not JSON (the SPA's index.html): keep the text.
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  /** The csrftoken cookie under either name (`__Host-csrftoken` from a server on https). */
  csrfCookie(): string | null {
    return this.cookies.get(CSRF_COOKIE) ?? this.cookies.get(hostCookieName(CSRF_COOKIE, true)) ?? null;
  }

  private storeCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
