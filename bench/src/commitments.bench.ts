import { loadavg } from 'node:os';
import { ensureExplorerWarehouse, serverModule } from './explorer-warehouse';
import { positiveInteger, type SuiteOptions } from './options';
import { sampleInTurns, summarise } from './stats';

// biome-ignore lint/suspicious/noExplicitAny: the server's types are not this workspace's
type Any = any;

/** The demo export's last month (the ingest bench's END_MONTH); the dashboard reads its last 90 days. */
const NOW = new Date('2026-11-01T00:00:00Z');
const DAYS_90 = { start_date: '2026-08-03', end_date: '2026-10-31' };
/** The last 30 days, by hour (the dashboard's longest hourly range is 31 days). */
const DAYS_30 = { start_date: '2026-10-02', end_date: '2026-10-31' };

/**
 * Commitment Management's calls (the commitments service: warehouse read, cost-model figures, answer) on the demo
 * CUR 2.0 warehouse of the Explorer bench (1M line items over 13 months; `--quick` 100k; `--rows=N`, `--runs=N`):
 * the dashboard over 90 days by day, over 30 days by hour (its usage sums read from the line items either way: no
 * rollup keeps them by the hour, docs/commitments.md) and over 13 months by month, the inventory and the 60-day
 * purchase analysis,
 * each timed cold (every call reads the bill, as the first request after an import) from the commitment rollup
 * built at import and, as the baseline of the same run, from the line items (`useRollup: false`, as before the
 * rollup), and warm (the server's service keeps its reads until an import), in turns with a hand-written DuckDB SQL
 * over the raw line items (the 90 days' eligible and covered on-demand cost: one scan, the floor of any answer).
 * The bench fails unless the service's 90-day on-demand equivalent and coverage equal the hand SQL's, from the
 * rollup and from the line items alike.
 */
export async function benchCommitments({
  quick,
  values,
}: SuiteOptions): Promise<Record<string, string | number>> {
  const rows = positiveInteger('rows', values.rows, quick ? 100_000 : 1_000_000);
  const runs = positiveInteger('runs', values.runs, quick ? 5 : 20);
  const warehouse = await ensureExplorerWarehouse(rows);
  const { openCostStore } = await import(serverModule('warehouse/open-cost-store.ts'));
  const { costScopesOver } = await import(serverModule('warehouse/cost-scope.ts'));
  const { createCommitmentsService } = await import(
    serverModule('features/commitments/commitments.service.ts')
  );
  const { RESERVABLE_SERVICES } = await import('@finlens/cost-model/commitments/eligibility');
  const contracts = await import('@finlens/contracts/commitments');
  const store = await openCostStore({ dataDir: warehouse.dataDir });
  try {
    // As the server does at start: brings a warehouse imported by an older version up to the current schema (a
    // cached bench warehouse gains the rollups added since, e.g. the hourly commitment rollup).
    await store.init();
    const scopes = costScopesOver(async () => [{ id: warehouse.projectId, name: 'Bench', cloudType: 'aws' }]);
    // Cold: a new service for every call reads the bill (the first request after an import), from the rollup or
    // from the line items. Warm: one service, which keeps its reads until the scope's data version changes.
    const lineItems = {
      commitmentRows: (q: Any) => store.commitmentRows({ ...q, useRollup: false }),
      commitmentUsageSums: (q: Any) => store.commitmentUsageSums({ ...q, useRollup: false }),
      runCostQuery: (q: Any) => store.runCostQuery(q),
    };
    const serviceOver = (warehouseOf: Any) =>
      createCommitmentsService({ scopes, warehouse: warehouseOf, now: () => NOW });
    const warm = serviceOver(store);
    const caller = { clientId: warehouse.clientId } as Any;
    const callsOf = (service: Any): Record<string, () => Promise<Any>> => ({
      'dashboard 90 days by day': () =>
        service.dashboard(caller, contracts.commitmentDashboardQuerySchema.parse(DAYS_90)),
      'dashboard 30 days by hour': () =>
        service.dashboard(
          caller,
          contracts.commitmentDashboardQuerySchema.parse({ ...DAYS_30, granularity: 'hour' }),
        ),
      'dashboard 13 months by month, per account': () =>
        service.dashboard(
          caller,
          contracts.commitmentDashboardQuerySchema.parse({
            start_date: '2025-10-01',
            end_date: '2026-10-31',
            granularity: 'month',
            group_by: 'account',
          }),
        ),
      inventory: () => service.inventory(caller, contracts.commitmentInventoryQuerySchema.parse({})),
      'purchase analysis, 60-day look-back': () =>
        service.purchaseAnalysis(caller, contracts.purchaseAnalysisQuerySchema.parse({ look_back: '60' })),
    });
    const coldCall = (over: Any, name: string) => () =>
      (callsOf(serviceOver(over))[name] as () => Promise<Any>)();
    const warmCalls = callsOf(warm);
    const services = RESERVABLE_SERVICES.map((s: string) => `'${s}'`).join(', ');
    const handSql = `SELECT
        sum(pricing_public_on_demand_cost) AS eligible,
        sum(CASE WHEN line_item_line_item_type <> 'Usage' THEN pricing_public_on_demand_cost END) AS covered
      FROM line_items
      WHERE client_id = '${warehouse.clientId}' AND project_id = '${warehouse.projectId}'
        AND line_item_usage_start_date >= TIMESTAMP '${DAYS_90.start_date}'
        AND line_item_usage_start_date < TIMESTAMP '2026-11-01'
        AND (line_item_operation IS NULL OR line_item_operation NOT IN ('EKSPod-EC2', 'ECSTask-EC2'))
        AND (line_item_line_item_type IN ('DiscountedUsage', 'SavingsPlanCoveredUsage')
          OR (line_item_line_item_type = 'Usage' AND pricing_term = 'OnDemand'
            AND line_item_product_code IN (${services})
            AND regexp_matches(line_item_usage_type,
              '(^|-|:)(BoxUsage|DedicatedUsage|HostUsage|InstanceUsage|Multi-AZUsage|NodeUsage)(:|$)')))`;
    const hand = async () =>
      (await store.connection.runAndReadAll(handSql)).getRowObjectsJS()[0] as {
        eligible: number;
        covered: number;
      };

    const floor = await hand();
    const coverage = floor.covered / floor.eligible;
    let dashboard: Any = null;
    for (const over of [store, lineItems]) {
      dashboard = await coldCall(over, 'dashboard 90 days by day')();
      if (
        Math.abs(dashboard.totals.on_demand_equivalent - floor.eligible) > 0.005 ||
        Math.abs(dashboard.totals.coverage - coverage) > 1e-9
      )
        throw new Error(
          `the dashboard (${dashboard.totals.on_demand_equivalent}, ${dashboard.totals.coverage}) disagrees with the hand SQL (${floor.eligible}, ${coverage})`,
        );
    }

    // By hour, the same 30 days' figures as by day (the hourly usage sums are read apart, from the line items).
    const hourly = await coldCall(store, 'dashboard 30 days by hour')();
    const daily = await serviceOver(store).dashboard(
      caller,
      contracts.commitmentDashboardQuerySchema.parse(DAYS_30),
    );
    for (const figure of ['on_demand_equivalent', 'actual_cost', 'unused_cost'] as const)
      if (Math.abs(hourly.totals[figure] - daily.totals[figure]) > 0.005)
        throw new Error(
          `30 days by hour (${hourly.totals[figure]}) and by day (${daily.totals[figure]}) disagree on ${figure}`,
        );

    const figures: Record<string, string | number> = {};
    const label = `${warehouse.rows.toLocaleString('en-US')} line items`;
    const loadBefore = loadavg();
    let handP95 = 0;
    for (const name of Object.keys(warmCalls)) {
      const again = warmCalls[name] as () => Promise<Any>;
      const [rollupTimes = [], lineTimes = [], warmTimes = [], handTimes = []] = await sampleInTurns(
        [coldCall(store, name), coldCall(lineItems, name), again, hand],
        runs,
        2,
      );
      const [r, l, w, h] = [rollupTimes, lineTimes, warmTimes, handTimes].map(summarise) as [
        Any,
        Any,
        Any,
        Any,
      ];
      handP95 = Math.max(handP95, h.p95Ms);
      const cold = (c: Any) =>
        `${c.p50Ms.toFixed(0)} / ${c.p95Ms.toFixed(0)} (${(c.p95Ms / h.p95Ms).toFixed(1)})`;
      figures[
        `${label}: ${name}: cold p50 / p95 ms (÷ hand SQL p95) from the rollup; from the line items; warm p50 / p95 ms`
      ] = `${cold(r)}; ${cold(l)}; ${w.p50Ms.toFixed(0)} / ${w.p95Ms.toFixed(0)}`;
    }
    figures[`${label}: hand SQL (90-day eligible and covered cost) p95 ms`] = handP95.toFixed(0);
    figures[`${label}: 90 days: utilisation / coverage / ESR`] =
      `${pct(dashboard.totals.utilisation)} / ${pct(dashboard.totals.coverage)} / ${pct(dashboard.totals.effective_savings_rate)}`;
    figures[`${label}: load average before/after`] =
      `${loadBefore[0]?.toFixed(1)} / ${loadavg()[0]?.toFixed(1)}`;
    return figures;
  } finally {
    await store.close();
  }
}

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);
