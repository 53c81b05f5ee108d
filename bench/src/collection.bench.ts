import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childResult } from './child-result';
import { positiveInteger, type SuiteOptions } from './options';
import { updateResultsFile } from './results-file';

const here = dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = join(here, '..', 'results', 'collection.json');

type Run = { resources: number; seconds: number; maxRssMiB: number };
type Result = {
  date: string;
  resources: number;
  collect: Run;
  raw: Run;
  ratio: number;
  loadAverage: unknown;
};

/** Runs one collection in a child process (collection-child.ts) and reads its result line. */
function measure(mode: 'collect' | 'raw', size: number): Promise<Run> {
  return childResult<Run>(
    join(here, 'collection-child.ts'),
    [mode, String(size)],
    `${mode} of ${size} resources`,
  );
}

const perSecond = (run: Run) => Math.round(run.resources / run.seconds);
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Inventory collection from the simulated cloud at 10k and 100k resources (`--quick`: 2k; `--resources=N` one
 * size): Finlens's collection through its durable jobs beside the raw floor (list the simulated cloud once and
 * insert the same rows), each in a fresh process for its peak RSS. Writes bench/results/collection.json.
 */
export async function benchCollection({
  quick,
  values,
}: SuiteOptions): Promise<Record<string, string | number>> {
  const sizes =
    values.resources !== undefined
      ? [positiveInteger('resources', values.resources, 10_000)]
      : quick
        ? [2_000]
        : [10_000, 100_000];
  const figures: Record<string, string | number> = {};
  const results: Result[] = [];
  for (const size of sizes) {
    const loadBefore = loadavg();
    const collect = await measure('collect', size);
    const raw = await measure('raw', size);
    if (collect.resources !== raw.resources)
      throw new Error(`collection stored ${collect.resources} resources, the raw insert ${raw.resources}`);
    const ratio = perSecond(collect) / perSecond(raw);
    const loadAverage = { before: loadBefore.map(round1), after: loadavg().map(round1) };
    results.push({ date: new Date().toISOString(), resources: size, collect, raw, ratio, loadAverage });
    const label = `${size.toLocaleString('en-US')} resources`;
    figures[`${label}: collection resources/s`] = perSecond(collect).toLocaleString('en-US');
    figures[`${label}: raw list + insert resources/s`] = perSecond(raw).toLocaleString('en-US');
    figures[`${label}: collection ÷ raw`] = ratio.toFixed(2);
    figures[`${label}: collection peak RSS MiB`] = collect.maxRssMiB;
    figures[`${label}: raw peak RSS MiB`] = raw.maxRssMiB;
    figures[`${label}: load average before/after`] = `${loadAverage.before[0]} / ${loadAverage.after[0]}`;
  }
  updateResultsFile<Result>(RESULTS_FILE, (earlier) =>
    [...earlier.filter((e) => !results.some((r) => r.resources === e.resources)), ...results].sort(
      (a, b) => a.resources - b.resources,
    ),
  );
  return figures;
}
