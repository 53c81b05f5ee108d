import type { EngineHealth } from '@finlens/contracts/health';
import type { CostType } from './canonical-schema';
import type { AllocationPort } from './cost-query/allocation-port';
import type { CostBreakdownPort } from './cost-query/cost-breakdown';
import type { CostQueryPort } from './cost-query/cost-query-port';

/** Row count and the seven cost-type totals of one billing period of a project. */
export interface PeriodTotals {
  billingPeriod: string;
  rows: number;
  totals: Record<CostType, number>;
}

/** Cost-type totals grouped by one canonical column (reconciliation and the import summary). */
export interface GroupTotals {
  group: string | null;
  rows: number;
  totals: Record<CostType, number>;
}

/**
 * The cost warehouse port: features talk to this, never to an engine client, so DuckDB and (later)
 * ClickHouse stay interchangeable. Ingestion stages rows through an engine-specific reader, then asks
 * the store to swap whole billing periods in one transaction (line items and rollups together). The cost
 * queries (runCostQuery, dimensionValues, dimensionKeys, dailyCost) are `CostQueryPort`, compiled through
 * the engine's SqlDialect (cost-query/).
 */
export interface CostStore extends CostQueryPort, AllocationPort, CostBreakdownPort {
  readonly kind: 'duckdb' | 'clickhouse';
  /** Creates or upgrades the warehouse schema; returns the steps it applied. */
  init(): Promise<string[]>;
  health(): Promise<EngineHealth>;
  /**
   * Replaces every billing period present in the staged import with the staged rows, for that project
   * only, atomically: readers see the old or the new period, never a mix. Drops the staging rows.
   */
  replacePeriods(args: { stagingId: string; projectId: string }): Promise<PeriodTotals[]>;
  /** Forgets a staged import (failed validation); the warehouse is untouched. */
  discardStaging(stagingId: string): Promise<void>;
  /** Removes every line item of a project (a removed account's costs must not linger in totals). */
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
