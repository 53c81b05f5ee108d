import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-paths';

/** No feature of the app uses these browser capabilities; denying them limits what an injected script could do. */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

/**
 * Headers beside helmet's: a Permissions-Policy on every answer, and `Cache-Control: no-store` on the API's
 * JSON (it answers per caller: no shared or browser cache may keep it) unless a route chose its own.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    const type = String(reply.getHeader('content-type') ?? '');
    if (isApiPath(request.url) && type.includes('json') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

/** HSTS only when users reach Finlens over https: on plain http inside a network it would lock them out. */
export function strictTransportSecurityFor(publicUrl: string) {
  return publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false;
}
