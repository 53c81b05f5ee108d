// First: the bench runs with the server launcher's thread pool (relaunched when started without it).
import './src/thread-pool';
import { benchCollection } from './src/collection.bench';
import { benchCommitments } from './src/commitments.bench';
import { benchContainers } from './src/containers.bench';
import { benchExplorer } from './src/explorer.bench';
import { benchExplorerBrowser } from './src/explorer-browser.bench';
import { benchExplorerConcurrency } from './src/explorer-concurrency.bench';
import { benchExplorerHttp } from './src/explorer-http.bench';
import { benchForecast } from './src/forecast-backtest';
import { benchFormat } from './src/format.bench';
import { benchIngest } from './src/ingest.bench';
import { benchIngestClickHouse } from './src/ingest-clickhouse.bench';
import { benchMetricsStorage } from './src/metrics-storage.bench';
import type { SuiteOptions } from './src/options';
import { benchRecommendations } from './src/recommendations.bench';
import { benchResourcesCost } from './src/resources-cost.bench';
import { benchScheduler } from './src/scheduler.bench';
import { peakRssMiB } from './src/stats';

type Suite = (options: SuiteOptions) => Promise<Record<string, string | number>>;

// Prints figures for the README's performance table; never asserted on by tests.
const suites: Record<string, Suite> = {
  format: benchFormat,
  ingest: (options) =>
    (options.values.engine === 'clickhouse' ? benchIngestClickHouse : benchIngest)(options),
  explorer: benchExplorer,
  'explorer-http': benchExplorerHttp,
  'explorer-browser': benchExplorerBrowser,
  'explorer-concurrency': benchExplorerConcurrency,
  forecast: benchForecast,
  collection: benchCollection,
  'resources-cost': benchResourcesCost,
  commitments: benchCommitments,
  containers: benchContainers,
  'metrics-storage': benchMetricsStorage,
  recommendations: benchRecommendations,
  scheduler: benchScheduler,
};
const args = process.argv.slice(2);
// A warehouse engine's name among the bare words picks the engine (`explorer --engine clickhouse`): through the
// root script npm takes `--engine` as its own flag and hands over only the name.
const ENGINES = ['duckdb', 'clickhouse'];
const words = args.filter((a) => !a.startsWith('--'));
const only = words.find((w) => !ENGINES.includes(w));
const engine = words.find((w) => ENGINES.includes(w));
// Through the root script (`npm run bench -- ingest --quick`) npm takes --quick as its own flag and hands it
// over as npm_config_quick.
const quick = args.includes('--quick') || process.env.npm_config_quick === 'true';
const values = Object.fromEntries(
  args.flatMap((a) => {
    const match = /^--([a-z-]+)=(.+)$/.exec(a);
    return match ? [[match[1] as string, match[2] as string]] : [];
  }),
);
if (engine !== undefined) values.engine ??= engine;

for (const [name, run] of Object.entries(suites)) {
  if (only && only !== name) continue;
  const figures = await run({ quick, values });
  for (const [metric, value] of Object.entries(figures)) console.log(`| ${name} | ${metric} | ${value} |`);
}
console.log(`| process | peak RSS MiB | ${peakRssMiB()} |`);
