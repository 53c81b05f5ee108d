import {
  CANONICAL_COLUMNS,
  type CanonicalColumn,
  type CanonicalType,
  COST_TYPE_COLUMNS,
  COST_TYPES,
  LINE_ITEMS_TABLE,
} from '../canonical-schema';
import { COMMITMENT_HOURLY_ROLLUP, COMMITMENT_ROLLUP } from './commitment-rollup';
import { CONTAINER_NODE_ROLLUP, CONTAINER_ROLLUP } from './container-rollup';
import { CONTAINER_WORKLOAD_ROLLUP } from './container-workload-rollup';
import { notSplitRowSql } from './split-rows';
import type { SqlDialect, SqlValues } from './sql-dialect';

/** The map columns a rollup may keep whole. */
export type RollupMap = 'resource_tags' | 'cost_category';

/** The rows a rollup is built from: a table (the line items or an import's staging table) and a condition. */
export interface RollupSourceRows {
  from: string;
  where: string;
}

/**
 * A column a rollup computes from the rows it holds: a key (a row expression, which may look up other rows of
 * the same source with an uncorrelated subquery) or a measure (an aggregate).
 */
export interface ComputedColumn {
  name: string;
  type: CanonicalType;
  sql: (dialect: SqlDialect, values: SqlValues, source: RollupSourceRows) => string;
  /**
   * A key whose expression looks up other rows (an IN subquery): grouped by its name as an alias, since ClickHouse
   * 18.16 does not match such an expression in GROUP BY with the same one in SELECT.
   */
  lookup?: boolean;
}

/**
 * A pre-aggregated daily table: the seven cost sums and the row count of the non-split line items per
 * client, project, billing period, usage day, currency and the listed columns. Only the container rollup
 * holds split-cost-allocation rows (left out of every total but Kubernetes ones), and the planner never
 * answers a cost query from it.
 */
export interface RollupDefinition {
  table: string;
  /** Canonical columns kept as they are. */
  columns: readonly string[];
  /** Keys of the `product` map kept as text columns `product_key_<key>`. */
  productKeys: readonly string[];
  maps: readonly RollupMap[];
  /**
   * Canonical columns summed instead of the cost types', each null where none of a group's rows has one (a
   * missing figure stays missing, as in the line items).
   */
  sums?: readonly string[];
  /**
   * The rows it holds when not every non-split line item (the commitment rollup): the planner never answers a
   * cost query from such a rollup, only the reader it was built for.
   */
  rows?: (dialect: SqlDialect, values: SqlValues, source: RollupSourceRows) => string;
  /** Whether `rows` picks split-cost-allocation rows (the EKS pods', with or without others) itself. */
  splitRows?: boolean;
  /** Grouped columns computed from each row (after the listed ones): the Kubernetes attributes, the capacity type. */
  keys?: readonly ComputedColumn[];
  /** Aggregates kept instead of the sums (each its own aggregate expression over the rows). */
  measures?: readonly ComputedColumn[];
  /**
   * 'week': `usage_date` holds the Monday of the usage's ISO week, a row per week instead of per day. The planner
   * never answers a query's cells from it, only the ranking of its full weeks (plan-source.ts `planRanking`).
   */
  grain?: 'week';
}

/** Columns every rollup has besides its dimensions. */
export const ROLLUP_KEY_COLUMNS = ['client_id', 'project_id', 'billing_period', 'line_item_currency_code'];
export const ROLLUP_DAY_COLUMN = 'usage_date';
export const ROLLUP_ROW_COUNT = 'row_count';

/** The tag rollup (its columns changed once: see the schema steps). */
export const TAG_ROLLUP = 'cost_rollup_daily_tags';

/**
 * The scope rollup: no dimension at all, so a few rows per project and day (one per currency). It answers
 * queries without a group-by or filter (the spend summary, forecast history) and every query's scope facts
 * (newest usage day and commonest currency) without reading the line items.
 */
export const SCOPE_ROLLUP = 'cost_rollup_daily_scope';

/**
 * The weekly resource rollup: per resource and ISO week, with the columns a resource rarely has more than one
 * value of (its name, account, service, region). The daily line items hold about one row per resource and day,
 * so a daily resource rollup would keep nearly every row; a week folds ~7 of them. Top resources rank from its
 * full weeks plus the line items of the days outside them.
 */
export const RESOURCE_WEEKLY_ROLLUP: RollupDefinition = {
  table: 'cost_rollup_weekly_resources',
  columns: [
    'line_item_resource_id',
    'resource_name',
    'line_item_usage_account_id',
    'product_servicename',
    'product_region_code',
  ],
  productKeys: [],
  maps: [],
  grain: 'week',
};

/** Columns that decide the charge and its product; most are functions of the usage type, so cheap to keep. */
const CHARGE_COLUMNS = [
  'line_item_usage_account_id',
  'product_servicename',
  'product_region_code',
  'line_item_usage_type',
  'line_item_operation',
  'line_item_line_item_type',
  'finlens_purchase_option',
  'product_product_family',
];

/**
 * Planner order: the first rollup that covers a query answers it. The scope rollup covers only queries
 * without dimensions (and by project name). The next has every low-cardinality
 * column of the catalogue and no tags. The second keeps the tag and cost-category sets with only a few
 * columns: tag sets are nearly one per resource, so each column beside them multiplies its rows (on the demo
 * export, tags + account + line item type hold ~28% of the line items' rows, adding the service ~71%).
 * Resource ids, names, descriptions, hours and tags combined with other columns stay in the line items; the weekly
 * resource rollup only shortens the ranking of resource ids and names (never planned for cells).
 * The commitment rollups hold only the commitment rows (the hourly one the purchase analyses' eligible usage), the
 * container rollups the EKS pods' split rows (and the node-hour one their nodes' own rows; the workload-hour one
 * feeds rightsizing): built and swapped with the others, never planned.
 */
export const ROLLUPS: readonly RollupDefinition[] = [
  { table: SCOPE_ROLLUP, columns: [], productKeys: [], maps: [] },
  {
    table: 'cost_rollup_daily',
    columns: [
      ...CHARGE_COLUMNS,
      'pricing_unit',
      'bill_billing_entity',
      'line_item_legal_entity',
      'product_product_name',
      'finlens_final_environment',
      'finlens_region_name',
      'line_item_availability_zone',
      'finlens_operating_system_engine',
      'finlens_non_taggable_resource',
      'finlens_compute_types',
      'finlens_compute_provisioner',
      'product_instance_family',
      'product_instance_type',
    ],
    productKeys: ['instance_type_family', 'storage_class', 'volume_api_name', 'storage_media'],
    maps: [],
  },
  {
    table: TAG_ROLLUP,
    columns: [
      'line_item_usage_account_id',
      'line_item_line_item_type',
      'bill_billing_entity',
      'finlens_final_environment',
    ],
    productKeys: [],
    maps: ['resource_tags', 'cost_category'],
  },
  RESOURCE_WEEKLY_ROLLUP,
  COMMITMENT_ROLLUP,
  COMMITMENT_HOURLY_ROLLUP,
  CONTAINER_ROLLUP,
  CONTAINER_NODE_ROLLUP,
  CONTAINER_WORKLOAD_ROLLUP,
];

export const productKeyColumn = (key: string) => `product_key_${key}`;

/** A column's sum, NULL when no row of the group has a value (sumMoney alone would read 0). */
export function nullableSum(dialect: SqlDialect, sql: string): string {
  return `CASE WHEN count(${sql}) = 0 THEN NULL ELSE ${dialect.sumMoney(sql)} END`;
}

/** The logical columns of a rollup, in table order: group columns, then the sums and the row count. */
export function rollupColumns(rollup: RollupDefinition): {
  groups: CanonicalColumn[];
  sums: CanonicalColumn[];
} {
  const canonical = (name: string): CanonicalColumn => {
    const column = CANONICAL_COLUMNS.find((c) => c.name === name);
    if (column === undefined) throw new Error(`rollup column ${name} is not canonical`);
    return column;
  };
  return {
    groups: [
      ...ROLLUP_KEY_COLUMNS.map(canonical),
      { name: ROLLUP_DAY_COLUMN, type: 'date' },
      ...rollup.columns.map(canonical),
      ...rollup.productKeys.map((key): CanonicalColumn => ({ name: productKeyColumn(key), type: 'text' })),
      ...rollup.maps.map(canonical),
      ...(rollup.keys ?? []).map(({ name, type }) => ({ name, type })),
    ],
    sums: [
      ...(rollup.measures?.map(({ name, type }) => ({ name, type })) ??
        (rollup.sums ?? COST_TYPES.map((t) => COST_TYPE_COLUMNS[t])).map(canonical)),
      { name: ROLLUP_ROW_COUNT, type: 'number' },
    ],
  };
}

/**
 * The SELECT that fills a rollup from the line items matching `where` (rendered with `values`), in the
 * column order of `rollupColumns` (a map as its stored columns, see SqlDialect.mapColumns). It reads `from`,
 * the line items by default. Split-cost rows are left out here, once, for every rollup but the one of split
 * rows. Grouped by the expressions themselves: ClickHouse 18.16 reads `GROUP BY 1` as a constant.
 */
export function rollupSelectSql(
  dialect: SqlDialect,
  rollup: RollupDefinition,
  values: SqlValues,
  where: string,
  from = dialect.identifier(LINE_ITEMS_TABLE),
): string {
  const id = dialect.identifier;
  const groups = [
    ...ROLLUP_KEY_COLUMNS.map(id),
    rollup.grain === 'week'
      ? dialect.weekStart(id('line_item_usage_start_date'))
      : dialect.day(id('line_item_usage_start_date')),
    ...rollup.columns.map(id),
    ...rollup.productKeys.map((key) => dialect.mapValue(id('product'), values.add(key))),
    ...rollup.maps.flatMap(dialect.mapColumns),
  ];
  const selected = [...groups];
  for (const key of rollup.keys ?? []) {
    const sql = key.sql(dialect, values, { from, where });
    selected.push(key.lookup === true ? `${sql} AS ${id(key.name)}` : sql);
    groups.push(key.lookup === true ? id(key.name) : sql);
  }
  const sums = [
    ...(rollup.measures?.map((m) => m.sql(dialect, values, { from, where })) ??
      (rollup.sums === undefined
        ? COST_TYPES.map((t) => dialect.sumMoney(id(COST_TYPE_COLUMNS[t])))
        : rollup.sums.map((column) => nullableSum(dialect, id(column))))),
    'count(*)',
  ];
  const rows = [
    ...(rollup.splitRows === true ? [] : [notSplitRowSql(dialect, values)]),
    ...(rollup.rows === undefined ? [] : [`(${rollup.rows(dialect, values, { from, where })})`]),
  ];
  return `SELECT ${[...selected, ...sums].join(', ')} FROM ${from}
WHERE (${where}) AND ${rows.join(' AND ')}
GROUP BY ${groups.join(', ')}`;
}
