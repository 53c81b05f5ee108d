import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './api-paths';

/** Smallest answer worth compressing. */
const THRESHOLD_BYTES = 1024;
/** Brotli at quality 4 costs about what gzip does while sending less (zlib's default, 11, is far slower). */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
/** In the order preferred when the client takes both equally. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
type Compress = (encoding: Encoding, text: string) => Promise<Buffer>;

/**
 * Texts up to this size are compressed on the event loop: about a millisecond of work at most (an Explorer answer of
 * 11 series over 90 days, ~17 KB, takes a few tenths), less than a round trip through zlib's thread pool costs on a
 * busy machine, where it waits for a thread and then for the event loop to run again.
 */
const ON_LOOP_BYTES = 64 * 1024;

/** With the plugin's settings; a large text off the event loop (zlib's thread pool), a small one at once. */
export const compressText: Compress = (encoding, text) => {
  if (Buffer.byteLength(text) <= ON_LOOP_BYTES) {
    return Promise.resolve(encoding === 'br' ? brotliCompressSync(text, BROTLI_OPTIONS) : gzipSync(text));
  }
  return encoding === 'br' ? promisify(brotliCompress)(text, BROTLI_OPTIONS) : promisify(gzip)(text);
};

/**
 * API answers of 1 KB or more go out Brotli- or gzip-compressed when the client accepts it. The web build's files
 * are not compressed here: the build writes their .br/.gz copies once (spa.ts sends those), and the few without a
 * copy are too small to gain.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Before the plugin's own onRoute hook, which reads the route's `compress` option.
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    threshold: THRESHOLD_BYTES,
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
  });
}

/**
 * Sends JSON texts that go out again and again (cached answers) compressed once per encoding: each copy is kept as
 * long as the object it was made for (`owner`, the cached answer) lives. What the compression plugin would send,
 * without compressing the same text on every request: the same encodings and threshold, Content-Encoding and
 * Vary: Accept-Encoding; an answer under the threshold, or for a client that takes neither encoding, goes out as
 * it is. `onCopy` learns each copy's size once it is made (a cache weighing what its owners hold).
 */
export function compressedJsonCopies<Owner extends object>({
  compress = compressText,
  onCopy = () => {},
}: {
  compress?: Compress;
  onCopy?: (owner: Owner, bytes: number) => void;
} = {}) {
  const copies = new WeakMap<Owner, Map<Encoding, Promise<Buffer>>>();
  return (request: FastifyRequest, reply: FastifyReply, owner: Owner, text: string) => {
    reply.type('application/json; charset=utf-8');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const plain =
      encoding === null ||
      request.headers['x-no-compression'] !== undefined ||
      Buffer.byteLength(text) < THRESHOLD_BYTES;
    if (plain) return reply.send(text);
    const kept = copies.get(owner) ?? new Map<Encoding, Promise<Buffer>>();
    copies.set(owner, kept);
    let copy = kept.get(encoding);
    if (copy === undefined) {
      copy = compress(encoding, text);
      kept.set(encoding, copy);
      copy.then(
        (bytes) => onCopy(owner, bytes.length),
        () => kept.delete(encoding),
      );
    }
    return copy.then((bytes) => {
      const vary = reply.getHeader('vary');
      reply
        .header('vary', vary === undefined ? 'accept-encoding' : `${String(vary)}, accept-encoding`)
        .header('content-encoding', encoding);
      return reply.send(bytes);
    });
  };
}

/**
 * The encoding of ours an Accept-Encoding header takes with the highest weight (`br` when equal); `*` stands for any
 * not named, `x-gzip` for gzip; null when it takes neither.
 */
function acceptedEncoding(header: string | undefined): Encoding | null {
  if (header === undefined) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}
