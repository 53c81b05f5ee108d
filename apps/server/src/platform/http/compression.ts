import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-paths';

/**
 * API answers of 1 KB or more go out Brotli- or gzip-compressed when the client accepts it; Brotli at quality 4
 * costs about what gzip does while sending less. The web build's files are not compressed here: the build writes
 * their .br/.gz copies once (spa.ts sends those), and the few without a copy are too small to gain.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Before the plugin's own onRoute hook, which reads the route's `compress` option.
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
}
