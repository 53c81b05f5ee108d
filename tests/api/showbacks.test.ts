import {
  allocationRulesSchema,
  dimensionCostsSchema,
  dimensionDailyCostSchema,
  SHOWBACK_PATHS as P,
  previewSchema,
  resourcesSchema,
  showbackDetailSchema,
  showbackPath,
  showbackSchema,
  valuesDailyCostSchema,
} from '@finlens/contracts/showbacks';
import { addDays, utcDay } from '@finlens/cost-model/utc-calendar';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientWithBilling } from './billing-client';
import { useServerOnClickHouse } from './clickhouse-server';
import { expect400 } from './expect-400';
import type { HttpSession } from './http-session';
import { inviteAccepted, useServerWithMail } from './identity-fixtures';

const context = useServerWithMail();
// A second server on a ClickHouse warehouse, for the same figures there (the api project only).
const onClickHouse = useServerOnClickHouse();
// The server's clock is the real one: usage is the three days before today.
const day = (offset: number) => addDays(utcDay(new Date()), offset);
const RANGE = { start_date: day(-3), end_date: day(-1) };

/** [resource id, service, region, team tag, daily cost]: 46 a day. */
const DAILY: [string, string, string, string, number][] = [
  ['i-web1', 'AmazonEC2', 'us-east-1', 'web', 10],
  ['i-web2', 'AmazonEC2', 'eu-west-1', 'web-legacy', 5],
  ['db-1', 'AmazonRDS', 'us-east-1', 'db', 20],
  ['nat-1', 'AmazonVPC', 'us-east-1', '', 6],
  ['s3-x', 'AmazonS3', 'us-east-1', '', 4],
  ['old-1', 'AmazonEC2', 'us-east-1', 'retired', 1],
];

function usageCsv(rows: typeof DAILY): Buffer {
  const header =
    'lineItem/LineItemType,lineItem/UsageStartDate,lineItem/ResourceId,product/servicename,product/region,resourceTags/user:team,lineItem/UnblendedCost,lineItem/CurrencyCode';
  const lines = [-3, -2, -1].flatMap((offset) =>
    rows.map(([id, service, region, team, cost]) =>
      ['Usage', `${day(offset)}T00:00:00Z`, id, service, region, team, cost, 'USD'].join(','),
    ),
  );
  return Buffer.from([header, ...lines].join('\n'));
}

const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;
const at = (pattern: string, params: Record<string, string>, query: Record<string, string> = RANGE) =>
  `${showbackPath(pattern, params)}${q(query)}`;
const put = (session: HttpSession, path: string, body: unknown) => session.request('PUT', path, { body });

/** Shared NAT cost, split in proportion to each team's direct cost. */
const NAT_RULE = {
  name: 'NAT gateways',
  kind: 'share',
  split_method: 'proportional',
  filters: [{ dimension: 'product_servicename', mode: 'include', values: ['AmazonVPC'] }],
};

let a: Awaited<ReturnType<typeof clientWithBilling>>;
let b: Awaited<ReturnType<typeof clientWithBilling>>;
let showbackId: string;
let sharedRuleId: string;

async function createShowback(session: HttpSession, name: string): Promise<string> {
  const created = await session.post(P.list, {
    name,
    tag_keys: ['user_team'],
    combined_values: [{ name: 'web', combined_values: ['web-legacy'] }],
    hide_values: ['retired'],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return showbackSchema.parse(created.body).id;
}

async function addRule(session: HttpSession, id: string, body: Record<string, unknown>): Promise<string> {
  const created = await session.post(showbackPath(P.allocationRules, { id }), body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return (created.body as { id: string }).id;
}

async function detail(session: HttpSession, id: string) {
  const got = await session.get(
    at(P.one, { id }, { ...RANGE, imply_client: 'true', use_query_optimization: 'true' }),
  );
  expect(got.status, JSON.stringify(got.body)).toBe(200);
  return showbackDetailSchema.parse(got.body);
}

const byValue = (d: Awaited<ReturnType<typeof detail>>) =>
  Object.fromEntries(d.cost_distribution.map((e) => [e.value, e.total]));

beforeAll(async () => {
  a = await clientWithBilling(context, 'showbacks-a', usageCsv(DAILY));
  b = await clientWithBilling(
    context,
    'showbacks-b',
    usageCsv([['i-b', 'AmazonEC2', 'us-east-1', 'web', 999]]),
  );
  showbackId = await createShowback(a.admin.session, 'Teams');
  sharedRuleId = await addRule(a.admin.session, showbackId, NAT_RULE);
}, 120_000);

describe('showback cost distribution', () => {
  it('allocates by tag with combined and hidden values, splits shared cost, and reconciles to the cent', async () => {
    const d = await detail(a.admin.session, showbackId);
    // web: 10 + 5 (web-legacy) a day; NAT 6 a day split 15 : 20 → 2.57 / 3.43 (cent-exact).
    expect(d.cost_distribution.map((e) => e.value)).toEqual(['db', 'web']);
    const web = d.cost_distribution.find((e) => e.value === 'web');
    expect(web?.direct).toBeCloseTo(45, 6);
    expect(web?.shared).toBeCloseTo(7.71, 6);
    expect(web?.granular.map((g) => Math.round(g.cost * 100) / 100)).toEqual([17.57, 17.57, 17.57]);
    expect(byValue(d).db).toBeCloseTo(70.29, 6);
    // Untagged S3 and the hidden 'retired' value.
    expect(d.unallocated?.total).toBeCloseTo(15, 6);
    expect(d.total).toBeCloseTo(138, 6);
    expect(d.reconciliation?.every((r) => r.difference_cents === 0)).toBe(true);
    expect(
      d.reconciliation?.filter((r) => r.cost_type === 'unblended').reduce((s, r) => s + r.total, 0),
    ).toBeCloseTo(138, 6);
    expect(d.as_of).toBe(day(-1));
    expect(web?.prev_total).toBe(0);
    expect(web?.forecast).toBeCloseTo(web?.total ?? 0, 6);
  });

  it('forecasts the days after the newest data and compares with the previous period', async () => {
    const ahead = showbackDetailSchema.parse(
      (await a.admin.session.get(at(P.one, { id: showbackId }, { start_date: day(-3), end_date: day(2) })))
        .body,
    );
    const web = ahead.cost_distribution.find((e) => e.value === 'web');
    // Three steady days of 17.57 forecast 17.57 a day for today and the two days after.
    expect(web?.forecast).toBeCloseTo(6 * 17.57, 6);
    expect(web?.granular.map((g) => g.date)).toHaveLength(6);
    const lastDay = showbackDetailSchema.parse(
      (await a.admin.session.get(at(P.one, { id: showbackId }, { start_date: day(-1), end_date: day(-1) })))
        .body,
    );
    expect(lastDay.cost_distribution.find((e) => e.value === 'web')?.prev_total).toBeCloseTo(17.57, 6);
    const monthly = valuesDailyCostSchema.parse(
      (
        await a.admin.session.get(
          at(P.valuesDailyCost, { id: showbackId }, { ...RANGE, granularity: 'month' }),
        )
      ).body,
    );
    expect(monthly.series.reduce((sum, s) => sum + s.total, 0)).toBeCloseTo(138, 6);
  });

  it('answers daily series, cost by dimension and the resources behind values, rules and Unallocated', async () => {
    const series = valuesDailyCostSchema.parse(
      (await a.admin.session.get(at(P.valuesDailyCost, { id: showbackId }))).body,
    );
    expect(series.series.map((s) => s.value)).toEqual(['db', 'web', 'Unallocated']);
    expect(series.periods).toHaveLength(3);

    const byService = dimensionDailyCostSchema.parse(
      (
        await a.admin.session.get(
          at(
            P.dimensionDailyCost,
            { id: showbackId },
            { ...RANGE, dimension: 'product_servicename', showback_value: 'web' },
          ),
        )
      ).body,
    );
    expect(byService.series.map((s) => [s.key, s.total])).toEqual([['AmazonEC2', 45]]);
    expect(byService.shared_total).toBeCloseTo(7.71, 6);

    const costs = dimensionCostsSchema.parse(
      (
        await a.admin.session.post(showbackPath(P.dimensionCosts, { id: showbackId }), {
          ...RANGE,
          dimension: 'product_region',
        })
      ).body,
    );
    expect(
      costs.rows.filter((r) => r.showback_value === 'web').map((r) => [r.dimension_value, r.cost]),
    ).toEqual([
      ['us-east-1', 30],
      ['eu-west-1', 15],
    ]);

    const resources = async (
      pattern: string,
      params: Record<string, string>,
      extra: Record<string, string> = {},
    ) => {
      const got = await a.admin.session.get(at(pattern, params, { ...RANGE, ...extra }));
      expect(got.status, JSON.stringify(got.body)).toBe(200);
      return resourcesSchema.parse(got.body).resources.map((r) => [r.resource_id, r.cost]);
    };
    expect(await resources(P.unallocatedResources, { id: showbackId })).toEqual([
      ['s3-x', 12],
      ['old-1', 3],
    ]);
    expect(await resources(P.valueResources, { id: showbackId }, { showback_value: 'web' })).toEqual([
      ['i-web1', 30],
      ['i-web2', 15],
    ]);
    expect(await resources(P.ruleResources, { id: showbackId, ruleId: sharedRuleId })).toEqual([
      ['nat-1', 18],
    ]);
  });

  it('lists tag keys and values, and toggles active showbacks', async () => {
    const keys = await a.admin.session.get(`${P.tagKeys}?imply_client=true`);
    expect((keys.body as { keys: string[] }).keys).toContain('user_team');
    const values = await a.admin.session.get(
      at(P.availableTagValues, { id: showbackId }, { key: 'user_team' }),
    );
    expect((values.body as { values: { value: string }[] }).values.map((v) => v.value)).toContain(
      'web-legacy',
    );
    const other = await createShowback(a.admin.session, 'Second');
    const active = await a.admin.session.post(P.setActive, { showback_ids: [other] });
    expect(active.status, JSON.stringify(active.body)).toBe(200);
    const list = showbackSchema
      .array()
      .parse((await a.admin.session.get(`${P.list}?imply_client=true`)).body);
    expect(list.map((s) => [s.name, s.is_active])).toEqual([
      ['Second', true],
      ['Teams', false],
    ]);
    expect((await a.admin.session.delete(showbackPath(P.one, { id: other }))).status).toBe(204);
  });
});

describe('allocation rules', () => {
  it('applies rules in order; move_before_rule changes the result and the preview says what a rule moves', async () => {
    const id = await createShowback(a.admin.session, 'Ordered');
    const platform = await addRule(a.admin.session, id, {
      name: 'EU to platform',
      kind: 'assign',
      target_value: 'platform',
      filters: [{ dimension: 'product_region', mode: 'include', values: ['eu-west-1'] }],
    });
    const compute = await addRule(a.admin.session, id, {
      name: 'EC2 to compute',
      kind: 'assign',
      target_value: 'compute',
    });
    const filter = await a.admin.session.post(showbackPath(P.dimensionFilters, { id }), {
      allocation_rule_id: compute,
      filter: { dimension: 'product_servicename', mode: 'include', values: ['AmazonEC2'] },
    });
    expect(filter.status, JSON.stringify(filter.body)).toBe(201);

    const before = byValue(await detail(a.admin.session, id));
    expect(before.platform).toBeCloseTo(15, 6);
    expect(before.compute).toBeCloseTo(33, 6);
    const rules = allocationRulesSchema.parse(
      (await a.admin.session.get(at(P.allocationRules, { id }))).body,
    );
    expect(rules.rules.map((r) => [r.name, r.matched_cost, r.moved_cost])).toEqual([
      ['EU to platform', 15, 15],
      ['EC2 to compute', 48, 33],
    ]);

    const moved = await a.admin.session.post(showbackPath(P.moveBeforeRule, { id }), {
      rule_id: compute,
      target_rule_id: platform,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(204);
    const after = await detail(a.admin.session, id);
    expect(byValue(after).compute).toBeCloseTo(48, 6);
    expect(byValue(after).platform).toBeUndefined();
    expect(after.reconciliation?.every((r) => r.difference_cents === 0)).toBe(true);

    const preview = await a.admin.session.post(showbackPath(P.previewRule, { id }), {
      ...RANGE,
      filters: [{ dimension: 'product_region', mode: 'include', values: ['us-east-1'] }],
      before_rule_id: compute,
    });
    expect(previewSchema.parse(preview.body)).toEqual({ matched_cost: 123, moved_cost: 123 });
    const last = previewSchema.parse(
      (
        await a.admin.session.post(showbackPath(P.previewRule, { id }), {
          ...RANGE,
          filters: [{ dimension: 'product_region', mode: 'include', values: ['us-east-1'] }],
        })
      ).body,
    );
    expect(last).toEqual({ matched_cost: 123, moved_cost: 90 });

    const removed = await a.admin.session.post(showbackPath(P.deleteRulesById, { id }), {
      allocation_rule_ids: [compute, platform],
    });
    expect(removed.status).toBe(204);
    expect(
      allocationRulesSchema.parse((await a.admin.session.get(at(P.allocationRules, { id }))).body).rules,
    ).toEqual([]);
  });

  it('names the field of bad input', async () => {
    const rules = showbackPath(P.allocationRules, { id: showbackId });
    await expect400(a.admin.session.post(P.list, { name: 'No keys', tag_keys: [] }), 'tag_keys');
    await expect400(a.admin.session.post(rules, { name: 'x', kind: 'assign' }), 'target_value');
    await expect400(
      a.admin.session.post(rules, {
        name: 'x',
        kind: 'share',
        split_method: 'fixed',
        splits: [{ value: 'web', percent: 60 }],
      }),
      'splits',
    );
    await expect400(
      a.admin.session.post(rules, {
        name: 'x',
        kind: 'share',
        split_method: 'even',
        splits: [{ value: 'Unallocated' }],
      }),
      'splits',
    );
    await expect400(
      a.admin.session.post(showbackPath(P.combinedValues, { id: showbackId }), {
        name: 'Unallocated',
        combined_values: ['x'],
      }),
      'name',
    );
    await expect400(
      a.admin.session.post(showbackPath(P.moveBeforeRule, { id: showbackId }), {
        rule_id: sharedRuleId,
        target_rule_id: 'nope',
      }),
      'target_rule_id',
    );
    await expect400(
      a.admin.session.get(at(P.one, { id: showbackId }, { start_date: day(-1), end_date: day(-3) })),
      'end_date',
    );
    await expect400(
      a.admin.session.get(at(P.dimensionDailyCost, { id: showbackId }, { ...RANGE, dimension: 'nope' })),
      'dimension',
    );
  });
});

describe('daily units', () => {
  it('stores JSON or CSV rows for unit cost, and applies nothing when a row is bad', async () => {
    const units = showbackPath(P.dailyUnits, { id: showbackId });
    await expect400(
      a.admin.session.post(units, {
        rows: [
          { showback_value: 'web', date: day(-1), units: 10 },
          { showback_value: 'web', date: day(-2), units: 'many' },
        ],
      }),
      'rows.1.units',
    );
    await expect400(
      a.admin.session.post(units, { csv: `showback_value,date,units\nweb,${day(-1)},5\nweb,31-12-2026,5\n` }),
      'csv.3.date',
    );
    expect((await a.admin.session.get(at(P.dailyUnits, { id: showbackId }))).body).toEqual({ rows: [] });

    const ok = await a.admin.session.post(units, {
      csv: `date,showback_value,units\n${day(-1)},web,20\n${day(-2)},"web",25.5\n`,
    });
    expect(ok.body).toEqual({ applied: 2 });
    const web = (await detail(a.admin.session, showbackId)).cost_distribution.find((e) => e.value === 'web');
    expect(web?.units).toBe(45.5);
    expect(web?.unit_cost).toBeCloseTo((web?.total ?? 0) / 45.5, 9);
  });
});

describe('access', () => {
  it("answers another client's showback with 404", async () => {
    expect((await b.admin.session.get(at(P.one, { id: showbackId }))).status).toBe(404);
    expect(
      (await b.admin.session.patch(showbackPath(P.one, { id: showbackId }), { name: 'Mine' })).status,
    ).toBe(404);
    expect((await b.admin.session.get(at(P.unallocatedResources, { id: showbackId }))).status).toBe(404);
    expect(showbackSchema.array().parse((await b.admin.session.get(P.list)).body)).toEqual([]);
  });

  it('shows a member limited to chosen values only those values, in every answer and total', async () => {
    const limited = await inviteAccepted(context.server.baseUrl, context.smtp, a.admin, {
      label: 'showback-limited',
    });
    const free = await inviteAccepted(context.server.baseUrl, context.smtp, a.admin, {
      label: 'showback-free',
    });
    const access = showbackPath(P.valueAccess, { id: showbackId });
    const set = await put(a.admin.session, access, {
      user_id: limited.profile.id,
      allowed_all_showback_values: false,
      showback_values: ['db'],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(
      (await put(limited.session, access, { user_id: limited.profile.id, allowed_all_showback_values: true }))
        .status,
    ).toBe(403);

    const mine = await detail(limited.session, showbackId);
    expect(mine.cost_distribution.map((e) => e.value)).toEqual(['db']);
    expect(mine.total).toBeCloseTo(70.29, 6);
    expect(mine).toMatchObject({
      allowed_all_showback_values: false,
      unallocated: null,
      reconciliation: null,
      showback_values: ['db'],
    });
    const series = valuesDailyCostSchema.parse(
      (await limited.session.get(at(P.valuesDailyCost, { id: showbackId }))).body,
    );
    expect(series.series.map((s) => s.value)).toEqual(['db']);
    expect(
      (
        await limited.session.get(
          at(P.valueResources, { id: showbackId }, { ...RANGE, showback_value: 'web' }),
        )
      ).status,
    ).toBe(404);
    expect(
      resourcesSchema.parse((await limited.session.get(at(P.valueResources, { id: showbackId }))).body).total,
    ).toBe(60);
    expect((await limited.session.get(at(P.unallocatedResources, { id: showbackId }))).status).toBe(403);
    expect((await limited.session.get(at(P.allocationRules, { id: showbackId }))).status).toBe(403);
    const costs = dimensionCostsSchema.parse(
      (
        await limited.session.post(showbackPath(P.dimensionCosts, { id: showbackId }), {
          ...RANGE,
          dimension: 'product_region',
        })
      ).body,
    );
    expect(new Set(costs.rows.map((r) => r.showback_value))).toEqual(new Set(['db']));
    const listed = showbackSchema.array().parse((await limited.session.get(P.list)).body);
    expect(listed.find((s) => s.id === showbackId)?.showback_values).toEqual(['db']);

    const everything = await detail(free.session, showbackId);
    expect(everything.allowed_all_showback_values).toBe(true);
    expect(everything.total).toBeCloseTo(138, 6);
  });
});

describe.skipIf(onClickHouse === null)('on a ClickHouse warehouse', () => {
  it('allocates, splits and reconciles the same showback as on DuckDB, to the cent', async (ctx) => {
    if (onClickHouse === null || onClickHouse.clickHouse.url === null)
      return ctx.skip('clickhouse-server is not installed');
    const c = await clientWithBilling(onClickHouse.context, 'showbacks-ch', usageCsv(DAILY));
    const id = await createShowback(c.admin.session, 'Teams');
    const ruleId = await addRule(c.admin.session, id, NAT_RULE);
    const d = await detail(c.admin.session, id);
    const cents = (n: number | undefined) => Math.round((n ?? 0) * 100);
    expect(
      d.cost_distribution.map((e) => [e.value, cents(e.direct), cents(e.shared), cents(e.total)]),
    ).toEqual([
      ['db', 6000, 1029, 7029],
      ['web', 4500, 771, 5271],
    ]);
    expect(cents(d.unallocated?.total)).toBe(1500);
    expect(d.reconciliation?.every((r) => r.difference_cents === 0)).toBe(true);
    expect(d.as_of).toBe(day(-1));
    const rules = allocationRulesSchema.parse(
      (await c.admin.session.get(at(P.allocationRules, { id }))).body,
    );
    expect(rules.rules.map((r) => [r.id, cents(r.matched_cost), cents(r.moved_cost)])).toEqual([
      [ruleId, 1800, 1800],
    ]);
    const unallocated = resourcesSchema.parse(
      (await c.admin.session.get(at(P.unallocatedResources, { id }))).body,
    );
    expect(unallocated.resources.map((r) => [r.resource_id, cents(r.cost)])).toEqual([
      ['s3-x', 1200],
      ['old-1', 300],
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents every showback path with its response shapes', async () => {
    const docs = (await (await fetch(`${context.server.baseUrl}/api/docs`)).json()) as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const openApi = (path: string) => path.replace(/:(\w+)/g, '{$1}');
    expect(Object.keys(docs.paths)).toEqual(expect.arrayContaining(Object.values(P).map(openApi)));
    expect(JSON.stringify(docs.paths[openApi(P.one)]?.get?.responses)).toContain('cost_distribution');
  });
});
