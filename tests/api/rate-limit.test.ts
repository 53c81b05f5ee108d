import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
});
afterAll(() => server?.close());

describe('API rate limit (RATE_LIMIT_PER_MINUTE)', () => {
  it('answers 429 to an address past its requests for the minute, and leaves the web app alone', async () => {
    const health = () => fetch(new URL('/api/health', server.baseUrl));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await health()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await fetch(new URL('/v3/home', server.baseUrl))).status).toBe(200);
  });
});
