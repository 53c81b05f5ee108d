import type { EngineHealth } from '@finlens/contracts/health';

/**
 * Runs one probe against a storage engine and reports it in the health contract's shape;
 * a failing probe becomes `ok: false` with the error text instead of throwing. In db/, the lowest server
 * layer, so the app database and the warehouse both use it.
 */
export async function probeEngine(
  kind: EngineHealth['kind'],
  probe: () => Promise<string>,
): Promise<EngineHealth> {
  const started = performance.now();
  try {
    const detail = await probe();
    return { kind, ok: true, latencyMs: elapsedMs(started), detail };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { kind, ok: false, latencyMs: elapsedMs(started), detail };
  }
}

/** Milliseconds since `started` (a `performance.now()`), to the hundredth, as health reports latencies. */
export function elapsedMs(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}
