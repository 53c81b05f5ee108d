import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from './api-paths';
import { NOT_FOUND_DETAIL } from './error-handler';

/**
 * Serves the built SPA from `distDir` and answers every other HTML navigation with its
 * index.html (client-side routing); API prefixes get a JSON 404 instead.
 */
export async function registerSpa(app: FastifyInstance, { distDir }: { distDir: string }): Promise<void> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz copies beside each file (apps/web/vite.config.ts): sent by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, path) => response.setHeader('cache-control', cacheControlFor(distDir, path)),
    });
  } else {
    app.log.warn({ distDir }, 'web build missing: serving build instructions instead of the SPA');
  }
  app.setNotFoundHandler((request, reply) => {
    const navigation = (request.method === 'GET' || request.method === 'HEAD') && wantsHtml(request);
    if (isApiPath(request.url) || !navigation) {
      return reply.code(404).send({ detail: NOT_FOUND_DETAIL });
    }
    if (!hasBuild) {
      return reply.code(503).type('text/html; charset=utf-8').send(missingBuildPage(distDir));
    }
    // index.html must never be cached: it names the hashed assets of the current build.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

/**
 * Files under assets/ carry a content hash in their name: a new build gives new names, so browsers may keep them
 * for a year without asking again. Everything else (index.html names the current build's assets; favicon and
 * other fixed names) is revalidated on every use.
 */
function cacheControlFor(distDir: string, path: string): string {
  const [folder] = relative(distDir, path).split(sep);
  return folder === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  if (accept.includes('text/html')) return true;
  // curl and friends send */*: give them the page for route-like paths, but let a
  // missing asset (a path with a file extension) stay a 404 rather than HTML.
  const path = request.url.split('?', 1)[0] ?? '';
  return (accept === '' || accept.includes('*/*')) && !/\.[a-z0-9]+$/i.test(path);
}

function missingBuildPage(distDir: string): string {
  const escaped = distDir.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Finlens - web app not built</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 3rem auto">
<h1>The Finlens web app is not built</h1>
<p>The API is running, but there is no web build in <code>${escaped}</code>.</p>
<p>Build it with <code>npm run build -w @finlens/web</code> and restart the server,
or start with <code>npm start</code>, which builds it when it is missing or stale.</p>
</body></html>
`;
}
