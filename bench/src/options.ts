/** What every suite gets from `run.ts`. */
export type SuiteOptions = {
  quick: boolean;
  /** `--name=value` options, for suites that take them (ingest: --rows=N, --format=parquet|csv.gz; explorer: --rows=N, --runs=N). */
  values: Record<string, string>;
};

/** A `--name=N` option as a positive integer, `fallback` when absent; a clear error otherwise. */
export function positiveInteger(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`--${name} must be a positive integer (got ${text})`);
  }
  return value;
}
