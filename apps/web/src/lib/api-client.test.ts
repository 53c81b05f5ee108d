import { CSRF_COOKIE, TOKEN_KEY_COOKIE } from '@finlens/contracts/session';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { server } from '../test/msw-server';
import { ApiError, apiRequest, setUnauthorizedHandler } from './api-client';
import { writeCookie } from './cookies';

const okSchema = z.object({ ok: z.boolean() });

function captureHeaders() {
  const seen: Headers[] = [];
  server.use(
    http.all('*/c/echo/', ({ request }) => {
      seen.push(request.headers);
      return HttpResponse.json({ ok: true });
    }),
  );
  return seen;
}

afterEach(() => setUnauthorizedHandler(() => {}));

describe('apiRequest', () => {
  it('sends credentials, and the token-key and CSRF headers on every method (send_test is a GET that needs CSRF)', async () => {
    writeCookie(CSRF_COOKIE, 'csrf-1');
    writeCookie(TOKEN_KEY_COOKIE, 'tk-1');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const seen = captureHeaders();

    await expect(apiRequest('/c/echo/', okSchema)).resolves.toEqual({ ok: true });
    await apiRequest('/c/echo/', okSchema, { method: 'POST', body: { a: 1 } });

    expect(fetchSpy.mock.calls.every(([, init]) => init?.credentials === 'include')).toBe(true);
    expect(seen[0]?.get('token-key')).toBe('tk-1');
    expect(seen[0]?.get('X-CSRFToken')).toBe('csrf-1');
    expect(seen[1]?.get('X-CSRFToken')).toBe('csrf-1');
    expect(seen[1]?.get('Content-Type')).toBe('application/json');
    fetchSpy.mockRestore();
  });

  it('fetches a csrftoken cookie with a GET before an unsafe call when it has none', async () => {
    const calls: string[] = [];
    server.use(
      http.get('*/api/public-config', () => {
        calls.push('GET /api/public-config');
        writeCookie(CSRF_COOKIE, 'fresh');
        return HttpResponse.json({});
      }),
      http.post('*/c/echo/', ({ request }) => {
        calls.push(`POST /c/echo/ ${request.headers.get('X-CSRFToken')}`);
        return HttpResponse.json({ ok: true });
      }),
    );
    await apiRequest('/c/echo/', okSchema, { method: 'POST', body: {} });
    await apiRequest('/c/echo/', okSchema, { method: 'POST', body: {} });
    expect(calls).toEqual(['GET /api/public-config', 'POST /c/echo/ fresh', 'POST /c/echo/ fresh']);
  });

  it('adds query parameters and sends URLSearchParams form-encoded', async () => {
    let received = { url: '', body: '' };
    server.use(
      http.post('*/c/select/', async ({ request }) => {
        received = { url: request.url, body: await request.text() };
        return HttpResponse.json({ ok: true });
      }),
    );
    await apiRequest('/c/select/', okSchema, {
      method: 'POST',
      query: { imply_client: true, skip: undefined },
      body: new URLSearchParams({ client_id: '7' }),
    });
    expect(new URL(received.url).search).toBe('?imply_client=true');
    expect(received.body).toBe('client_id=7');
  });

  it.each([
    [400, { non_field_errors: ['Bad dates'] }, 'Bad dates'],
    [403, {}, 'Check permission or Please confirm your email address is verified.'],
    [404, { detail: 'x' }, 'The requested item was not found.'],
    [500, { detail: 'Warehouse down' }, 'Warehouse down'],
    [418, {}, 'Something went wrong.'],
  ])('maps status %i to the catalogue message', async (status, body, message) => {
    server.use(http.get('*/c/fail/', () => HttpResponse.json(body, { status })));
    const error = await apiRequest('/c/fail/', okSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).message).toBe(message);
  });

  it('calls the logout hook on 401', async () => {
    const logout = vi.fn();
    setUnauthorizedHandler(logout);
    server.use(http.get('*/c/current/user/', () => HttpResponse.json({ detail: 'no' }, { status: 401 })));
    await expect(apiRequest('/c/current/user/', okSchema)).rejects.toBeInstanceOf(ApiError);
    expect(logout).toHaveBeenCalledOnce();
  });

  it('rejects a reply that does not match the contract', async () => {
    server.use(http.get('*/c/odd/', () => HttpResponse.json({ ok: 'yes' })));
    await expect(apiRequest('/c/odd/', okSchema)).rejects.toThrow('Something went wrong.');
  });
});
