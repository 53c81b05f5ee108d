import type { EngineHealth } from '@finlens/contracts/health';
import type { CostType } from './canonical-schema';
import type { AllocationPort } from './cost-query/allocation-port';
import type { CommitmentHoursPort } from './cost-query/commitment-hours';
import type { CommitmentRowsPort, CommitmentSumsPort } from './cost-query/commitment-rows';
import type { CostBreakdownPort } from './cost-query/cost-breakdown';
import type { CostQueryPort } from './cost-query/cost-query-port';
import type { KubernetesCostPort } from './cost-query/kubernetes-costs';
import type { ResourceCostPort } from './cost-query/resource-costs';
import type { WorkloadUsagePort } from './cost-query/workload-usage';
import type { MetricsStore } from './metrics-store';

/** Row count and the seven cost-type totals of one billing period of a project. */
export interface PeriodTotals {
  billingPeriod: string;
  rows: number;
  totals: Record<CostType, number>;
}

/** One import's rows, as the DuckDB-based readers produce them (ingest/duckdb/import-files.ts). */
export interface PeriodLoad {
  /** Every row carries it in `import_id`. */
  importId: string;
  projectId: string;
  /**
   * The import's rows as DuckDB SELECTs of the canonical columns (CANONICAL_COLUMNS order), each over a group
   * of its files. An import up to WHOLE_IMPORT_BYTES is one part (one INSERT on every thread in DuckDB, the faster
   * way); a larger one is loaded a part after another, so it needs the space of one part, whatever the bill's size.
   */
  parts: readonly string[];
  /**
   * Checks loaded rows before anything is replaced (throws to abort); `relation` is a DuckDB relation over
   * them on the store's `connection`. Called once per part or once for all parts; each row is checked once.
   */
  check(relation: string): Promise<void>;
  /** Called once every part is loaded and checked, before any period is replaced (throws to abort). */
  complete(): Promise<void>;
}

/** Cost-type totals grouped by one canonical column (reconciliation and the import summary). */
export interface GroupTotals {
  group: string | null;
  rows: number;
  totals: Record<CostType, number>;
}

/**
 * The cost warehouse port: features talk to this, never to an engine client, so DuckDB and (later)
 * ClickHouse stay interchangeable. Ingestion normalises files with the DuckDB readers into one SELECT and
 * hands it to `loadPeriods`, which swaps whole billing periods in (line items and rollups together). The cost
 * queries (runCostQuery, dimensionValues, dimensionKeys, dailyCost) are `CostQueryPort`, compiled through
 * the engine's SqlDialect (cost-query/).
 */
export interface CostStore
  extends CostQueryPort,
    AllocationPort,
    CostBreakdownPort,
    CommitmentRowsPort,
    CommitmentSumsPort,
    CommitmentHoursPort,
    ResourceCostPort,
    KubernetesCostPort,
    WorkloadUsagePort {
  readonly kind: 'duckdb' | 'clickhouse';
  /** Resource metrics (hourly and daily series), beside the cost data in the same engine. */
  readonly metrics: MetricsStore;
  /** Creates or upgrades the warehouse schema; returns the steps it applied. */
  init(): Promise<string[]>;
  health(): Promise<EngineHealth>;
  /**
   * Loads one import's rows and replaces every billing period they hold, for that project only, atomically:
   * readers see the old or the new periods, never a mix (line items and rollups change together). A failure at
   * any step, `check`'s and `complete`'s included, leaves the warehouse as it was and nothing of the import behind.
   */
  loadPeriods(load: PeriodLoad): Promise<PeriodTotals[]>;
  /** Removes every line item and metric series of a project (a removed account's data must not linger). */
  deleteProject(projectId: string): Promise<void>;
  /**
   * Totals per billing period of a project (all periods, or the given ones). Unlike the cost queries it
   * counts split-cost-allocation rows: these totals reconcile an import with its source (row counts and the
   * REFERENCE.json / EXPECTED.json sums, which count every row), and split rows carry no unblended, list or
   * amortized cost of their own in the exports we hold, so leaving them out would only break the row count.
   */
  periodTotals(args: { projectId: string; billingPeriods?: string[] }): Promise<PeriodTotals[]>;
  /** Totals of a project grouped by one canonical column (or `usage_month`: month of the usage start). */
  totalsBy(args: { projectId: string; column: string }): Promise<GroupTotals[]>;
  close(): Promise<void>;
}
