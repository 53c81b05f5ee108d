import { loadavg } from 'node:os';
import { join } from 'node:path';
import { type BenchDb as Any, openBenchProject, serverSource as server } from './bench-project';
import { positiveInteger, type SuiteOptions } from './options';
import { sampleInTurns, summarise } from './stats';

/**
 * The Resources Cost list's service (`list`: the inventory in PGlite joined with the bill in DuckDB, then
 * filtered, sorted and paged) at N collected resources (default 100k; `--quick` 10k; `--resources=N`), 90% of
 * them billed daily over 60 days and a tenth more resources only in the bill. Timed warm (the joined set kept;
 * each call still reads the caller's projects and both change markers from the app database) over five typical
 * requests, in turns with the hand-written DuckDB SQL for the first page by cost (the floor: one GROUP BY over the
 * line items); the first, cold call is reported apart.
 */
export async function benchResourcesCost({
  quick,
  values,
}: SuiteOptions): Promise<Record<string, string | number>> {
  const size =
    values.resources !== undefined
      ? positiveInteger('resources', values.resources, 100_000)
      : quick
        ? 10_000
        : 100_000;
  const runs = quick ? 10 : 20;
  const { openDuckDbCostStore } = await import(server('warehouse/duckdb/duckdb-cost-store.ts'));
  const { rebuildRollups } = await import(server('warehouse/duckdb/duckdb-rollups.ts'));
  const { createCostScopes } = await import(server('warehouse/cost-scope.ts'));
  const { createResourcesCostRepo } = await import(server('features/resources-cost/resources-cost.repo.ts'));
  const { createInventoryCostView } = await import(server('features/inventory/inventory.service.ts'));
  const { createInventoryCostViewRepo } = await import(server('features/inventory/inventory-list.repo.ts'));
  const { createUtilisation } = await import(server('features/inventory/resource-metrics.service.ts'));
  const { createResourcesCostService } = await import(
    server('features/resources-cost/resources-cost.service.ts')
  );
  const { resourcesCostQuerySchema } = await import('@finlens/contracts/resources-cost');

  const { db, work, clientId, projectId, close } = await openBenchProject('rescost');
  try {
    const at = new Date('2026-11-20T00:00:00Z');
    const kinds = ['ec2-instance', 'ebs-volume', 's3-bucket', 'lambda-function'];
    const rows = Array.from({ length: size }, (_, i) => {
      const kind = kinds[i % kinds.length] as string;
      const id =
        kind === 'ec2-instance'
          ? `i-${i.toString(16).padStart(12, '0')}`
          : kind === 'ebs-volume'
            ? `vol-${i.toString(16).padStart(12, '0')}`
            : `res-${i}`;
      return {
        project_id: projectId,
        account_id: `1000000000${i % 4}`,
        region: ['us-east-1', 'eu-west-1', 'ap-south-1'][i % 3],
        kind,
        resource_id: id,
        name: `res-${i}`,
        state: i % 7 === 0 ? 'stopped' : 'running',
        resource: JSON.stringify({
          kind,
          id,
          instanceType: 'm5.large',
          tags: { team: `team-${i % 9}`, env: 'prod' },
        }),
        first_seen_at: at,
        last_seen_at: at,
      };
    });
    await db.transaction().execute(async (trx: Any) => {
      for (let i = 0; i < rows.length; i += 1000)
        await trx
          .insertInto('inventory_resources')
          .values(rows.slice(i, i + 1000))
          .execute();
    });

    const store = await openDuckDbCostStore({ path: join(work, 'w.duckdb') });
    await store.init();
    // Resource i: billed when i % 10 != 0, as the bill spells it under its own service (EC2 as an ARN, volumes by
    // id, buckets by name, functions as an ARN), plus size/10 RDS databases only in the bill.
    const byKind = (values: string[]) =>
      `CASE CASE WHEN r >= ${size} THEN 4 ELSE r % 4 END ${values.map((v, i) => `WHEN ${i} THEN ${v}`).join(' ')} END`;
    const codes = ["'AmazonEC2'", "'AmazonEC2'", "'AmazonS3'", "'AWSLambda'", "'AmazonRDS'"];
    await store.connection.run(`
      INSERT INTO line_items (client_id, project_id, billing_period, line_item_resource_id, line_item_usage_account_id,
        product_region_code, line_item_product_code, product_servicecode, product_servicename, line_item_usage_start_date,
        line_item_unblended_cost, line_item_currency_code, line_item_line_item_type)
      SELECT '${clientId}', '${projectId}', date_trunc('month', d)::DATE,
        ${byKind([
          "'arn:aws:ec2:us-east-1:1000000000' || (r % 4) || ':instance/i-' || lpad(printf('%x', r), 12, '0')",
          "'vol-' || lpad(printf('%x', r), 12, '0')",
          "'res-' || r",
          "'arn:aws:lambda:us-east-1:1000000000' || (r % 4) || ':function:res-' || r",
          "'arn:aws:rds:us-east-1:10000000000:db:only-' || r",
        ])},
        '1000000000' || (r % 4), 'us-east-1', ${byKind(codes)}, ${byKind(codes)},
        ${byKind([
          "'Amazon Elastic Compute Cloud'",
          "'Amazon Elastic Compute Cloud'",
          "'Amazon Simple Storage Service'",
          "'AWS Lambda'",
          "'Amazon Relational Database Service'",
        ])},
        d, (r % 97) / 10.0 + 0.01, 'USD', 'Usage'
      FROM range(0, ${size + Math.floor(size / 10)}) t(r), range(TIMESTAMP '2026-09-22', TIMESTAMP '2026-11-21', INTERVAL 1 DAY) s(d)
      WHERE r >= ${size} OR r % 10 <> 0`);
    await rebuildRollups(store.connection, null);

    const service = createResourcesCostService({
      scopes: createCostScopes({ db }),
      warehouse: store,
      inventory: createInventoryCostView({ repo: createInventoryCostViewRepo({ db }) }),
      billingVersion: createResourcesCostRepo({ db }).billingVersion,
      utilisation: createUtilisation({ metrics: store.metrics }),
    });
    const caller = { clientId: clientId } as Any;
    const list = (query: Record<string, string>) =>
      service.list(caller, resourcesCostQuerySchema.parse(query));
    const coldStart = performance.now();
    const first = await list({});
    const coldMs = performance.now() - coldStart;
    // Five typical requests; the search text is new on every call and the region, kind and tag value rotate, so
    // most calls filter afresh rather than page a selection already made.
    const regions = ['us-east-1', 'eu-west-1', 'ap-south-1'];
    const requests = [
      () => ({}),
      (n: number) => ({ search: `res-${4242 + n}` }),
      (n: number) => ({ sort: 'name', order: 'asc', page: String(40 + (n % 10)) }),
      (n: number) => ({
        product_region: JSON.stringify([regions[n % 3]]),
        kind: kinds[Math.floor(n / 3) % kinds.length] as string,
      }),
      (n: number) => ({ tag_keys: JSON.stringify([{ key: 'team', value: `team-${n % 9}` }]), sort: 'trend' }),
    ];
    // The tag filter's first call also reads its key's values from the bill: timed apart.
    const tagStart = performance.now();
    await list((requests[4] as (n: number) => Record<string, string>)(0));
    const tagColdMs = performance.now() - tagStart;
    // Warm: each other request once, so every sort order and value index the timed calls use is built.
    for (const request of requests.slice(0, 4)) await list(request(0));
    let turn = 0;
    const api = () => {
      const request = requests[turn % requests.length] as (n: number) => Record<string, string>;
      return list(request(Math.floor(turn++ / requests.length) + 1));
    };
    const hand = () =>
      store.connection.runAndReadAll(
        `SELECT line_item_resource_id, sum(line_item_unblended_cost) AS c FROM line_items
         WHERE line_item_usage_start_date >= TIMESTAMP '2026-10-22' GROUP BY 1 ORDER BY c DESC LIMIT 25`,
      );
    const loadBefore = loadavg();
    const [apiTimes = [], handTimes = []] = await sampleInTurns([api, hand], runs * requests.length, 2);
    const a = summarise(apiTimes);
    const h = summarise(handTimes);
    await store.close();
    const label = `${size.toLocaleString('en-US')} resources (${first.count.toLocaleString('en-US')} listed)`;
    return {
      [`${label}: list p50 / p95 ms (warm)`]: `${a.p50Ms.toFixed(0)} / ${a.p95Ms.toFixed(0)}`,
      [`${label}: first list ms (join built)`]: coldMs.toFixed(0),
      [`${label}: first filter on a new tag key ms (its bill values read)`]: tagColdMs.toFixed(0),
      [`${label}: hand SQL top page p50 / p95 ms`]: `${h.p50Ms.toFixed(0)} / ${h.p95Ms.toFixed(0)}`,
      [`${label}: list p95 ÷ hand SQL p95`]: (a.p95Ms / h.p95Ms).toFixed(2),
      [`${label}: load average before/after`]: `${loadBefore[0]?.toFixed(1)} / ${loadavg()[0]?.toFixed(1)}`,
    };
  } finally {
    await close();
  }
}
