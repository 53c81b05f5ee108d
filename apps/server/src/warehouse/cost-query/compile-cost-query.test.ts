import { type CostQueryInput, costQuerySchema } from '@finlens/contracts/cost-query';
import { describe, expect, it } from 'vitest';
import { clickHouseDialect } from '../clickhouse/clickhouse-dialect';
import { duckDbDialect } from '../duckdb/duckdb-dialect';
import { compileCostQuery, compileDimensionKeys, compileDimensionValues } from './compile-cost-query';
import { planSource } from './plan-source';
import { ROLLUPS, rollupSelectSql } from './rollups';

const scope = { clientId: 'c1', projectIds: ['p1', 'p2'] };
/** Top groups as the ranking statement would return them: a value and the no-value group. */
const TOP = ['Amazon EC2', null];
function compile(input: Partial<CostQueryInput>, useRollups = true) {
  const query = costQuerySchema.parse({ start_date: '2026-01-01', end_date: '2026-03-31', ...input });
  return compileCostQuery(duckDbDialect, { ...query, ...scope, useRollups });
}

describe('CostQuery compiler (DuckDB dialect)', () => {
  it('a monthly service breakdown reads the daily rollup', () => {
    const compiled = compile({ granularity: 'month', dimension: 'product_servicename', top_n: 5 });
    expect(compiled.source.table).toBe('cost_rollup_daily');
    expect(compiled.ranking?.sql).toMatchInlineSnapshot(`
      "SELECT grp, cell_cost AS group_total, count(*) OVER () AS group_count
      FROM (SELECT NULLIF("product_servicename", '') AS grp, COALESCE(kahan_sum("line_item_unblended_cost"), 0) AS cell_cost
        FROM "cost_rollup_daily"
        WHERE "client_id" = $1
          AND "project_id" IN ($2, $3)
          AND "usage_date" >= CAST($4 AS DATE)
          AND "usage_date" < CAST($5 AS DATE)
        GROUP BY grp) AS groups_by_total
      ORDER BY round(cell_cost, 6) DESC, grp ASC NULLS LAST
      LIMIT 5"
    `);
    expect(compiled.ranking?.values).toMatchInlineSnapshot(`
      [
        "c1",
        "p1",
        "p2",
        "2026-01-01",
        "2026-04-01",
      ]
    `);
    expect(compiled.series(TOP).sql).toMatchInlineSnapshot(`
      "SELECT period, CASE WHEN grp = $6 THEN 1 WHEN grp IS NULL THEN 2 ELSE 3 END AS slot, sum(cell_cost) AS cost
      FROM (SELECT strftime(date_trunc('month', "usage_date"), '%Y-%m-%d') AS period, NULLIF("product_servicename", '') AS grp, COALESCE(kahan_sum("line_item_unblended_cost"), 0) AS cell_cost
        FROM "cost_rollup_daily"
        WHERE "client_id" = $1
          AND "project_id" IN ($2, $3)
          AND "usage_date" >= CAST($4 AS DATE)
          AND "usage_date" < CAST($5 AS DATE)
        GROUP BY period, grp) AS cells
      GROUP BY period, slot
      ORDER BY slot, period"
    `);
    expect(compiled.series(TOP).values).toMatchInlineSnapshot(`
      [
        "c1",
        "p1",
        "p2",
        "2026-01-01",
        "2026-04-01",
        "Amazon EC2",
      ]
    `);
    expect(compiled.scope.sql).toMatchInlineSnapshot(
      `"SELECT "line_item_currency_code" AS currency, strftime(max("usage_date"), '%Y-%m-%d') AS day, sum("row_count") AS weight FROM "cost_rollup_daily_scope" WHERE "client_id" = $1 AND "project_id" IN ($2, $3) GROUP BY "line_item_currency_code""`,
    );
  });

  it('a tag group-by with an exclude pair and an account contains filter reads the tag rollup', () => {
    const compiled = compile({
      granularity: 'week',
      dimension: 'tag_keys',
      dimension_key: 'team',
      cost_type: 'amortized',
      filters: [
        { dimension: 'tag_keys', mode: 'exclude', match: 'any', pairs: [{ key: 'env', value: 'dev' }] },
        { dimension: 'line_item_usage_account_id', mode: 'like', values: ['1234'] },
      ],
    });
    expect(compiled.source.table).toBe('cost_rollup_daily_tags');
    expect(compiled.series(TOP).sql).toMatchInlineSnapshot(`
      "SELECT period, CASE WHEN grp = $10 THEN 1 WHEN grp IS NULL THEN 2 ELSE 3 END AS slot, sum(cell_cost) AS cost
      FROM (SELECT strftime(date_trunc('week', "usage_date"), '%Y-%m-%d') AS period, NULLIF(map_extract_value("resource_tags", $1), '') AS grp, COALESCE(kahan_sum("line_item_amortized_cost"), 0) AS cell_cost
        FROM "cost_rollup_daily_tags"
        WHERE "client_id" = $2
          AND "project_id" IN ($3, $4)
          AND "usage_date" >= CAST($5 AS DATE)
          AND "usage_date" < CAST($6 AS DATE)
          AND NOT (COALESCE(NULLIF(map_extract_value("resource_tags", $7), ''), '') = $8)
          AND (contains(lower(NULLIF("line_item_usage_account_id", '')), lower($9)))
        GROUP BY period, grp) AS cells
      GROUP BY period, slot
      ORDER BY slot, period"
    `);
    expect(compiled.series(TOP).values).toMatchInlineSnapshot(`
      [
        "team",
        "c1",
        "p1",
        "p2",
        "2026-01-01",
        "2026-04-01",
        "env",
        "dev",
        "1234",
        "Amazon EC2",
      ]
    `);
  });

  it('hours, resources and all-pairs untagged filters read the line items, values bound', () => {
    const compiled = compile({
      granularity: 'hour',
      dimension: 'line_item_resource_id',
      filters: [
        {
          dimension: 'tag_keys',
          mode: 'include',
          match: 'all',
          pairs: [
            { key: 'team', value: 'null' },
            { key: 'app', value: "x'; DROP TABLE line_items; --" },
          ],
        },
        { dimension: 'product_storage_class', mode: 'not_like', values: ['Archive'] },
      ],
    });
    expect(compiled.source.kind).toBe('line_items');
    expect(compiled.series(TOP).sql).not.toContain('DROP TABLE');
    expect(compiled.series(TOP).sql).toMatchInlineSnapshot(`
      "SELECT period, CASE WHEN grp = $13 THEN 1 WHEN grp IS NULL THEN 2 ELSE 3 END AS slot, sum(cell_cost) AS cost
      FROM (SELECT strftime(date_trunc('hour', "line_item_usage_start_date"), '%Y-%m-%dT%H:00:00Z') AS period, NULLIF("line_item_resource_id", '') AS grp, COALESCE(kahan_sum("line_item_unblended_cost"), 0) AS cell_cost
        FROM "line_items"
        WHERE "client_id" = $1
          AND "project_id" IN ($2, $3)
          AND "line_item_usage_start_date" >= CAST($4 AS DATE)
          AND "line_item_usage_start_date" < CAST($5 AS DATE)
          AND ("line_item_operation" IS NULL OR "line_item_operation" NOT IN ($6, $7))
          AND (NULLIF(map_extract_value("resource_tags", $8), '') IS NULL AND COALESCE(NULLIF(map_extract_value("resource_tags", $9), ''), '') = $10)
          AND (NULLIF(map_extract_value("product", $11), '') IS NULL OR NOT (contains(lower(NULLIF(map_extract_value("product", $11), '')), lower($12))))
        GROUP BY period, grp) AS cells
      GROUP BY period, slot
      ORDER BY slot, period"
    `);
    expect(compiled.series(TOP).values).toMatchInlineSnapshot(`
      [
        "c1",
        "p1",
        "p2",
        "2026-01-01",
        "2026-04-01",
        "EKSPod-EC2",
        "ECSTask-EC2",
        "team",
        "app",
        "x'; DROP TABLE line_items; --",
        "storage_class",
        "Archive",
        "Amazon EC2",
      ]
    `);
  });

  it('a Kubernetes group-by counts EKS pod rows at their split cost', () => {
    const compiled = compile({ granularity: 'day', dimension: 'pod_namespace' });
    expect(compiled.source.kind).toBe('line_items');
    expect(compiled.series(TOP).sql).toMatchInlineSnapshot(`
      "SELECT period, CASE WHEN grp = $9 THEN 1 WHEN grp IS NULL THEN 2 ELSE 3 END AS slot, sum(cell_cost) AS cost
      FROM (SELECT strftime("line_item_usage_start_date", '%Y-%m-%d') AS period, COALESCE(NULLIF(map_extract_value("resource_tags", $1), ''), NULLIF(split_part("line_item_resource_id", $2, 3), '')) AS grp, COALESCE(kahan_sum(COALESCE("split_line_item_split_cost", 0) + COALESCE("split_line_item_unused_cost", 0)), 0) AS cell_cost
        FROM "line_items"
        WHERE "client_id" = $3
          AND "project_id" IN ($4, $5)
          AND "line_item_usage_start_date" >= CAST($6 AS DATE)
          AND "line_item_usage_start_date" < CAST($7 AS DATE)
          AND "line_item_operation" = $8
        GROUP BY period, grp) AS cells
      GROUP BY period, slot
      ORDER BY slot, period"
    `);
  });

  it('answers a few-valued group-by in one statement; ranks a per-resource one in the warehouse, aggregating once', () => {
    const services = compile({ granularity: 'day', dimension: 'product_servicename' });
    expect(services.cells?.sql).toMatch(/GROUP BY period, grp\nLIMIT 20001$/);
    expect(services.cells?.sql).not.toMatch(/\bWITH\b|\bOVER\b/i);
    expect(compile({ dimension: null }).cells?.sql).toMatch(/GROUP BY period\nLIMIT 20001$/);
    const resources = compile({ granularity: 'day', dimension: 'line_item_resource_id' }, false);
    expect(resources.cells).toBeNull();
    // The group count beside the top groups from one aggregation (DuckDB has window functions).
    expect(resources.ranking?.sql).toContain('count(*) OVER () AS group_count');
    expect(resources.ranking?.sql.match(/FROM "line_items"/g)).toHaveLength(1);
  });

  it('ranks resources from the weekly rollup over the full weeks and the line items of the days around them', () => {
    // 2026-01-01 is a Thursday, 2026-03-31 a Tuesday: full weeks 2026-01-05 … 2026-03-29.
    const resources = compile({
      granularity: 'day',
      dimension: 'line_item_resource_id',
      filters: [{ dimension: 'line_item_usage_account_id', mode: 'include', values: ['111'] }],
    });
    expect(resources.source.table).toBe('line_items');
    expect(resources.rankingPlan).toMatchObject({
      weekly: { table: 'cost_rollup_weekly_resources' },
      weeks: { from: '2026-01-05', to: '2026-03-29' },
      edges: [
        { from: '2026-01-01', to: '2026-01-04' },
        { from: '2026-03-30', to: '2026-03-31' },
      ],
    });
    expect(resources.ranking?.sql).toMatchInlineSnapshot(`
      "SELECT grp, cell_cost AS group_total, count(*) OVER () AS group_count
      FROM (SELECT grp, COALESCE(kahan_sum(cell_cost), 0) AS cell_cost
        FROM (SELECT NULLIF("line_item_resource_id", '') AS grp, COALESCE(kahan_sum("line_item_unblended_cost"), 0) AS cell_cost
        FROM "cost_rollup_weekly_resources"
        WHERE "client_id" = $1
          AND "project_id" IN ($2, $3)
          AND "usage_date" >= CAST($4 AS DATE)
          AND "usage_date" < CAST($5 AS DATE)
          AND NULLIF("line_item_usage_account_id", '') IN ($6)
        GROUP BY grp
        UNION ALL
        SELECT NULLIF("line_item_resource_id", '') AS grp, COALESCE(kahan_sum("line_item_unblended_cost"), 0) AS cell_cost
        FROM "line_items"
        WHERE "client_id" = $7
          AND "project_id" IN ($8, $9)
          AND (("line_item_usage_start_date" >= CAST($10 AS DATE) AND "line_item_usage_start_date" < CAST($11 AS DATE)) OR ("line_item_usage_start_date" >= CAST($12 AS DATE) AND "line_item_usage_start_date" < CAST($13 AS DATE)))
          AND ("line_item_operation" IS NULL OR "line_item_operation" NOT IN ($14, $15))
          AND NULLIF("line_item_usage_account_id", '') IN ($16)
        GROUP BY grp) AS parts
        GROUP BY grp) AS groups_by_total
      ORDER BY round(cell_cost, 6) DESC, grp ASC NULLS LAST
      LIMIT 10"
    `);
    // Weeks from 2026-01-05 until 2026-03-30; edge days before 2026-01-05 and from 2026-03-30.
    expect(resources.ranking?.values.filter((v) => String(v).startsWith('2026'))).toEqual([
      '2026-01-05',
      '2026-03-30',
      '2026-01-01',
      '2026-01-05',
      '2026-03-30',
      '2026-04-01',
    ]);
    // The top resources' daily cells still read the line items.
    expect(resources.series(['i-1']).sql).toContain('FROM "line_items"');
  });

  it('plans the weekly ranking only where it has a full week, a covering rollup and no daily rollup answers', () => {
    const plan = (input: Partial<CostQueryInput>, useRollups = true) =>
      compile({ granularity: 'day', dimension: 'line_item_resource_id', ...input }, useRollups).rankingPlan;
    // Monday to Sunday: one full week, no edge days.
    expect(plan({ start_date: '2026-03-02', end_date: '2026-03-08' })).toMatchObject({
      weeks: { from: '2026-03-02', to: '2026-03-08' },
      edges: [],
    });
    // Tuesday to the next Monday: no full week inside.
    expect(plan({ start_date: '2026-03-03', end_date: '2026-03-09' })).toBeNull();
    expect(plan({}, false)).toBeNull();
    // A tag filter: the weekly rollup holds no tags.
    expect(
      plan({
        filters: [
          { dimension: 'tag_keys', mode: 'include', match: 'any', pairs: [{ key: 'a', value: 'b' }] },
        ],
      }),
    ).toBeNull();
    // A service breakdown reads the daily rollup, ranking included.
    expect(plan({ dimension: 'product_servicename' })).toBeNull();
    expect(plan({ dimension: 'resource_name', granularity: 'hour' })?.weeks).toEqual({
      from: '2026-01-05',
      to: '2026-03-29',
    });
  });

  it('dimension values and keys', () => {
    const values = compileDimensionValues(duckDbDialect, {
      ...scope,
      dimension: 'billing_project_name',
      projectNames: { p1: 'Prod', p2: 'Dev' },
      search: 'pro',
      limit: 20,
      useRollups: true,
    });
    expect(values.sql).toMatchInlineSnapshot(
      `"SELECT CASE "project_id" WHEN $1 THEN $2 WHEN $3 THEN $4 ELSE "project_id" END AS value, COALESCE(kahan_sum("line_item_unblended_cost"), 0) AS cost FROM "cost_rollup_daily_scope" WHERE "client_id" = $5 AND "project_id" IN ($6, $7) AND contains(lower(CASE "project_id" WHEN $1 THEN $2 WHEN $3 THEN $4 ELSE "project_id" END), lower($8)) GROUP BY value ORDER BY round(cost, 6) DESC, value ASC NULLS LAST LIMIT 20"`,
    );
    expect(values.values).toMatchInlineSnapshot(`
      [
        "p1",
        "Prod",
        "p2",
        "Dev",
        "c1",
        "p1",
        "p2",
        "pro",
      ]
    `);
    const keys = compileDimensionKeys(duckDbDialect, {
      ...scope,
      dimension: 'label_keys',
      search: 'app',
      limit: 20,
      useRollups: true,
    });
    expect(keys.sql).toMatchInlineSnapshot(
      `"SELECT DISTINCT k FROM (SELECT unnest(map_keys("resource_tags")) AS k FROM "line_items" WHERE "client_id" = $1 AND "project_id" IN ($2, $3) AND "line_item_operation" = $4) AS keys WHERE k IS NOT NULL AND k <> '' AND NOT contains(lower(k), lower($5)) AND contains(lower(k), lower($6)) ORDER BY k LIMIT 20"`,
    );
  });
});

describe('planner coverage', () => {
  const plan = (input: Parameters<typeof planSource>[0]) => planSource(input).table;
  it('picks the smallest covering rollup, or the line items', () => {
    const base = { dimension: null, filters: [], granularity: 'day' as const, useRollups: true };
    expect(plan(base)).toBe('cost_rollup_daily_scope');
    expect(plan({ ...base, dimension: 'product_volume_type' })).toBe('cost_rollup_daily');
    expect(plan({ ...base, dimension: 'billing_project_name' })).toBe('cost_rollup_daily_scope');
    expect(
      plan({ ...base, filters: [{ dimension: 'product_region', mode: 'include', values: ['eu-west-1'] }] }),
    ).toBe('cost_rollup_daily');
    expect(plan({ ...base, dimension: 'cost_allocation_tag_keys' })).toBe('cost_rollup_daily_tags');
    expect(plan({ ...base, dimension: 'tag_keys', granularity: 'quarter' })).toBe('cost_rollup_daily_tags');
    expect(
      plan({
        ...base,
        dimension: 'line_item_usage_account_id',
        filters: [
          { dimension: 'tag_keys', mode: 'include', match: 'all', pairs: [{ key: 'team', value: '' }] },
        ],
      }),
    ).toBe('cost_rollup_daily_tags');
    // Tags with a column only the first rollup keeps (pricing unit, service): no rollup has both.
    expect(
      plan({
        ...base,
        dimension: 'tag_keys',
        filters: [{ dimension: 'pricing_unit', mode: 'include', values: ['Hrs'] }],
      }),
    ).toBe('line_items');
    expect(plan({ ...base, granularity: 'hour' })).toBe('line_items');
    expect(plan({ ...base, useRollups: false })).toBe('line_items');
    for (const dimension of [
      'line_item_resource_id',
      'resource_name',
      'line_item_line_item_description',
      'pod',
    ] as const) {
      expect(plan({ ...base, dimension })).toBe('line_items');
    }
    expect(
      plan({ ...base, filters: [{ dimension: 'line_item_resource_id', mode: 'like', values: ['i-'] }] }),
    ).toBe('line_items');
  });
});

describe('CostQuery compiler (ClickHouse dialect)', () => {
  const clickhouse = clickHouseDialect({ distributed: true, sum: 'sum' });
  const compileOn = (input: Partial<CostQueryInput>) =>
    compileCostQuery(clickhouse, {
      ...costQuerySchema.parse({ start_date: '2026-01-01', end_date: '2026-03-31', ...input }),
      ...scope,
      useRollups: true,
    });

  it('a tag breakdown reads the Distributed tag rollup, comparing its DATE with dates', () => {
    const compiled = compileOn({ granularity: 'month', dimension: 'tag_keys', dimension_key: 'team' });
    expect(compiled.series(['web']).sql).toMatchInlineSnapshot(`
      "SELECT period, CASE WHEN grp = 'web' THEN 1 ELSE 2 END AS slot, sum(cell_cost) AS cost
      FROM (SELECT formatDateTime(toStartOfMonth(\`usage_date\`), '%Y-%m-%d') AS period, NULLIF(NULLIF(arrayElement(arrayMap(x -> ifNull(x, ''), \`resource_tags_values\`), indexOf(\`resource_tags_keys\`, 'team')), ''), '') AS grp, ifNull(sum(\`line_item_unblended_cost\`), 0) AS cell_cost
        FROM \`cost_rollup_daily_tags_all\`
        WHERE \`client_id\` = 'c1'
          AND \`project_id\` IN ('p1', 'p2')
          AND \`usage_date\` >= toDate('2026-01-01')
          AND \`usage_date\` < toDate('2026-04-01')
        GROUP BY period, grp) AS cells
      GROUP BY period, slot
      ORDER BY slot, period"
    `);
  });

  it('uses no CTEs and no window functions (ClickHouse 18.16 has neither)', () => {
    const compiled = compileOn({
      granularity: 'week',
      dimension: 'tag_keys',
      dimension_key: 'team',
      top_n: 3,
    });
    for (const sql of [
      compiled.cells?.sql,
      compiled.ranking?.sql,
      compiled.series(TOP).sql,
      compiled.scope.sql,
    ]) {
      expect(sql).toBeDefined();
      expect(sql).not.toMatch(/\bWITH\b|\bOVER\b|dense_rank/i);
    }
    const resources = compileOn({ granularity: 'day', dimension: 'line_item_resource_id' });
    expect(resources.rankingPlan).not.toBeNull();
    expect(resources.ranking?.sql).not.toMatch(/\bWITH\b|\bOVER\b|dense_rank/i);
    expect(resources.ranking?.sql).toContain('`cost_rollup_weekly_resources_all`');
    expect(compileOn({ dimension: null }).ranking).toBeNull();
    expect(compileOn({ dimension: null }).series([]).sql).toContain('1 AS slot');
  });

  it('an hourly query reads the line items by timestamp, its scope facts the scope rollup', () => {
    const compiled = compileOn({ granularity: 'hour', start_date: '2026-03-01', end_date: '2026-03-02' });
    expect(compiled.source.table).toBe('line_items');
    expect(compiled.series([]).sql).toContain(
      "`line_item_usage_start_date` >= toDateTime(toDate('2026-03-01'), 'UTC')",
    );
    expect(compiled.scope.sql).toMatchInlineSnapshot(
      `"SELECT \`line_item_currency_code\` AS currency, formatDateTime(max(\`usage_date\`), '%Y-%m-%d') AS day, sum(\`row_count\`) AS weight FROM \`cost_rollup_daily_scope_all\` WHERE \`client_id\` = 'c1' AND \`project_id\` IN ('p1', 'p2') GROUP BY \`line_item_currency_code\`"`,
    );
  });

  it('a rollup is filled grouping by its expressions (18.16 reads GROUP BY 1 as a constant)', () => {
    const tags = ROLLUPS.find((r) => r.table === 'cost_rollup_daily_tags');
    if (tags === undefined) throw new Error('no tag rollup');
    const local = clickHouseDialect({ distributed: false, sum: 'sumKahan' });
    expect(rollupSelectSql(local, tags, local.values(), '1 = 1', '`staging`')).toMatchInlineSnapshot(`
      "SELECT \`client_id\`, \`project_id\`, \`billing_period\`, \`line_item_currency_code\`, toDate(\`line_item_usage_start_date\`), \`line_item_usage_account_id\`, \`line_item_line_item_type\`, \`bill_billing_entity\`, \`finlens_final_environment\`, \`resource_tags_keys\`, \`resource_tags_values\`, \`cost_category_keys\`, \`cost_category_values\`, ifNull(sumKahan(\`line_item_unblended_cost\`), 0), ifNull(sumKahan(\`line_item_amortized_cost\`), 0), ifNull(sumKahan(\`line_item_blended_cost\`), 0), ifNull(sumKahan(\`pricing_public_on_demand_cost\`), 0), ifNull(sumKahan(\`finlens_line_item_net_unblended_cost\`), 0), ifNull(sumKahan(\`finlens_line_item_net_amortized_cost\`), 0), ifNull(sumKahan(\`finlens_pricing_net_public_on_demand_cost\`), 0), count(*) FROM \`staging\`
      WHERE (1 = 1) AND (\`line_item_operation\` IS NULL OR \`line_item_operation\` NOT IN ('EKSPod-EC2', 'ECSTask-EC2'))
      GROUP BY \`client_id\`, \`project_id\`, \`billing_period\`, \`line_item_currency_code\`, toDate(\`line_item_usage_start_date\`), \`line_item_usage_account_id\`, \`line_item_line_item_type\`, \`bill_billing_entity\`, \`finlens_final_environment\`, \`resource_tags_keys\`, \`resource_tags_values\`, \`cost_category_keys\`, \`cost_category_values\`"
    `);
  });
});
