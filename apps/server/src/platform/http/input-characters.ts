import type { FastifyInstance } from 'fastify';
import { fieldError } from './http-error';

/** U+0000 or an unpaired UTF-16 surrogate: neither PostgreSQL text nor JSON output can carry them. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/** The dotted name of the first field (or key) holding such characters, or null. */
function firstBadField(value: unknown, path: string, depth = 0): string | null {
  if (depth > 64) return null;
  if (typeof value === 'string') return badCharacters(value) ? path || 'body' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const name = path === '' ? key : `${path}.${key}`;
    if (badCharacters(key)) return name;
    const found = firstBadField(item, name, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** One check at the edge, before any validation or storage: such input is a 400 naming the field. */
export function registerInputCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      firstBadField(request.params, '') ??
      firstBadField(request.query, '') ??
      firstBadField(request.body, '');
    if (field !== null) {
      throw fieldError(field, ['Must not contain a NUL character or an unpaired surrogate.']);
    }
  });
}
