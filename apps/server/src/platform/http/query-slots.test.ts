import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';
import { claimQuerySlot, registerQuerySlots } from './query-slots';

/** A route that claims a slot (as a warehouse read does) and holds it until the test lets it finish. */
async function appWithSlowQuery(perClient: number) {
  const app = Fastify();
  registerErrorHandler(app);
  registerQuerySlots(app, { perClient });
  const waiting: (() => void)[] = [];
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const client = request.headers['x-client'];
    if (typeof client === 'string') request.caller = { clientId: client } as never;
  });
  app.get('/query', async () => {
    await Promise.resolve();
    claimQuerySlot();
    claimQuerySlot(); // a second statement of the same request takes no second slot
    await new Promise<void>((resolve) => waiting.push(resolve));
    return { ok: true };
  });
  app.get('/plain', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  return { app, base, waiting };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe('per-client query slots', () => {
  it('refuses a client’s request beyond its share with 429 and Retry-After, other clients and routes unaffected', async () => {
    const { app, base, waiting } = await appWithSlowQuery(1);
    close = () => app.close();
    const first = fetch(`${base}/query`, { headers: { 'x-client': 'a' } });
    await settle();
    // Client a holds its one slot: its next query is refused when it reaches the warehouse.
    const refused = await fetch(`${base}/query`, { headers: { 'x-client': 'a' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as { detail: string }).detail).toContain('at most 1 per client');
    const other = fetch(`${base}/query`, { headers: { 'x-client': 'b' } });
    expect((await fetch(`${base}/plain`, { headers: { 'x-client': 'a' } })).status).toBe(200);
    await settle();
    expect(waiting).toHaveLength(2);
    for (const resolve of waiting.splice(0)) resolve();
    expect((await first).status).toBe(200);
    expect((await other).status).toBe(200);
    // The slot is free again once the answer is sent.
    const again = fetch(`${base}/query`, { headers: { 'x-client': 'a' } });
    await settle();
    for (const resolve of waiting.splice(0)) resolve();
    expect((await again).status).toBe(200);
  });
});
