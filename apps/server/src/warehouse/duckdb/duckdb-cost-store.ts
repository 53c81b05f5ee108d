import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { probeEngine } from '../../db/engine-health';
import { CONFIG_DEFAULTS } from '../../platform/config';
import {
  CANONICAL_COLUMNS,
  COST_TYPE_COLUMNS,
  COST_TYPES,
  type CostType,
  LINE_ITEMS_TABLE,
} from '../canonical-schema';
import { allocationQueries } from '../cost-query/allocation-port';
import { commitmentHourQueries } from '../cost-query/commitment-hours';
import { commitmentRowQueries } from '../cost-query/commitment-rows';
import { costBreakdownQueries } from '../cost-query/cost-breakdown';
import { kubernetesCostQueries } from '../cost-query/kubernetes-costs';
import { resourceCostQueries } from '../cost-query/resource-costs';
import { costQueryRunner } from '../cost-query/run-cost-query';
import { workloadUsageQueries } from '../cost-query/workload-usage';
import type { CostStore, GroupTotals, PeriodTotals } from '../cost-store';
import { duckDbDialect } from './duckdb-dialect';
import { loadIntoDuckDb } from './duckdb-load';
import { duckDbMetricsStore } from './duckdb-metrics-store';
import { oneAtATime, READ_CONNECTIONS, readerPool, readRowObjects } from './duckdb-readers';
import { deleteProjectRollups } from './duckdb-rollups';
import { applySchemaSteps } from './duckdb-schema-steps';
import { inTransaction } from './duckdb-transaction';

/** The DuckDB store also lends its connection to the DuckDB-based ingest readers (same process, same file). */
export interface DuckDbCostStore extends CostStore {
  readonly kind: 'duckdb';
  /**
   * The write connection, used only inside `exclusive`: a statement started on it while another caller's
   * streams its rows would silently cut that caller's answer short (see readRowObjects).
   */
  readonly connection: DuckDBConnection;
  /**
   * Runs `work` alone on the shared write connection: imports from the poller, uploads and the CLI queue
   * here, so one import's staging and swap never interleave with another's on the same connection.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

export interface DuckDbOptions {
  path: string;
  /** DuckDB spills to this folder beyond the memory limit (large imports). */
  tempDirectory?: string;
  /** e.g. `2GB`; DuckDB's default is 80% of RAM. */
  memoryLimit?: string;
  /** A read running longer is interrupted (QUERY_TIMEOUT_SECONDS). */
  queryTimeoutSeconds?: number;
}

/** Opens (creating if needed) the DuckDB warehouse file; one process holds it at a time. */
export async function openDuckDbCostStore(options: DuckDbOptions): Promise<DuckDbCostStore> {
  await mkdir(dirname(options.path), { recursive: true });
  // No ICU extension offline: TIMESTAMPTZ casts and arithmetic are UTC, which is what billing data needs.
  // Inserts need not keep the source's row order (every reader orders or aggregates), so a large import
  // streams in bounded memory instead of buffering rows to keep their order.
  const settings: Record<string, string> = { preserve_insertion_order: 'false' };
  if (options.tempDirectory !== undefined) {
    await mkdir(options.tempDirectory, { recursive: true });
    settings.temp_directory = options.tempDirectory;
  }
  if (options.memoryLimit !== undefined) settings.memory_limit = options.memoryLimit;
  const instance = await DuckDBInstance.create(options.path, settings);
  const connection = await instance.connect();
  const readers = await readerPool(
    instance,
    READ_CONNECTIONS,
    options.queryTimeoutSeconds ?? CONFIG_DEFAULTS.queryTimeoutSeconds,
  );
  const metricsWriter = await instance.connect();
  // Health asks on a connection of its own: a statement queues behind the one running on its connection, and
  // the writer's may be an import or a rollup rebuild that takes minutes.
  const probe = oneAtATime(await instance.connect());
  const metrics = duckDbMetricsStore(metricsWriter, readers.read);
  let closed = false;
  const writer = oneAtATime(connection);
  // The import's own reads, inside its exclusive turn on the write connection.
  const rows = (sql: string, values?: unknown[]) => readRowObjects(connection, sql, values);
  // Reads of anyone else: on the read connections, never on the writer (nor inside an import's transaction).
  const read = (sql: string, values: unknown[] = []) => readers.read({ sql, values });
  const costQueries = costQueryRunner(duckDbDialect, readers.read, readers.readColumns);
  return {
    kind: 'duckdb',
    connection,
    exclusive: writer,
    init: () => applySchemaSteps(connection),
    health: () =>
      probeEngine('duckdb', async () => {
        if (closed) throw new Error('warehouse is closed');
        const [row] = await probe((c) => readRowObjects(c, 'select version() as version'));
        return `DuckDB ${String(row?.version ?? 'unknown')}`;
      }),
    loadPeriods: async (load) =>
      periodTotals(rows, load.projectId, await loadIntoDuckDb(connection, rows, load)),
    deleteProject: async (projectId) => {
      await inTransaction(connection, async () => {
        await connection.run(`DELETE FROM ${LINE_ITEMS_TABLE} WHERE project_id = $1`, [projectId]);
        await deleteProjectRollups(connection, projectId);
      });
      await metrics.deleteProject(projectId);
    },
    periodTotals: ({ projectId, billingPeriods }) => periodTotals(read, projectId, billingPeriods),
    totalsBy: async ({ projectId, column }) => {
      const group =
        column === 'usage_month'
          ? `strftime(line_item_usage_start_date, '%Y-%m')`
          : `"${assertColumn(column)}"`;
      const result = await read(
        `SELECT CAST(${group} AS VARCHAR) AS grp, ${totalsSelect()} FROM ${LINE_ITEMS_TABLE} WHERE project_id = $1 GROUP BY 1 ORDER BY 1`,
        [projectId],
      );
      return result.map(
        (r): GroupTotals => ({ group: r.grp === null ? null : String(r.grp), ...totalsOf(r) }),
      );
    },
    ...costQueries,
    ...allocationQueries(duckDbDialect, readers.read),
    ...costBreakdownQueries(duckDbDialect, readers.read),
    ...commitmentRowQueries(duckDbDialect, readers.readColumns),
    ...commitmentHourQueries(duckDbDialect, readers.readColumns),
    metrics,
    ...resourceCostQueries(duckDbDialect, readers.read),
    ...kubernetesCostQueries(duckDbDialect, readers.read),
    ...workloadUsageQueries(duckDbDialect, readers.read),
    close: async () => {
      if (closed) return;
      closed = true;
      await readers.close();
      metricsWriter.closeSync();
      await probe(async (c) => c.closeSync());
      connection.closeSync();
      instance.closeSync();
    },
  };
}

function assertColumn(column: string): string {
  if (!CANONICAL_COLUMNS.some((c) => c.name === column)) throw new Error(`unknown column ${column}`);
  return column;
}

/** `sum(...)` of every cost type, plus the row count; `kahan_sum` keeps DOUBLE sums order-independent. */
function totalsSelect(): string {
  const sums = COST_TYPES.map((t) => `COALESCE(kahan_sum("${COST_TYPE_COLUMNS[t]}"), 0) AS "${t}"`);
  return [...sums, 'count(*) AS row_count'].join(', ');
}

function totalsOf(row: Record<string, unknown>): { rows: number; totals: Record<CostType, number> } {
  const totals = Object.fromEntries(COST_TYPES.map((t) => [t, Number(row[t] ?? 0)])) as Record<
    CostType,
    number
  >;
  return { rows: Number(row.row_count ?? 0), totals };
}

async function periodTotals(
  rows: (sql: string, values?: unknown[]) => Promise<Record<string, unknown>[]>,
  projectId: string,
  billingPeriods?: string[],
): Promise<PeriodTotals[]> {
  const filter =
    billingPeriods === undefined
      ? ''
      : `AND CAST(billing_period AS VARCHAR) IN (${['NULL', ...billingPeriods.map((p) => `'${p.replaceAll("'", "''")}'`)].join(', ')})`;
  const values = [projectId];
  const result = await rows(
    `SELECT CAST(billing_period AS VARCHAR) AS period, ${totalsSelect()} FROM ${LINE_ITEMS_TABLE} WHERE project_id = $1 ${filter} GROUP BY 1 ORDER BY 1`,
    values,
  );
  return result.map((r) => ({ billingPeriod: String(r.period), ...totalsOf(r) }));
}
