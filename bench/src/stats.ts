/** Summary statistics the benchmarks print; percentiles use the nearest-rank method. */
export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) throw new Error('percentile of an empty sample');
  const rank = Math.ceil((p / 100) * sortedMs.length);
  return sortedMs[Math.min(sortedMs.length, Math.max(1, rank)) - 1] as number;
}

type Summary = { runs: number; p50Ms: number; p95Ms: number; maxMs: number };

export function summarise(samplesMs: readonly number[]): Summary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    maxMs: sorted[sorted.length - 1] as number,
  };
}

/** Runs `fn` `runs` times after `warmup` untimed runs and returns the per-run wall times. */
export async function sample(
  fn: () => unknown | Promise<unknown>,
  runs: number,
  warmup = 3,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times;
}

/**
 * Like `sample` for several functions at once, taking turns (a, b, a, b, …) so that a change in the machine's
 * load during the run weighs on each alike. Returns the per-run wall times of each, in the order given.
 */
export async function sampleInTurns(
  fns: readonly (() => unknown | Promise<unknown>)[],
  runs: number,
  warmup = 3,
): Promise<number[][]> {
  const times = fns.map(() => [] as number[]);
  for (let i = 0; i < warmup + runs; i++) {
    for (const [j, fn] of fns.entries()) {
      const start = process.hrtime.bigint();
      await fn();
      if (i >= warmup) times[j]?.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return times;
}

export function peakRssMiB(): number {
  return Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10;
}
