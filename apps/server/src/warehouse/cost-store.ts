import type { EngineHealth } from '@finlens/contracts/health';
import type { CostType } from './canonical-schema';
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

/** One cell of costByPeriod: a day (YYYY-MM-DD) or month (YYYY-MM), the group's value (null without a group-by). */
export interface PeriodCost {
  period: string;
  group: string | null;
  cost: number;
}

/** A costByPeriod query; `groupBy` is a canonical column (checked against the schema). */
export interface CostByPeriodQuery {
  clientId: string;
  projectIds: string[];
  /** Inclusive UTC dates, YYYY-MM-DD, on line_item_usage_start_date. */
  from: string;
  to: string;
  granularity: 'day' | 'month';
  groupBy: string | null;
  costType: CostType;
}

/** The spend summary's scope; `today` fixes the windows (spendWindows of @finlens/cost-model/spend-windows). */
export interface SpendSummaryQuery {
  clientId: string;
  /** Projects of the client to count; all of the client's when absent. */
  projectIds?: string[];
  costType: CostType;
  today: Date;
}

/** Cost of each spend window; `asOf` is the newest usage day in scope, `currency` the scope's commonest. */
export interface SpendTotals {
  monthToDate: number;
  previousMonthToDate: number;
  interval: number;
  previousInterval: number;
  currency: string | null;
  asOf: string | null;
}

/** A spend summary with no rows in scope. */
export const EMPTY_SPEND_TOTALS: SpendTotals = {
  monthToDate: 0,
  previousMonthToDate: 0,
  interval: 0,
  previousInterval: 0,
  currency: null,
  asOf: null,
};

/**
 * Builds SpendTotals from an engine's answer: a row with the window sums `mtd`, `previous_mtd`,
 * `interval_cost`, `previous_interval`, the scope's commonest currency and its newest usage day.
 */
export function spendTotalsFrom(row: Record<string, unknown>, currency: unknown, asOf: unknown): SpendTotals {
  return {
    monthToDate: Number(row.mtd ?? 0),
    previousMonthToDate: Number(row.previous_mtd ?? 0),
    interval: Number(row.interval_cost ?? 0),
    previousInterval: Number(row.previous_interval ?? 0),
    currency: typeof currency === 'string' && currency !== '' ? currency : null,
    asOf: typeof asOf === 'string' ? asOf : null,
  };
}

/**
 * The cost warehouse port: features talk to this, never to an engine client, so DuckDB and (later)
 * ClickHouse stay interchangeable. Ingestion stages rows through an engine-specific reader, then asks
 * the store to swap whole billing periods in one transaction (line items and rollups together). The cost
 * queries (runCostQuery, dimensionValues, dimensionKeys, dailyCost) are `CostQueryPort`, compiled through
 * the engine's SqlDialect (cost-query/).
 */
export interface CostStore extends CostQueryPort {
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
  /**
   * Cost per day or month of one canonical column. Superseded by runCostQuery (`finlens query` uses that);
   * kept only while the ClickHouse adapter's parity tests use it — remove together with them.
   */
  costByPeriod(query: CostByPeriodQuery): Promise<{ total: number; rows: PeriodCost[] }>;
  /** Month-to-date and 31-day spend of a client's projects (split-cost-allocation rows left out). */
  spendSummary(query: SpendSummaryQuery): Promise<SpendTotals>;
  close(): Promise<void>;
}
