import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { positiveInteger, type SuiteOptions } from './options';

/**
 * Metrics storage on DuckDB: N EC2 instances (default 1,000; `--quick` 100; `--resources=N`) with a month (30
 * days) of hourly points of the 10 metrics an instance has (memory where the agent publishes it), values from the simulated cloud's steady profile,
 * written through the warehouse's metrics store in batches of 100 resources (each batch's days aggregated as the
 * collection does). Reports the warehouse file's growth per resource for that month (hourly points plus their
 * daily rows), and of the daily rows alone (what stays for 13 months once the hourly points are pruned). Measured, not asserted.
 */
const here = dirname(fileURLToPath(import.meta.url));
const server = (path: string) => join(here, '../../apps/server/src', path);

// biome-ignore lint/suspicious/noExplicitAny: the server's types are not this workspace's
type Any = any;

const HOUR = 3_600_000;

export async function benchMetricsStorage({
  quick,
  values,
}: SuiteOptions): Promise<Record<string, string | number>> {
  const size = positiveInteger('resources', values.resources, quick ? 100 : 1_000);
  const { openDuckDbCostStore } = await import(server('warehouse/duckdb/duckdb-cost-store.ts'));
  const { cpuPercent, metricFromLoad } = await import(
    server('integrations/cloud/simulated/metric-profiles.ts')
  );
  const { METRIC_NAMES, metricAppliesTo } = await import(server('integrations/cloud/cloud-metrics.ts'));
  const ec2Metrics: string[] = METRIC_NAMES.filter((m: Any) => metricAppliesTo(m, 'ec2-instance'));
  const dir = mkdtempSync(join(tmpdir(), 'finlens-metrics-bench-'));
  const path = join(dir, 'warehouse.duckdb');
  try {
    const store: Any = await openDuckDbCostStore({ path });
    await store.init();
    const bytes = async () => {
      await store.connection.run('CHECKPOINT');
      return statSync(path).size;
    };
    const empty = await bytes();
    const start = Date.parse('2026-10-01T00:00:00Z');
    const started = performance.now();
    for (let first = 0; first < size; first += 100) {
      const points = [];
      for (let r = first; r < Math.min(size, first + 100); r++) {
        const resourceId = `i-${r.toString(16).padStart(17, '0')}`;
        for (let h = 0; h < 30 * 24; h++) {
          const hour = start / HOUR + h;
          const cpu = cpuPercent({
            profile: 'steady',
            level: 30,
            seed: 1,
            key: resourceId,
            hour,
            ageHours: h,
          });
          for (const metric of ec2Metrics) {
            points.push({
              projectId: 'bench-project',
              accountId: '123456789012',
              region: 'us-east-1',
              resourceId,
              metric,
              storageClass: '',
              hour: new Date(hour * HOUR),
              value: metricFromLoad(metric, cpu, 1),
            });
          }
        }
      }
      await store.metrics.writeHourly(points);
    }
    const seconds = (performance.now() - started) / 1000;
    const month = await bytes();
    // A DuckDB file keeps its size after a DELETE (freed blocks are reused), so the daily rows that stay after the
    // prune are measured copied into a file of their own.
    const dailyPath = join(dir, 'daily.duckdb');
    await store.connection.run(`ATTACH '${dailyPath}' AS daily_only`);
    await store.connection.run('CREATE TABLE daily_only.metric_daily AS SELECT * FROM metric_daily LIMIT 0');
    await store.connection.run('CHECKPOINT daily_only');
    const dailyEmpty = statSync(dailyPath).size;
    await store.connection.run('INSERT INTO daily_only.metric_daily SELECT * FROM metric_daily');
    await store.connection.run('CHECKPOINT daily_only');
    const daily = statSync(dailyPath).size - dailyEmpty;
    await store.connection.run('DETACH daily_only');
    await store.close();
    const label = `DuckDB, ${size.toLocaleString('en')} EC2 instances × 10 metrics, 30 days`;
    return {
      [`${label}: bytes per resource per month, hourly + daily`]: Math.round((month - empty) / size),
      [`${label}: bytes per resource per month, daily only`]: Math.round(daily / size),
      [`${label}: hourly points written per second`]: Math.round((size * 10 * 720) / seconds),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
