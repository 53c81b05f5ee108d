import { healthResponseSchema } from '@finlens/contracts/health';
import { publicConfigSchema } from '@finlens/contracts/public-config';
import {
  skipOrFailWithoutPostgres,
  startTestPostgres,
  type TestPostgres,
} from '@finlens/server/db/test-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_INDEX_HTML, type TestServer } from './test-server';

describe('API over PGlite and DuckDB', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SUPPORT_EMAIL: 'help@example.com' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET /api/health answers 200 with the contract shape', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    const body = healthResponseSchema.parse(await response.json());
    expect(body.status).toBe('ok');
    expect(body.appDatabase).toMatchObject({ kind: 'pglite', ok: true });
    expect(body.warehouse).toMatchObject({ kind: 'duckdb', ok: true });
  });

  it('GET /api/public-config answers the instance settings', async () => {
    const response = await fetch(`${server.baseUrl}/api/public-config`);
    expect(response.status).toBe(200);
    const body = publicConfigSchema.parse(await response.json());
    expect(body).toMatchObject({
      supportEmail: 'help@example.com',
      docsUrl: 'https://github.com/finlens/finlens#readme',
    });
  });

  it('GET /api/docs returns the OpenAPI document listing the routes', async () => {
    const response = await fetch(`${server.baseUrl}/api/docs`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/public-config']));
    expect(Object.keys(doc.paths)).not.toContain('/api/docs');
  });

  it.each([
    '/c/unknown/',
    '/api/unknown',
    '/rest-auth/nothing/',
    '/payment/x/',
    '/notification/x',
    '/app_partner/x',
  ])('unknown API path %s gets a JSON 404 with detail, even for a browser', async (path) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ detail: 'Not found.' });
  });

  it('unknown API path with another verb is a JSON 404 too', async () => {
    const response = await fetch(`${server.baseUrl}/c/unknown/`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not found.' });
  });

  it.each(['/', '/accounts/signin/', '/v3/some/page', '/does-not-exist'])(
    'browser navigation to %s gets the SPA index.html',
    async (path) => {
      const response = await fetch(`${server.baseUrl}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(TEST_INDEX_HTML);
      expect(response.headers.get('content-security-policy')).toContain("style-src 'self' 'unsafe-inline'");
    },
  );

  it('a missing asset stays a 404 instead of HTML', async () => {
    const response = await fetch(`${server.baseUrl}/assets/missing.js`, { headers: { accept: '*/*' } });
    expect(response.status).toBe(404);
  });
});

describe('API over PostgreSQL (DATABASE_URL)', () => {
  let postgres: TestPostgres | null = null;
  let server: TestServer | null = null;
  beforeAll(async () => {
    const started = await startTestPostgres();
    if (started.server === null) return skipOrFailWithoutPostgres(started.reason);
    postgres = started.server;
    server = await startTestServer({ env: { DATABASE_URL: postgres.url } });
  });
  afterAll(async () => {
    await server?.close();
    await postgres?.stop();
  });

  it('GET /api/health reports the postgres app database', async (context) => {
    if (server === null) return context.skip('PostgreSQL binaries are not available');
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    const body = healthResponseSchema.parse(await response.json());
    expect(body.appDatabase).toMatchObject({ kind: 'postgres', ok: true });
    // The engine's version is for signed-in admins only (security-headers.test.ts).
    expect(body.appDatabase.detail).toBeUndefined();
  });

  it('answers 503 degraded with the same shape when the app database goes away', async (context) => {
    if (server === null || postgres === null) return context.skip('PostgreSQL binaries are not available');
    await postgres.stop();
    postgres = null;
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(503);
    const body = healthResponseSchema.parse(await response.json());
    expect(body).toMatchObject({ status: 'degraded', appDatabase: { kind: 'postgres', ok: false } });
    expect(body.warehouse.ok).toBe(true);
  });
});
