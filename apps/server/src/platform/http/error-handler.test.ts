import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandler } from './error-handler';

const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.post(
    '/c/things/',
    { schema: { body: z.object({ name: z.string().min(1), tags: z.array(z.object({ key: z.string() })) }) } },
    async (request) => ({ ok: request.body.name }),
  );
  app.get('/c/broken/', async () => {
    throw new Error('connection string postgres://secret@db leaked');
  });
  app.get('/c/teapot/', async () => {
    throw Object.assign(new Error('I am a teapot'), { statusCode: 418 });
  });
  await app.ready();
});
afterAll(() => app.close());

describe('central error handler', () => {
  it('turns a zod validation error into a 400 naming the field', async () => {
    const response = await app.inject({ method: 'POST', url: '/c/things/', payload: { tags: [{ key: 1 }] } });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { detail: string; error: string; errors: Record<string, string[]> };
    expect(body.detail).toMatch(/^name: /);
    expect(body.error).toBe(body.detail);
    expect(Object.keys(body.errors)).toEqual(['name', 'tags.0.key']);
  });

  it('names the body as a whole as non_field_errors', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/c/things/',
      payload: '[]',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { non_field_errors: [expect.any(String)] } });
  });

  it('answers malformed JSON with a 400 carrying detail', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/c/things/',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('detail');
  });

  it('keeps client error statuses with their message', async () => {
    const response = await app.inject({ method: 'GET', url: '/c/teapot/' });
    expect(response.statusCode).toBe(418);
    expect(response.json()).toEqual({ detail: 'I am a teapot' });
  });

  it('never leaks internals in a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/c/broken/' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error.' });
  });
});
