import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-error';

/**
 * Error body in the spec's Django-REST style (§8): the SPA's catalogue reads `detail`
 * first; `errors` maps each field (or `non_field_errors`) to its messages.
 */
export interface ErrorBody {
  detail: string;
  /** Same text as detail for the statuses whose spec §8 message is read from `error`. */
  error?: string;
  errors?: Record<string, string[]>;
}

const ERROR_FIELD_STATUSES = new Set([400, 409, 424, 429]);

export const NOT_FOUND_DETAIL = 'Not found.';
const INTERNAL_DETAIL = 'Internal server error.';

/** Zod validation failures → 400 naming the field; other client errors keep their status; the rest → bare 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(validationBody(error.validation));
    }
    if (error instanceof HttpError) {
      const body: ErrorBody = { detail: error.message };
      if (ERROR_FIELD_STATUSES.has(error.statusCode)) body.error = error.message;
      if (error.errors !== undefined) body.errors = error.errors;
      if (error.headers !== undefined) reply.headers(error.headers);
      return reply.code(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message } satisfies ErrorBody);
    }
    // The log keeps the stack; the client never sees internals.
    request.log.error({ err: error }, 'request failed');
    return reply.code(status >= 500 && status < 600 ? status : 500).send({ detail: INTERNAL_DETAIL });
  });
}

function validationBody(issues: { instancePath: string; message?: string }[]): ErrorBody {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = fieldName(issue.instancePath);
    const message = issue.message ?? 'Invalid value.';
    const list = errors[field] ?? [];
    list.push(message);
    errors[field] = list;
  }
  const [field, messages] = Object.entries(errors)[0] ?? ['non_field_errors', ['Invalid input.']];
  const detail = `${field}: ${messages[0] ?? 'Invalid input.'}`;
  // `error` too: the SPA's catalogue reads a 400's message from `error`, not `detail` (spec §8).
  return { detail, error: detail, errors };
}

/** '/filters/0/name' → 'filters.0.name'; an empty path is about the object as a whole. */
function fieldName(instancePath: string): string {
  const parts = instancePath.split('/').filter((part) => part !== '');
  return parts.length === 0 ? 'non_field_errors' : parts.join('.');
}

/**
 * Errors Fastify raises before routing (a path whose percent-encoding is not UTF-8) skip the error handler;
 * they answer a 400 in the same shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const detail =
    error.code === 'FST_ERR_BAD_URL' ? 'The path is not valid percent-encoded UTF-8.' : 'Malformed request.';
  reply.code(400).send({ detail, error: detail } satisfies ErrorBody);
}

const CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'The request took too long to arrive.' },
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'The request line or headers are too large.' },
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a URL or headers over the size limit, broken
 * framing) answer in the same error shape as every other API error, not Fastify's own.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    detail: 'Malformed HTTP request.',
  };
  const body = JSON.stringify({ detail } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
