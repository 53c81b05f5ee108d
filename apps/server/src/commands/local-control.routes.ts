import { PassThrough } from 'node:stream';
import { BILLING_FORMATS } from '@finlens/cost-model/billing-column-names';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeEqual } from '../platform/auth/tokens';
import type { AppConfig } from '../platform/config';
import { type CommandOutput, describeCommandError } from './command-output';
import { demoHere } from './demo-command';
import { type LocalControlEvent, localControlPath, type OpenStores } from './hand-off';
import { importHere, SOURCE_ENV_KEYS } from './import-command';
import type { LocalControl } from './local-control';
import { queryHere } from './query-command';
import { parseQueryOptions } from './query-options';

const importBody = z.object({
  path: z.string().min(1),
  clientName: z.string().min(1),
  projectName: z.string().min(1),
  format: z.enum(['auto', ...BILLING_FORMATS]),
  env: z.partialRecord(z.enum(SOURCE_ENV_KEYS), z.string()),
});
const queryBody = z.object({
  from: z.string(),
  to: z.string(),
  client: z.string().optional(),
  project: z.string().optional(),
  groupBy: z.string().optional(),
  granularity: z.string(),
  costType: z.string(),
  format: z.string(),
});
const demoBody = z.object({
  options: z.object({
    rows: z.number().int().min(1),
    months: z.number().int().min(1),
    seed: z.number().int().min(0),
    endMonth: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM'),
    usageEnd: z.string().datetime().optional(),
  }),
  demoPassword: z.string().nullable(),
  // A user's scenario (`--scenario FILE`): the file name for messages, its JSON checked by the demo itself.
  scenario: z.object({ file: z.string(), json: z.unknown() }).nullable().optional(),
});

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The local-control routes: `finlens import | query | demo` run by the CLI on this machine while this server
 * holds the data folder's warehouse. Only for a loopback peer without proxy headers AND the bearer token of
 * DATA_DIR/run/server.json; sessions and API keys count for nothing here. The user-facing access rule is
 * `anonymous` (the token is the credential, checked here), and the routes are hidden from the OpenAPI
 * document: they are the CLI's, not part of the public API. Answers are NDJSON events (hand-off.ts).
 */
export const localControlRoutes: FastifyPluginAsyncZod<{
  localControl: LocalControl;
  stores: OpenStores;
  config: Pick<AppConfig, 'dataDir' | 'publicUrl'>;
}> = async (app, { localControl, stores, config }) => {
  app.addHook('onRequest', async (request, reply) => {
    const proxied =
      request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (proxied || !LOOPBACK.test(request.socket.remoteAddress ?? '')) {
      return reply.code(403).send({ detail: 'Local control answers only requests from this machine.' });
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!safeEqual(token, localControl.token)) {
      return reply.code(401).send({ detail: 'The local-control token of this server is required.' });
    }
  });
  app.addHook('onClose', async () => localControl.unpublish());

  const options = { config: { access: 'anonymous' as const } };
  app.post(
    localControlPath('import'),
    { ...options, schema: { hide: true, body: importBody } },
    (request, reply) =>
      stream(reply, (output) => importHere({ ...stores, dataDir: config.dataDir }, request.body, output)),
  );
  app.post(
    localControlPath('query'),
    { ...options, schema: { hide: true, body: queryBody } },
    (request, reply) => stream(reply, (output) => queryHere(stores, parseQueryOptions(request.body), output)),
  );
  app.post(
    localControlPath('demo'),
    // A user's scenario travels in the body; 64 MiB holds one of about 100k resources.
    { ...options, bodyLimit: 64 * 1024 * 1024, schema: { hide: true, body: demoBody } },
    (request, reply) =>
      stream(reply, async (output) => {
        const result = await demoHere({ ...stores, ...config }, request.body, output);
        // The password went to stdout when it was generated; the result does not carry it a second time.
        return { ...result, account: { ...result.account, password: null } };
      }),
  );
};

/** Runs the command, sending its output as NDJSON events as they happen, then its result or its error. */
function stream(reply: FastifyReply, run: (output: CommandOutput) => Promise<unknown>) {
  const body = new PassThrough();
  // A CLI that goes away (Ctrl-C) closes the stream; the command still runs to its end in the server.
  body.on('error', () => {});
  const send = (event: LocalControlEvent) => {
    if (!body.destroyed) body.write(`${JSON.stringify(event)}\n`);
  };
  const output: CommandOutput = {
    progress: (progress) => send({ type: 'progress', ...progress }),
    endProgress: () => send({ type: 'endProgress' }),
    stdout: (text) => send({ type: 'stdout', text }),
    stderr: (text) => send({ type: 'stderr', text }),
  };
  run(output)
    .then(
      (result) => send({ type: 'done', result }),
      (error: unknown) => send({ type: 'error', ...describeCommandError(error) }),
    )
    .finally(() => body.end());
  return reply.type('application/x-ndjson').send(body);
}
