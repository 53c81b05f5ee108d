import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers of 1 KB or more go out Brotli- or gzip-compressed when the client accepts it (JSON, CSV, HTML, …:
 * the types the MIME database marks compressible). Brotli at quality 4 costs about what gzip does while sending
 * less. NDJSON progress streams are not a compressible type there, so the CLI's progress keeps flowing line by line.
 * The web build's own files are compressed once at build time (spa.ts serves those copies).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
}
