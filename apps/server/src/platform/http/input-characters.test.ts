import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';
import { registerInputCharacterCheck } from './input-characters';

async function app() {
  const server = Fastify();
  registerErrorHandler(server as never);
  registerInputCharacterCheck(server);
  let stored = 0;
  server.post('/items/:name', async () => {
    stored += 1;
    return { ok: true };
  });
  await server.ready();
  return { server, stored: () => stored };
}

describe('NUL and lone surrogates are refused at the edge', () => {
  it.each([
    ['a body field', '/items/x', { name: 'a\u0000b' }, 'name'],
    ['a nested body field', '/items/x', { tags: [{ key: 'ok', value: 'x\uD800' }] }, 'tags.0.value'],
    ['a body key', '/items/x', { 'k\u0000': 1 }, 'k\u0000'],
    ['a query parameter', '/items/x?q=%00', {}, 'q'],
    ['a path parameter', '/items/a%00b', {}, 'name'],
    ['a lone low surrogate', '/items/x', { name: '\uDC00' }, 'name'],
  ])('%s → 400 naming it', async (_case, url, payload, field) => {
    const { server, stored } = await app();
    const answer = await server.inject({ method: 'POST', url, payload });
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json().errors ?? {})).toContain(field);
    expect(stored()).toBe(0);
    await server.close();
  });

  it('lets well-formed text through, emoji included', async () => {
    const { server } = await app();
    const answer = await server.inject({ method: 'POST', url: '/items/x', payload: { name: 'cost 💸 ok' } });
    expect(answer.statusCode).toBe(200);
    await server.close();
  });
});
