import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
// The app's request.caller, route access rules and app.routeAccess are declared there: whoever takes an App sees them.
import type {} from '../auth/route-access';

/** The Fastify instance every feature registers on (zod schemas as the type provider). */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
