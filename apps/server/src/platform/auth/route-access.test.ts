import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerRouteAccess } from './route-access';

describe('registerRouteAccess', () => {
  it('records each route with its rule, leaving HEAD to the GET rule', async () => {
    const app = Fastify();
    const entries = registerRouteAccess(app);
    app.get('/c/things/', { config: { access: 'verified' } }, async () => []);
    app.post('/c/things/', { config: { access: 'admin' } }, async () => ({}));
    app.get('/static/*', async () => '');
    await app.ready();
    expect(entries).toEqual([
      { method: 'GET', url: '/c/things/', access: 'verified' },
      { method: 'POST', url: '/c/things/', access: 'admin' },
      { method: 'GET', url: '/static/*', access: 'anonymous' },
    ]);
    await app.close();
  });

  it('refuses an API route that declares no rule', () => {
    const app = Fastify();
    registerRouteAccess(app);
    expect(() => app.get('/c/forgotten/', async () => ({}))).toThrow(
      'Route GET /c/forgotten/ declares no access rule (config.access)',
    );
  });
});
