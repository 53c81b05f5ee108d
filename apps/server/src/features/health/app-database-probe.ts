import type { EngineHealth } from '@finlens/contracts/health';
import { elapsedMs } from '../../db/engine-health';

/** How long health waits for the embedded app database before reporting it busy (ADR 0012). */
const APP_DATABASE_PROBE_DEADLINE_MS = 50;
/** A probe left unanswered for longer than this is a stalled database: health answers 503 (ADR 0012). */
export const APP_DATABASE_STALL_LIMIT_MS = 30_000;

/**
 * Probes an engine that serves one caller at a time (PGlite) without queueing behind it: when `probe` has not
 * answered within the deadline the engine is reported `busy` with the time it last answered, `ok` while that probe
 * has waited at most the stall limit. One probe at a time: later calls wait on the one already queued.
 */
export function deadlineProbe({
  kind,
  probe,
  deadlineMs = APP_DATABASE_PROBE_DEADLINE_MS,
  stallLimitMs = APP_DATABASE_STALL_LIMIT_MS,
  now = Date.now,
}: {
  kind: EngineHealth['kind'];
  probe: () => Promise<EngineHealth>;
  deadlineMs?: number;
  stallLimitMs?: number;
  /** Wall clock in ms (tests move it past the stall limit). */
  now?: () => number;
}): () => Promise<EngineHealth> {
  let pending: { sentAt: number; answer: Promise<EngineHealth> } | null = null;
  let lastOkAt: number | null = null;

  function send(): { sentAt: number; answer: Promise<EngineHealth> } {
    const sent = {
      sentAt: now(),
      answer: probe()
        .finally(() => {
          if (pending === sent) pending = null;
        })
        .then((health) => {
          if (health.ok) lastOkAt = now();
          return health;
        }),
    };
    pending = sent;
    return sent;
  }

  return async () => {
    const started = performance.now();
    const { sentAt, answer } = pending ?? send();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), deadlineMs);
    });
    const answered = await Promise.race([answer, deadline]);
    clearTimeout(timer);
    if (answered !== null) return answered;
    const waitedMs = now() - sentAt;
    return {
      kind,
      ok: waitedMs <= stallLimitMs,
      busy: true,
      latencyMs: elapsedMs(started),
      ...(lastOkAt === null ? {} : { lastOkAt: new Date(lastOkAt).toISOString() }),
      detail: `no answer within ${deadlineMs} ms; its probe has waited ${Math.round(waitedMs)} ms`,
    };
  };
}
