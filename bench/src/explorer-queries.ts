import type { CostQuery } from '@finlens/contracts/cost-query';
import { OTHERS_KEY } from '@finlens/contracts/cost-query';
import { SPLIT_COST_OPERATIONS } from '@finlens/cost-model/billing-line-item-types';

/**
 * The six standard Explorer questions of the explorer benchmark, each as the CostQuery the Explorer sends and
 * as the SQL someone would write by hand on the warehouse's line_items table for the same answer. Pure: the
 * windows end on the data's newest usage day (`asOf`), so every size of the demo export asks the same.
 */
export type ExplorerCase = {
  name: string;
  description: string;
  query: CostQuery;
  /** Hand-written DuckDB SQL returning (period, grp, cost) cells of every group, no top-N cut (the check). */
  handSql: string;
  /**
   * Hand-written DuckDB SQL for the Explorer's answer shape: (period, grp, cost) of the top N groups by total and
   * one Others group (grp = OTHERS_KEY) per period — the baseline the bench times.
   */
  handTopSql: string;
  handValues: string[];
  /** The same on ClickHouse, values written in as literals (18.16 has no server-side parameters). */
  clickHouseSql: (scope: { clientId: string; projectId: string }) => string;
};

const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** First day of the month `months` before the month of `date`. */
export function monthStart(date: string, monthsBack: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, 1)).toISOString().slice(0, 10);
}

const PERIOD_FORMAT = { day: '%Y-%m-%d', month: '%Y-%m-%d', hour: '%Y-%m-%dT%H:00:00Z' } as const;
const SPLIT_OPERATIONS = SPLIT_COST_OPERATIONS.map((o) => `'${o}'`).join(', ');

/** The plain aggregate: the range, the scope, split-cost rows left out (as every non-Kubernetes total). */
function handSql(args: { granularity: 'hour' | 'day' | 'month'; group: string; where?: string }): string {
  return `SELECT strftime(date_trunc('${args.granularity}', line_item_usage_start_date), '${PERIOD_FORMAT[args.granularity]}') AS period,
  ${args.group} AS grp, kahan_sum(line_item_unblended_cost) AS cost
FROM line_items
WHERE client_id = $1 AND project_id = $2
  AND line_item_usage_start_date >= CAST($3 AS TIMESTAMP) AND line_item_usage_start_date < CAST($4 AS TIMESTAMP)
  AND (line_item_operation IS NULL OR line_item_operation NOT IN (${SPLIT_OPERATIONS}))${args.where === undefined ? '' : `\n  AND ${args.where}`}
GROUP BY ALL`;
}

/**
 * Top N + Others as someone fluent in DuckDB would write it: the cells once (a materialized CTE), the N groups
 * with the largest totals, every other group's cells summed into Others.
 */
function handTopSql(cells: string, topN: number): string {
  return `WITH cells AS MATERIALIZED (${cells}),
top_groups AS (SELECT grp FROM cells GROUP BY grp ORDER BY round(sum(cost), 6) DESC, grp ASC NULLS LAST LIMIT ${topN})
SELECT period,
  CASE WHEN EXISTS (SELECT 1 FROM top_groups t WHERE t.grp IS NOT DISTINCT FROM cells.grp) THEN grp ELSE '${OTHERS_KEY}' END AS grp,
  sum(cost) AS cost
FROM cells
GROUP BY ALL`;
}

const CLICKHOUSE_PERIOD = {
  day: (sql: string) => `formatDateTime(${sql}, '%Y-%m-%d')`,
  month: (sql: string) => `formatDateTime(toStartOfMonth(${sql}), '%Y-%m-%d')`,
  hour: (sql: string) => `formatDateTime(toStartOfHour(${sql}), '%Y-%m-%dT%H:00:00Z')`,
} as const;

/** A ClickHouse string literal: backslash and quote escaped (enough for ids and the fixed texts here). */
export function clickHouseString(value: string): string {
  return `'${value.replace(/[\\']/g, '\\$&')}'`;
}

/** The plain aggregate in ClickHouse (line_items as the ClickHouse store keeps it; sumKahan like kahan_sum). */
function clickHouseSql(args: {
  granularity: 'hour' | 'day' | 'month';
  group: string;
  where?: string;
  range: [string, string];
  scope: { clientId: string; projectId: string };
}): string {
  const [from, to] = args.range.map((day) => `toDateTime(${clickHouseString(`${day} 00:00:00`)}, 'UTC')`);
  return `SELECT ${CLICKHOUSE_PERIOD[args.granularity]('line_item_usage_start_date')} AS period,
  ${args.group} AS grp, sumKahan(line_item_unblended_cost) AS cost
FROM line_items
WHERE client_id = ${clickHouseString(args.scope.clientId)} AND project_id = ${clickHouseString(args.scope.projectId)}
  AND line_item_usage_start_date >= ${from} AND line_item_usage_start_date < ${to}
  AND (line_item_operation IS NULL OR line_item_operation NOT IN (${SPLIT_OPERATIONS}))${args.where === undefined ? '' : `\n  AND ${args.where}`}
GROUP BY period, grp`;
}

/** A tag's value in ClickHouse, whose line items keep a map as parallel key and value arrays ('' when absent). */
const clickHouseTag = (key: string) =>
  `arrayElement(arrayMap(x -> ifNull(x, ''), resource_tags_values), indexOf(resource_tags_keys, ${clickHouseString(key)}))`;

type CaseSpec = Pick<ExplorerCase, 'name' | 'description'> &
  Pick<CostQuery, 'dimension' | 'dimension_key' | 'filters'> & {
    granularity: 'hour' | 'day' | 'month';
    /** Days back from asOf (inclusive), or whole months: the 13 monthly periods ending with asOf's month. */
    window: { days: number } | { months: number };
    /** The hand-written SQL's group expression and extra condition, in DuckDB and in ClickHouse. */
    group: string;
    where?: string;
    clickHouse: { group: string; where?: string };
  };

/** The account of the account-filtered question: demo-prod-web, the demo organisation's largest (weight 8). */
const BENCH_ACCOUNT = '052318647209';

export function explorerCases(asOf: string): ExplorerCase[] {
  const specs: CaseSpec[] = [
    {
      name: 'services-30d-daily',
      description: '30 days, daily, by service',
      window: { days: 30 },
      granularity: 'day',
      dimension: 'product_servicename',
      filters: [],
      group: "NULLIF(product_servicename, '')",
      clickHouse: { group: "NULLIF(product_servicename, '')" },
    },
    {
      name: 'accounts-13m-monthly',
      description: '13 months, monthly, by account',
      window: { months: 13 },
      granularity: 'month',
      dimension: 'line_item_usage_account_id',
      filters: [],
      group: "NULLIF(line_item_usage_account_id, '')",
      clickHouse: { group: "NULLIF(line_item_usage_account_id, '')" },
    },
    {
      name: 'team-tag-90d-exclude',
      description: '90 days, daily, by tag user_team, excluding env = dev',
      window: { days: 90 },
      granularity: 'day',
      dimension: 'tag_keys',
      dimension_key: 'user_team',
      filters: [
        { dimension: 'tag_keys', mode: 'exclude', match: 'any', pairs: [{ key: 'user_env', value: 'dev' }] },
      ],
      group: "NULLIF(resource_tags['user_team'], '')",
      where: "resource_tags['user_env'] IS DISTINCT FROM 'dev'",
      clickHouse: {
        group: `NULLIF(${clickHouseTag('user_team')}, '')`,
        where: `${clickHouseTag('user_env')} != 'dev'`,
      },
    },
    {
      name: 'resources-90d',
      description: 'top resources, 90 days, daily',
      window: { days: 90 },
      granularity: 'day',
      dimension: 'line_item_resource_id',
      filters: [],
      group: "NULLIF(line_item_resource_id, '')",
      clickHouse: { group: "NULLIF(line_item_resource_id, '')" },
    },
    {
      name: 'services-3d-hourly',
      description: '3 days, hourly, by service',
      window: { days: 3 },
      granularity: 'hour',
      dimension: 'product_servicename',
      filters: [],
      group: "NULLIF(product_servicename, '')",
      clickHouse: { group: "NULLIF(product_servicename, '')" },
    },
    {
      name: 'usage-type-contains-30d',
      description: "30 days, daily, by usage type containing 'boxusage'",
      window: { days: 30 },
      granularity: 'day',
      dimension: 'line_item_usage_type',
      filters: [{ dimension: 'line_item_usage_type', mode: 'like', values: ['boxusage'] }],
      group: "NULLIF(line_item_usage_type, '')",
      where: "contains(lower(line_item_usage_type), 'boxusage')",
      clickHouse: {
        group: "NULLIF(line_item_usage_type, '')",
        where: "positionCaseInsensitiveUTF8(line_item_usage_type, 'boxusage') > 0",
      },
    },
    {
      // Issue 19's first goal: a service view of one account (the demo's largest, demo-prod-web).
      name: 'services-30d-daily-account',
      description: '30 days, daily, by service, one account',
      window: { days: 30 },
      granularity: 'day',
      dimension: 'product_servicename',
      filters: [{ dimension: 'line_item_usage_account_id', mode: 'include', values: [BENCH_ACCOUNT] }],
      group: "NULLIF(product_servicename, '')",
      where: `line_item_usage_account_id = '${BENCH_ACCOUNT}'`,
      clickHouse: {
        group: "NULLIF(product_servicename, '')",
        where: `line_item_usage_account_id = '${BENCH_ACCOUNT}'`,
      },
    },
  ];
  const TOP_N = 10;
  return specs.map(({ window, group, where, clickHouse, ...spec }) => {
    const cells = handSql({
      granularity: spec.granularity,
      group,
      ...(where === undefined ? {} : { where }),
    });
    const start = 'days' in window ? addDays(asOf, 1 - window.days) : monthStart(asOf, window.months - 1);
    const range: [string, string] = [start, addDays(asOf, 1)];
    return {
      name: spec.name,
      description: spec.description,
      query: {
        start_date: start,
        end_date: asOf,
        granularity: spec.granularity,
        dimension: spec.dimension,
        ...(spec.dimension_key === undefined ? {} : { dimension_key: spec.dimension_key }),
        filters: spec.filters,
        cost_type: 'unblended',
        top_n: TOP_N,
      },
      handSql: cells,
      handTopSql: handTopSql(cells, TOP_N),
      handValues: range,
      clickHouseSql: (scope) => clickHouseSql({ granularity: spec.granularity, ...clickHouse, range, scope }),
    };
  });
}

/** What of the Finlens answer the comparison reads (a WarehouseCostAnswer). */
export type ExplorerAnswer = {
  periods: string[];
  series: { key: string | null; costs: number[]; total: number }[];
  total: number;
  group_count: number;
};
export type HandCell = { period: string; grp: string | null; cost: number };

const HALF_CENT = 0.005;

/**
 * Where the Finlens answer and the hand-written SQL's cells disagree by half a cent or more: each top group
 * per period, Others (every other group) per period, the total, the group count, and that no group left in
 * Others costs more than a top group. Empty when they agree to the cent.
 */
export function answerMismatches(answer: ExplorerAnswer, cells: readonly HandCell[]): string[] {
  const index = new Map(answer.periods.map((p, i) => [p, i]));
  const groups = new Map<string | null, number[]>();
  const problems: string[] = [];
  for (const cell of cells) {
    const at = index.get(cell.period);
    if (at === undefined) {
      problems.push(`hand SQL period ${cell.period} is not among the answer's periods`);
      continue;
    }
    const costs = groups.get(cell.grp) ?? answer.periods.map(() => 0);
    costs[at] = (costs[at] ?? 0) + cell.cost;
    groups.set(cell.grp, costs);
  }
  const differs = (a: number, b: number) => !(Math.abs(a - b) < HALF_CENT);
  const top = answer.series.filter((s) => s.key !== OTHERS_KEY);
  const others = answer.periods.map(() => 0);
  for (const [grp, costs] of groups) {
    if (top.some((s) => s.key === grp)) continue;
    costs.forEach((c, i) => {
      others[i] = (others[i] ?? 0) + c;
    });
  }
  const check = (key: string | null, got: number[], want: number[]) => {
    got.forEach((c, i) => {
      if (differs(c, want[i] ?? 0))
        problems.push(`${key} ${answer.periods[i]}: ${c} vs hand SQL ${want[i] ?? 0}`);
    });
  };
  for (const s of top) {
    const want = groups.get(s.key);
    if (want === undefined) problems.push(`group ${s.key} is not in the hand SQL's answer`);
    else check(s.key, s.costs, want);
  }
  const othersSeries = answer.series.find((s) => s.key === OTHERS_KEY);
  check(OTHERS_KEY, othersSeries?.costs ?? answer.periods.map(() => 0), others);
  const handTotal = cells.reduce((sum, c) => sum + c.cost, 0);
  if (differs(answer.total, handTotal)) problems.push(`total ${answer.total} vs hand SQL ${handTotal}`);
  if (answer.group_count !== groups.size) {
    problems.push(`group_count ${answer.group_count} vs hand SQL ${groups.size}`);
  }
  const smallestTop = Math.min(...top.map((s) => s.total));
  const sum = (costs: number[]) => costs.reduce((a, b) => a + b, 0);
  for (const [grp, costs] of groups) {
    if (!top.some((s) => s.key === grp) && sum(costs) > smallestTop + HALF_CENT) {
      problems.push(`group ${grp} (${sum(costs)}) was left in Others but costs more than a top group`);
    }
  }
  return problems;
}

/**
 * Where the hand-written top N + Others SQL's cells (grp OTHERS_KEY for Others) and the Finlens answer disagree by
 * half a cent or more: each of its series per period, and no group the answer lacks. Empty when they agree.
 */
export function topMismatches(answer: ExplorerAnswer, rows: readonly Record<string, unknown>[]): string[] {
  const index = new Map(answer.periods.map((p, i) => [p, i]));
  const hand = new Map<string | null, number[]>();
  for (const row of rows) {
    const grp = row.grp === null ? null : String(row.grp);
    const costs = hand.get(grp) ?? answer.periods.map(() => 0);
    const at = index.get(String(row.period));
    if (at !== undefined) costs[at] = (costs[at] ?? 0) + Number(row.cost);
    hand.set(grp, costs);
  }
  const problems: string[] = [];
  for (const series of answer.series) {
    const want = hand.get(series.key) ?? answer.periods.map(() => 0);
    series.costs.forEach((cost, i) => {
      if (!(Math.abs(cost - (want[i] ?? 0)) < HALF_CENT)) {
        problems.push(`top N: ${series.key} ${answer.periods[i]}: ${cost} vs hand SQL ${want[i] ?? 0}`);
      }
    });
  }
  for (const grp of hand.keys()) {
    if (!answer.series.some((s) => s.key === grp))
      problems.push(`top N: hand SQL group ${grp} is not in the answer`);
  }
  return problems;
}

/** One question of a concurrency mix: a standard case, its window ended `shift` days before the data's newest day. */
export type MixQuestion = { case: ExplorerCase; shift: number };

/**
 * `count` different Explorer questions for the concurrency bench: the standard cases by day and by hour in turn
 * (five; the 13 months by month is left out: through HTTP a monthly window ending mid-month is answered by day,
 * which its hand SQL does not), each round's windows ending one day earlier than the last's, from `firstShift`
 * days before `asOf`. No two are the same question, so no answer comes from a cache; mixes with disjoint shifts
 * (`firstShift` past the other's last) share none either. Pure.
 */
export function questionMix(asOf: string, count: number, firstShift: number): MixQuestion[] {
  const perRound = mixCases(asOf).length;
  const rounds = Math.ceil(count / perRound);
  return Array.from({ length: rounds }, (_, round) => {
    const shift = firstShift + round;
    return mixCases(addDays(asOf, -shift)).map((c) => ({ case: c, shift }));
  })
    .flat()
    .slice(0, count);
}

/** The first shift after `mix` (where a mix sharing no question with it may start). */
export const shiftAfter = (mix: readonly MixQuestion[]): number =>
  Math.max(-1, ...mix.map((q) => q.shift)) + 1;

/** The cases of a mix (HTTP, concurrency): those answered at their own granularity over any window (by day and by hour). */
export const mixCases = (asOf: string): ExplorerCase[] =>
  explorerCases(asOf).filter((c) => c.query.granularity !== 'month');
