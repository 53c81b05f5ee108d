import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childResult } from './child-result';
import { positiveInteger, type SuiteOptions } from './options';
import {
  type Found,
  type Planted,
  scorePlanted,
  type TypeScore,
  unplantedFound,
} from './recommendations-score';
import { updateResultsFile } from './results-file';

const here = dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = join(here, '..', 'results', 'recommendations.json');

type DemoRun = {
  resources: number;
  seconds: number;
  maxRssMiB: number;
  planted: Planted;
  found: Found;
  /** The planted resources their rule did not flag, with what the rule said of each. */
  missed: { type: string; accountId: string; id: string; outcome: string; reason: string }[];
};
type ScaleRun = {
  resources: number;
  seconds: number;
  violations: number;
  rssBeforeMiB: number;
  maxRssMiB: number;
};
type Result =
  | {
      date: string;
      kind: 'demo';
      rows: number;
      seed: number;
      resources: number;
      seconds: number;
      maxRssMiB: number;
      scores: TypeScore[];
      loadAverage: number[];
    }
  | {
      date: string;
      kind: 'scale';
      resources: number;
      seconds: number;
      violations: number;
      maxRssMiB: number;
      rssBeforeMiB: number;
      loadAverage: number[];
    };

const pct = (n: number | null) => (n === null ? '–' : n.toFixed(3));
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Recommendations: precision and recall per type against the planted cases of the demo organisation (seeds 42 and
 * 7, `--rows=N` line items, default 200k, `--quick` 30k) after `finlens demo`'s import, the simulated cloud's
 * collection with metrics and one evaluation; then one evaluation over a synthetic inventory of `--resources=N`
 * (default 100k, `--quick` 10k), its time and the process's peak RSS (`--part=demo|scale`: one half; `--seed=N`: the
 * demo at one seed). Writes
 * bench/results/recommendations.json.
 */
export async function benchRecommendations({
  quick,
  values,
}: SuiteOptions): Promise<Record<string, string | number>> {
  const rows = positiveInteger('rows', values.rows, quick ? 30_000 : 200_000);
  const resources = positiveInteger('resources', values.resources, quick ? 10_000 : 100_000);
  const figures: Record<string, string | number> = {};
  const results: Result[] = [];
  // `--part=demo` or `--part=scale` runs one half; the results file keeps the other's last figures. `--seed=N`: the
  // demo at that seed only.
  const part = values.part;
  const seeds = values.seed === undefined ? [42, 7] : [positiveInteger('seed', values.seed, 42)];
  for (const seed of part === 'scale' ? [] : seeds) {
    const run = await childResult<DemoRun>(
      join(here, 'recommendations-child.ts'),
      ['demo', String(rows), String(seed)],
      `demo seed ${seed}`,
    );
    const scores = scorePlanted(run.planted, run.found);
    results.push({
      date: new Date().toISOString(),
      kind: 'demo',
      rows,
      seed,
      resources: run.resources,
      seconds: run.seconds,
      maxRssMiB: run.maxRssMiB,
      scores,
      loadAverage: loadavg().map(round1),
    });
    for (const s of scores)
      figures[
        `demo seed ${seed} (${rows.toLocaleString('en-US')} rows): ${s.type} precision / recall (found / planted)`
      ] = `${pct(s.precision)} / ${pct(s.recall)} (${s.found} / ${s.planted})`;
    figures[`demo seed ${seed}: one evaluation of ${run.resources} resources, s`] = run.seconds.toFixed(2);
    for (const m of run.missed)
      figures[`demo seed ${seed}: missed ${m.type} ${m.accountId}/${m.id}`] = `${m.outcome}: ${m.reason}`;
    for (const w of unplantedFound(run.planted, run.found))
      figures[`demo seed ${seed}: found unplanted ${w.type} ${w.accountId}/${w.id}`] =
        'not in the ground truth';
  }
  if (part === 'demo') return keep(results, figures);
  const scale = await childResult<ScaleRun>(
    join(here, 'recommendations-child.ts'),
    ['scale', String(resources)],
    `scale ${resources}`,
  );
  results.push({
    date: new Date().toISOString(),
    kind: 'scale',
    ...scale,
    loadAverage: loadavg().map(round1),
  });
  const label = `${scale.resources.toLocaleString('en-US')} resources`;
  figures[`${label}: one evaluation, s`] = scale.seconds.toFixed(1);
  figures[`${label}: violations stored`] = scale.violations;
  figures[`${label}: peak RSS MiB (RSS before the evaluation)`] =
    `${scale.maxRssMiB} (${scale.rssBeforeMiB})`;
  return keep(results, figures);
}

function keep(results: Result[], figures: Record<string, string | number>) {
  updateResultsFile<Result>(RESULTS_FILE, (earlier) => [
    ...earlier.filter(
      (e) =>
        !results.some(
          (r) => r.kind === e.kind && (r.kind === 'scale' || (e.kind === 'demo' && r.seed === e.seed)),
        ),
    ),
    ...results,
  ]);
  return figures;
}
