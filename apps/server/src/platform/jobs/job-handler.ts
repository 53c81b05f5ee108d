import type { z } from 'zod';
import type { JobRow } from '../../db/tables';

export interface JobContext {
  job: JobRow;
  /** Aborted when the worker shuts down or loses the job's lease; long handlers should stop early. */
  signal: AbortSignal;
}

/** What a feature registers: a kind, the zod schema of its payload, and the work. */
export interface JobHandler<P = unknown> {
  kind: string;
  payload: z.ZodType<P>;
  run(payload: P, context: JobContext): Promise<void>;
}

/** A handler of any payload type, for registries that hold several kinds. */
// biome-ignore lint/suspicious/noExplicitAny: the registry erases each handler's payload type; the schema restores it.
export type AnyJobHandler = JobHandler<any>;

/** Typed constructor so the handler's payload type follows its schema. */
export function defineJobHandler<P>(handler: JobHandler<P>): JobHandler<P> {
  return handler;
}

/** Thrown by a handler when retrying cannot help (bad payload, missing record): the job fails at once. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 10_000, maxMs: 3_600_000 };

/** Delay before retry number `attempts` (1 after the first failure): base × 2^(attempts−1), capped. */
export function backoffDelayMs(attempts: number, { baseMs, maxMs }: BackoffPolicy = DEFAULT_BACKOFF): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}
