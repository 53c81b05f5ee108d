import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

/** Seconds a refused client is told to wait: a cost query of the UI takes about that long. */
const RETRY_AFTER_SECONDS = 1;

interface RequestSlot {
  request: FastifyRequest;
  held: string | null;
  inUse: Map<string, number>;
  perClient: number;
}

const currentRequest = new AsyncLocalStorage<RequestSlot>();
/** The same slot, found again from the request when its answer is sent. */
const slots = new WeakMap<FastifyRequest, RequestSlot>();

/** The tenant a request counts against: its client when signed in, else its address. */
function slotKey(request: FastifyRequest): string {
  const clientId = request.caller?.clientId ?? null;
  return clientId === null ? `address:${request.ip}` : `client:${clientId}`;
}

/**
 * Per-client concurrency of warehouse reads: each request carries its slot through AsyncLocalStorage, the
 * warehouse's read functions claim it on their first statement (one slot per request, however many statements
 * it runs), and the answer frees it. Work outside a request (jobs, the CLI) is not counted.
 */
export function registerQuerySlots(app: FastifyInstance, { perClient }: { perClient: number }): void {
  const inUse = new Map<string, number>();
  app.addHook('onRequest', (request, _reply, done) => {
    const slot: RequestSlot = { request, held: null, inUse, perClient };
    slots.set(request, slot);
    currentRequest.run(slot, done);
  });
  const release = (request: FastifyRequest) => {
    const slot = slots.get(request);
    if (slot === undefined || slot.held === null) return;
    const left = (inUse.get(slot.held) ?? 1) - 1;
    if (left <= 0) inUse.delete(slot.held);
    else inUse.set(slot.held, left);
    slot.held = null;
  };
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onRequestAbort', async (request) => release(request));
}

/**
 * Called by the warehouse before each read: takes the request's slot on its first read, or refuses with 429
 * and Retry-After when the client already has its share of readers busy.
 */
export function claimQuerySlot(): void {
  const slot = currentRequest.getStore();
  if (slot === undefined || slot.held !== null) return;
  const key = slotKey(slot.request);
  const used = slot.inUse.get(key) ?? 0;
  if (used >= slot.perClient) {
    throw new HttpError(
      429,
      `Too many cost queries at once (at most ${slot.perClient} per client); retry in a moment.`,
      undefined,
      { 'retry-after': String(RETRY_AFTER_SECONDS) },
    );
  }
  slot.inUse.set(key, used + 1);
  slot.held = key;
}
