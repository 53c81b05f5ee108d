import { type CostFilter, OTHERS_KEY } from '@finlens/contracts/cost-query';
import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT, DEMO_PROJECT, demoQuery, demoWarehouse } from './demo-warehouse.test-helper';

const demo = demoWarehouse('finlens-cost-query-');
const cents = (n: number) => Math.round(n * 100);

async function sql(text: string, values: unknown[] = []) {
  return (await demo.store.connection.runAndReadAll(text, values as never)).getRowObjectsJson();
}

type Totals = Record<string, number>;
type Ledger = Record<string, { totals: Totals; byAccount: Record<string, Totals> }>;

describe('runCostQuery on the demo organisation (DuckDB)', () => {
  it('monthly totals per account equal the generator ledger (EXPECTED.json), from the rollup and raw rows', async () => {
    const ledger = demo.expected.periods as unknown as Ledger;
    for (const useRollups of [true, false]) {
      const answer = await demo.store.runCostQuery(
        demoQuery({ granularity: 'month', dimension: 'line_item_usage_account_id', top_n: 50 }, useRollups),
      );
      expect(answer.source).toBe(useRollups ? 'rollup' : 'line_items');
      expect(answer.periods).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
      expect(answer.currency).toBe('USD');
      expect(answer.as_of).toBe('2026-03-31');
      for (const [i, period] of answer.periods.entries()) {
        const want = ledger[period.slice(0, 7)]?.byAccount ?? {};
        const got = Object.fromEntries(answer.series.map((s) => [s.key, s.costs[i]]));
        for (const [account, totals] of Object.entries(want)) {
          expect(got[account] ?? 0, `${period} ${account}`).toBeCloseTo(totals.unblended ?? 0, 6);
        }
      }
      const total = Object.values(ledger).reduce((sum, p) => sum + (p.totals.unblended ?? 0), 0);
      expect(answer.total).toBeCloseTo(total, 6);
      expect(answer.group_count).toBe(answer.series.length);
    }
  });

  it('zero-fills every period, weeks from Monday and quarters, and keeps N groups plus Others', async () => {
    const weeks = await demo.store.runCostQuery(
      demoQuery({ start_date: '2026-02-04', end_date: '2026-02-17', granularity: 'week' }),
    );
    expect(weeks.periods).toEqual(['2026-02-02', '2026-02-09', '2026-02-16']);
    expect(weeks.series.map((s) => s.key)).toEqual(['total']);
    const quarter = await demo.store.runCostQuery(
      demoQuery({ start_date: '2025-12-01', end_date: '2026-03-31', granularity: 'quarter' }),
    );
    expect(quarter.periods).toEqual(['2025-10-01', '2026-01-01']);
    expect(quarter.series[0]?.costs[0]).toBe(0);
    const services = await demo.store.runCostQuery(
      demoQuery({ granularity: 'month', dimension: 'product_servicename', top_n: 3 }),
    );
    expect(services.series.map((s) => s.key).at(-1)).toBe(OTHERS_KEY);
    expect(services.series).toHaveLength(4);
    expect(services.group_count).toBeGreaterThan(3);
    const totals = services.series.slice(0, 3).map((s) => s.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const all = await demo.store.runCostQuery(demoQuery({ granularity: 'month' }));
    expect(cents(services.total)).toBe(cents(all.total));
  });

  it('hours read the line items and fill all 24 hours of each day', async () => {
    const hours = await demo.store.runCostQuery(
      demoQuery({ start_date: '2026-03-02', end_date: '2026-03-03', granularity: 'hour' }),
    );
    expect(hours.source).toBe('line_items');
    expect(hours.periods).toHaveLength(48);
    expect(hours.periods[0]).toBe('2026-03-02T00:00:00Z');
    const days = await demo.store.runCostQuery(
      demoQuery({ start_date: '2026-03-02', end_date: '2026-03-03', granularity: 'day' }),
    );
    expect(cents(hours.total)).toBe(cents(days.total));
  });

  it('tags: group by a key, untagged as the null group, any/all/exclude pairs', async () => {
    const byTeam = await demo.store.runCostQuery(
      demoQuery({ dimension: 'tag_keys', dimension_key: 'user_team', granularity: 'month', top_n: 100 }),
    );
    expect(byTeam.source).toBe('rollup');
    const untagged = byTeam.series.find((s) => s.key === null);
    expect(untagged?.label).toBe('No value');
    const [expected] = await sql(
      `SELECT kahan_sum(line_item_unblended_cost) AS cost FROM line_items WHERE project_id = $1
       AND coalesce(resource_tags['user_team'], '') = ''
       AND coalesce(line_item_operation, '') NOT IN ('EKSPod-EC2', 'ECSTask-EC2')`,
      [DEMO_PROJECT],
    );
    expect(cents(untagged?.total ?? 0)).toBe(cents(Number(expected?.cost)));
    const untaggedOnly = await demo.store.runCostQuery(
      demoQuery({
        granularity: 'month',
        filters: [{ dimension: 'tag_keys', mode: 'include', pairs: [{ key: 'user_team', value: 'null' }] }],
      }),
    );
    expect(cents(untaggedOnly.total)).toBe(cents(untagged?.total ?? 0));
    const rest = await demo.store.runCostQuery(
      demoQuery({
        granularity: 'month',
        filters: [{ dimension: 'tag_keys', mode: 'exclude', pairs: [{ key: 'user_team', value: '' }] }],
      }),
    );
    expect(cents(rest.total + untaggedOnly.total)).toBe(cents(byTeam.total));
  });

  it('Kubernetes dimensions count only EKS pod rows at their split cost', async () => {
    const answer = await demo.store.runCostQuery(
      demoQuery({ dimension: 'pod_namespace', granularity: 'month', top_n: 50 }),
    );
    expect(answer.source).toBe('line_items');
    const rows = await sql(
      `SELECT resource_tags['aws_eks_namespace'] AS ns, sum(split_line_item_split_cost + split_line_item_unused_cost) AS cost
       FROM line_items WHERE line_item_operation = 'EKSPod-EC2' GROUP BY 1`,
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      const series = answer.series.find((s) => s.key === row.ns);
      expect(cents(series?.total ?? 0)).toBe(cents(Number(row.cost)));
    }
    const clusters = await demo.store.runCostQuery(demoQuery({ dimension: 'cluster_arn' }));
    expect(clusters.series.map((s) => s.key).sort()).toEqual([
      expect.stringMatching(/^arn:aws:eks:us-east-1:\d{12}:cluster\/prod-eks-use1$/),
      expect.stringMatching(/^arn:aws:eks:us-east-1:\d{12}:cluster\/staging-eks-use1$/),
    ]);
    const pods = await demo.store.runCostQuery(demoQuery({ dimension: 'pod', top_n: 1 }));
    expect(pods.series[0]?.key).toMatch(/^[a-z-]+-[0-9a-f]{10}-[0-9a-f]{5}$/);
  });

  it('project names come from the caller; a hostile filter value is only a value', async () => {
    const named = await demo.store.runCostQuery({
      ...demoQuery({ dimension: 'billing_project_name' }),
      projectNames: { [DEMO_PROJECT]: 'Demo organisation' },
    });
    expect(named.series.map((s) => s.key)).toEqual(['Demo organisation']);
    const hostile = "x' OR 1=1; DROP TABLE line_items; --";
    const filters: CostFilter[] = [
      { dimension: 'product_servicename', mode: 'include', values: [hostile] },
      { dimension: 'line_item_usage_type', mode: 'like', values: [hostile, '%'] },
      { dimension: 'tag_keys', mode: 'include', match: 'any', pairs: [{ key: hostile, value: hostile }] },
    ];
    for (const filter of filters) {
      const answer = await demo.store.runCostQuery(demoQuery({ filters: [filter] }));
      expect(answer.total).toBe(0);
    }
    expect(Number((await sql('SELECT count(*) AS n FROM line_items'))[0]?.n)).toBeGreaterThan(0);
  });

  it('an empty project list answers zeros without touching SQL', async () => {
    const answer = await demo.store.runCostQuery({ ...demoQuery({ granularity: 'month' }), projectIds: [] });
    expect(answer).toMatchObject({ total: 0, as_of: null, currency: null, group_count: 1 });
    expect(answer.series[0]?.costs).toEqual([0, 0, 0]);
  });
});

describe('dimension values, keys and daily cost', () => {
  const scope = { clientId: DEMO_CLIENT, projectIds: [DEMO_PROJECT] };

  it('lists values by cost with a case-insensitive search, and keys of tags and cost categories', async () => {
    const services = await demo.store.dimensionValues({
      ...scope,
      dimension: 'product_servicename',
      limit: 5,
    });
    expect(services).toHaveLength(5);
    expect(services.map((s) => s.cost)).toEqual(services.map((s) => s.cost).sort((a, b) => b - a));
    const ec2 = await demo.store.dimensionValues({
      ...scope,
      dimension: 'line_item_usage_type',
      search: 'boxusage',
      limit: 100,
    });
    expect(ec2.length).toBeGreaterThan(0);
    expect(ec2.every((v) => v.value?.includes('BoxUsage'))).toBe(true);
    const teams = await demo.store.dimensionValues({
      ...scope,
      dimension: 'tag_keys',
      key: 'user_team',
      from: '2026-03-01',
      to: '2026-03-31',
      limit: 50,
    });
    expect(teams.map((t) => t.value)).toContain('platform');
    expect(await demo.store.dimensionKeys({ ...scope, dimension: 'tag_keys', limit: 50 })).toEqual(
      expect.arrayContaining(['user_team', 'user_env', 'user_app']),
    );
    expect(
      await demo.store.dimensionKeys({ ...scope, dimension: 'tag_keys', search: 'TEAM', limit: 50 }),
    ).toEqual(['user_team']);
    expect(
      await demo.store.dimensionKeys({ ...scope, dimension: 'cost_allocation_tag_keys', limit: 5 }),
    ).toEqual(['business_unit']);
    expect(await demo.store.dimensionKeys({ ...scope, dimension: 'label_keys', limit: 5 })).toEqual([
      'user_env',
    ]);
  });

  it('daily cost has every day of the range and sums to the range total', async () => {
    const days = await demo.store.dailyCost({
      ...scope,
      from: '2026-02-25',
      to: '2026-03-05',
      costType: 'amortized',
    });
    expect(days.map((d) => d.date)).toEqual([
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
    ]);
    const answer = await demo.store.runCostQuery(
      demoQuery({ start_date: '2026-02-25', end_date: '2026-03-05', cost_type: 'amortized' }),
    );
    expect(cents(days.reduce((s, d) => s + d.cost, 0))).toBe(cents(answer.total));
  });
});

describe('readers and the import swap', () => {
  it('answers from a separate connection while a write transaction is open, then sees the commit', async () => {
    const query = demoQuery({ granularity: 'month' });
    const before = await demo.store.runCostQuery(query);
    const write = demo.store.connection;
    await write.run('BEGIN TRANSACTION');
    await write.run(
      `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, line_item_unblended_cost)
       VALUES ($1, $2, DATE '2026-03-01', TIMESTAMP '2026-03-10 00:00:00', 1000)`,
      [DEMO_CLIENT, DEMO_PROJECT],
    );
    const during = await demo.store.runCostQuery({ ...query, useRollups: false });
    await write.run('ROLLBACK');
    expect(cents(during.total)).toBe(cents(before.total));
  });
});
