import { type DestinationStream, type Logger, pino } from 'pino';
import type { LogLevel } from './config';

/**
 * Field names whose values never reach a log line: SQL parameters and error details (they carry row values),
 * secrets, password hashes, tokens and keys, email addresses, cookies and authorization headers.
 */
const SENSITIVE_KEYS = [
  'parameters',
  'params',
  'bindings',
  'detail',
  'password',
  'password1',
  'password2',
  'old_password',
  'new_password1',
  'new_password2',
  'password_hash',
  'passwordHash',
  'hash',
  'secret',
  'client_secret',
  'signing_secret',
  'secretAccessKey',
  'secret_access_key',
  'sessionToken',
  'sasToken',
  'sas_token',
  'connectionString',
  'connection_string',
  'routing_key',
  'webhook_url',
  'token',
  'key',
  'access_token',
  'refresh_token',
  'id_token',
  'api_key',
  'apiKey',
  'email',
  'to',
  'cookie',
  'authorization',
  'x-csrftoken',
  'set-cookie',
];

const quoted = (key: string) => (/^[A-Za-z_]\w*$/.test(key) ? `.${key}` : `["${key}"]`);

/** Each key at the top of a log object and up to three levels down (err.parameters, req.headers.cookie …). */
export const LOG_REDACT_PATHS = SENSITIVE_KEYS.flatMap((key) => {
  const tail = quoted(key);
  return [tail.startsWith('.') ? key : tail, `*${tail}`, `*.*${tail}`, `*.*.*${tail}`];
});

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(\.[\w-]+)+/g;

/** pino's error serializer, with email addresses in the message and stack (a unique-key error names one) hidden. */
function errSerializer(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  for (const field of ['message', 'stack'] as const) {
    const value = serialized[field];
    if (typeof value === 'string') serialized[field] = value.replace(EMAIL, '[email]');
  }
  return serialized;
}

/**
 * Logs go to stderr as JSON lines: stdout carries only the "Finlens listening on …" line
 * that scripts and the end-to-end suite parse. `destination` lets a test read what would be written.
 */
export function createLogger({
  level,
  destination = pino.destination({ fd: 2, sync: false }),
}: {
  level: LogLevel;
  destination?: DestinationStream;
}): Logger {
  return pino(
    {
      level,
      base: { app: 'finlens' },
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: errSerializer, error: errSerializer },
      // Messages too: Fastify's own error log uses the error's message as the line's message.
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((arg: unknown) =>
            typeof arg === 'string' ? arg.replace(EMAIL, '[email]') : arg,
          );
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}
