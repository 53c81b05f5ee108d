import type { CostDimension, CostQuery, CostSeries, KeyedDimension } from '@finlens/contracts/cost-query';
import type { CostType } from '../canonical-schema';

/** Which of the client's projects a warehouse read covers; `projectIds` is resolved and may be empty. */
export interface CostScope {
  clientId: string;
  projectIds: string[];
  /**
   * Project id → name, for the `billing_project_name` dimension (the names live in the app database, the
   * warehouse only holds ids). A project missing here shows its id.
   */
  projectNames?: Record<string, string>;
  /**
   * The scope's data version (cost-scope.ts `scopeDataVersion`) when every project's last change is known: facts
   * that change only with the data (the newest day, the currency) are read once per version. Absent: read each time.
   */
  dataVersion?: string;
}

/**
 * A CostQuery as the warehouse runs it: the granularity is already final (the caller applied the spec §5
 * rules and the fall-back to day), the scope resolved. `useRollups: false` forces the raw line items.
 */
export type WarehouseCostQuery = CostQuery & CostScope & { useRollups: boolean };

/**
 * A statement of a cost question (run-cost-query.ts): every cell at once; else the ranking, then every group's
 * series, or the top groups' cells and each period's total (Others is the rest).
 */
export type CostStatement = 'cells' | 'ranking' | 'series' | 'top cells' | 'period totals';

/** A table one statement of an answer read, and which days of the range when not all of them. */
export interface StatementRead {
  statement: CostStatement;
  table: string;
  /** The parts of a ranking plan (plan-source.ts `planRanking`): a weekly rollup's full weeks, the days around them. */
  days?: 'full weeks' | 'edge days';
}

export interface WarehouseCostAnswer {
  /** Every period start from the period holding start_date to the one holding end_date, zero-filled. */
  periods: string[];
  /** Top N by total (descending), then 'Others'; without a dimension one series keyed 'total'. */
  series: CostSeries[];
  total: number;
  /** Distinct groups before the top-N cut (1 without a dimension). */
  group_count: number;
  source: 'rollup' | 'line_items';
  /**
   * What the question's statements read, in the order they were run: the planner's choices as used (the scope's
   * facts, read once per data version, are not among them). Empty when none ran.
   */
  reads: StatementRead[];
  /** Newest usage day of the scope (all dates, not only the range), null without data. */
  as_of: string | null;
  /** The scope's commonest currency, null without data. */
  currency: string | null;
}

export interface DimensionValuesQuery extends CostScope {
  dimension: CostDimension;
  /** The tag / label / cost-category key, required for keyed dimensions. */
  key?: string;
  /** Case-insensitive contains on the value. */
  search?: string;
  /** Inclusive UTC dates; the whole history when absent. */
  from?: string;
  to?: string;
  limit: number;
}

export interface DimensionKeysQuery extends CostScope {
  dimension: KeyedDimension;
  search?: string;
  limit: number;
}

export interface DailyCostQuery extends CostScope {
  from: string;
  to: string;
  costType: CostType;
}

/** The cost-query part of the CostStore port (apps/server/src/warehouse/cost-store.ts). */
export interface CostQueryPort {
  runCostQuery(query: WarehouseCostQuery): Promise<WarehouseCostAnswer>;
  /** Values of a dimension with their unblended cost, most expensive first (filter-panel auto-complete). */
  dimensionValues(query: DimensionValuesQuery): Promise<{ value: string | null; cost: number }[]>;
  /** Tag keys, cost category names or Kubernetes label keys, alphabetically. */
  dimensionKeys(query: DimensionKeysQuery): Promise<string[]>;
  /** Actual cost per day over an inclusive range, every day present (forecasts). */
  dailyCost(query: DailyCostQuery): Promise<{ date: string; cost: number }[]>;
}
