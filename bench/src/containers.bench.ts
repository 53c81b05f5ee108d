import { loadavg } from 'node:os';
import { join } from 'node:path';
import { openBenchProject, serverSource as server } from './bench-project';
import { positiveInteger, type SuiteOptions } from './options';
import { sampleInTurns, summarise } from './stats';

const DAYS = 90;
const PODS_PER_NODE = 8;
/** A node-hour is its instance row plus a vCPU and a memory row per pod. */
const ROWS_PER_NODE_HOUR = 1 + 2 * PODS_PER_NODE;

/**
 * Kubernetes cost (the containers feature's service: the CostScope read, the split-row sums in DuckDB, idle
 * sharing and paging) over 90 days of hourly EKS split cost allocation rows, N line items in all (default 10M;
 * `--quick` 1M; `--rows=N`): nodes of four clusters with eight pods each, every pod-hour a vCPU and a memory row
 * that reconcile with the node's own row; the container rollups built from them as an import builds them. Timed warm, in turns with the hand-written DuckDB SQL of the namespace
 * sums (the floor: one GROUP BY over the pod rows): cost per namespace, cost per pod (first page) and the node-hour
 * reconciliation.
 */
export async function benchContainers({
  quick,
  values,
}: SuiteOptions): Promise<Record<string, string | number>> {
  const rows = positiveInteger('rows', values.rows, quick ? 1_000_000 : 10_000_000);
  const runs = quick ? 5 : 15;
  const hours = DAYS * 24;
  const nodes = Math.max(4, Math.round(rows / (hours * ROWS_PER_NODE_HOUR)));
  const { openDuckDbCostStore } = await import(server('warehouse/duckdb/duckdb-cost-store.ts'));
  const { createCostScopes } = await import(server('warehouse/cost-scope.ts'));
  const { createContainersService } = await import(server('features/containers/containers.service.ts'));
  const { rebuildRollups } = await import(server('warehouse/duckdb/duckdb-rollups.ts'));
  const { CONTAINER_NODE_ROLLUP, CONTAINER_ROLLUP } = await import(
    server('warehouse/cost-query/container-rollup.ts')
  );
  const { CONTAINER_WORKLOAD_ROLLUP } = await import(
    server('warehouse/cost-query/container-workload-rollup.ts')
  );
  const { allocationQuerySchema, containersQuerySchema, rightsizingQuerySchema } = await import(
    '@finlens/contracts/containers'
  );

  const { db, work, clientId, projectId, close } = await openBenchProject('containers');
  try {
    const store = await openDuckDbCostStore({ path: join(work, 'w.duckdb') });
    await store.init();
    const loadStart = performance.now();
    // Node n: 4 vCPU, 16 GB, $0.192 an hour (60 % CPU); pod p requests 0.4 vCPU and 1.5 GB (idle: 20 % of the CPU,
    // 25 % of the memory), uses 30 % to 100 % of it. Namespaces ns-0…ns-5, workloads by namespace and pod index.
    const pod = `'arn:aws:eks:us-east-1:100000000000:pod/cluster-' || (n % 4) || '/ns-' || (p % 6) || '/pod-' || n || '-' || p || '/uid'`;
    const tags = `MAP {'aws_eks_cluster_name': 'cluster-' || (n % 4), 'aws_eks_namespace': 'ns-' || (p % 6), 'aws_eks_workload_type': 'Deployment', 'aws_eks_workload_name': 'app-' || (p % 6) || '-' || (p % 3)}`;
    const columns = `client_id, project_id, billing_period, line_item_usage_start_date, line_item_usage_end_date,
      line_item_resource_id, line_item_usage_account_id, line_item_product_code, product_servicecode, line_item_usage_type,
      line_item_operation, line_item_line_item_type, line_item_unblended_cost, line_item_amortized_cost,
      finlens_line_item_net_amortized_cost, finlens_purchase_option, resource_tags, split_line_item_parent_resource_id,
      split_line_item_reserved_usage, split_line_item_actual_usage, split_line_item_split_usage,
      split_line_item_split_usage_ratio, split_line_item_split_cost, split_line_item_unused_cost,
      split_line_item_net_split_cost, split_line_item_net_unused_cost`;
    const head = `'${clientId}', '${projectId}', date_trunc('month', h)::DATE, h, h + INTERVAL 1 HOUR`;
    const range = `range(0, ${nodes}) a(n), range(TIMESTAMP '2026-08-01', TIMESTAMP '2026-08-01' + INTERVAL ${DAYS} DAY, INTERVAL 1 HOUR) b(h)`;
    await store.connection.run(`INSERT INTO line_items (${columns})
      SELECT ${head}, 'i-' || n, '100000000000', 'AmazonEC2', 'AmazonEC2', 'USE1-BoxUsage:m5.xlarge', 'RunInstances',
        'Usage', 0.192, 0.192, 0.1728, 'OnDemand', MAP {'aws_eks_cluster_name': 'cluster-' || (n % 4)},
        NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM ${range}`);
    // [usage type, request, capacity, share of the node's cost, idle share of that resource]
    for (const [unit, request, capacity, share, idle] of [
      ['vCPU-Hours', 0.4, 4, 0.6, 0.2],
      ['GB-Hours', 1.5, 16, 0.4, 0.25],
    ] as const) {
      const ratio = request / capacity;
      const split = 0.192 * share * ratio;
      const unused = (0.192 * share * idle * ratio) / (1 - idle);
      await store.connection.run(`INSERT INTO line_items (${columns})
        SELECT ${head}, ${pod}, '100000000000', 'AmazonEKS', 'AmazonEKS', 'USE1-EKS-EC2-${unit}', 'EKSPod-EC2', 'Usage',
          0, 0, 0, NULL, ${tags}, 'i-' || n, ${request}, ${request} * (0.3 + ((n * 7 + p * 13) % 8) / 10.0), ${request},
          ${ratio}, ${split}, ${unused}, ${split * 0.9}, ${unused * 0.9}
        FROM ${range}, range(0, ${PODS_PER_NODE}) c(p)`);
    }
    const loadMs = performance.now() - loadStart;
    // An import rebuilds the rollups of its periods; rows written straight into DuckDB need it done here.
    const rollupStart = performance.now();
    await rebuildRollups(store.connection, null, [
      CONTAINER_ROLLUP,
      CONTAINER_NODE_ROLLUP,
      CONTAINER_WORKLOAD_ROLLUP,
    ]);
    const rollupMs = performance.now() - rollupStart;
    const total = Number(
      (await store.connection.runAndReadAll('SELECT count(*) AS n FROM line_items')).getRowObjectsJson()[0]
        ?.n,
    );

    const service = createContainersService({ scopes: createCostScopes({ db }), warehouse: store });
    const caller = { clientId } as Parameters<typeof service.summary>[0];
    const range90 = { start_date: '2026-08-01', end_date: '2026-10-29' };
    const namespaces = () =>
      service.allocation(caller, allocationQuerySchema.parse({ ...range90, group_by: 'pod_namespace' }));
    const pods = () =>
      service.allocation(
        caller,
        allocationQuerySchema.parse({ ...range90, group_by: 'pod', idle: 'cluster' }),
      );
    const reconcile = () => service.reconciliation(caller, containersQuerySchema.parse(range90));
    // Container rightsizing: the p95 of each workload's hourly use over the default look-back (the last 14 days).
    const rightsizing = () => service.rightsizing(caller, rightsizingQuerySchema.parse({}));
    const workloadRows = Number(
      (
        await store.connection.runAndReadAll('SELECT count(*) AS n FROM container_workload_rollup_hourly')
      ).getRowObjectsJson()[0]?.n,
    );
    const hand = () =>
      store.connection.runAndReadAll(
        `SELECT resource_tags['aws_eks_cluster_name'] AS c, resource_tags['aws_eks_namespace'] AS ns,
          sum(split_line_item_split_cost) AS s, sum(split_line_item_unused_cost) AS u FROM line_items
         WHERE line_item_operation = 'EKSPod-EC2' AND line_item_usage_start_date >= TIMESTAMP '2026-08-01'
           AND line_item_usage_start_date < TIMESTAMP '2026-10-30' GROUP BY 1, 2`,
      );
    const checked = await reconcile();
    if (checked.mismatch_count !== 0)
      throw new Error(`${checked.mismatch_count} node-hours do not reconcile`);
    for (const warm of [namespaces, pods, hand]) await warm();
    const loadBefore = loadavg();
    const [nsTimes = [], podTimes = [], handTimes = []] = await sampleInTurns(
      [namespaces, pods, hand],
      runs,
      1,
    );
    const [recTimes = []] = await sampleInTurns([reconcile], Math.max(3, Math.floor(runs / 3)), 0);
    await rightsizing();
    const [sizeTimes = []] = await sampleInTurns([rightsizing], runs, 0);
    await store.close();
    const ns = summarise(nsTimes);
    const pd = summarise(podTimes);
    const h = summarise(handTimes);
    const rc = summarise(recTimes);
    const rs = summarise(sizeTimes);
    const label = `${total.toLocaleString('en-US')} line items (${nodes} nodes, ${checked.node_hours.toLocaleString('en-US')} node-hours, 90 days)`;
    const ms = (s: ReturnType<typeof summarise>) => `${s.p50Ms.toFixed(0)} / ${s.p95Ms.toFixed(0)}`;
    return {
      [`${label}: cost per namespace p50 / p95 ms`]: ms(ns),
      [`${label}: cost per pod (first page, idle shared per cluster) p50 / p95 ms`]: ms(pd),
      [`${label}: node-hour reconciliation p50 / p95 ms`]: ms(rc),
      [`${label}: container rightsizing (p95 of hourly use, last 14 days) p50 / p95 ms`]: ms(rs),
      [`${label}: workload-hour rollup rows`]: workloadRows,
      [`${label}: hand SQL namespace sums p50 / p95 ms`]: ms(h),
      [`${label}: namespace p95 ÷ hand SQL p95`]: (ns.p95Ms / h.p95Ms).toFixed(2),
      [`${label}: pod p95 ÷ hand SQL p95`]: (pd.p95Ms / h.p95Ms).toFixed(2),
      [`${label}: loading the rows ms`]: loadMs.toFixed(0),
      [`${label}: building the container rollups (as at import) ms`]: rollupMs.toFixed(0),
      [`${label}: load average before/after`]: `${loadBefore[0]?.toFixed(1)} / ${loadavg()[0]?.toFixed(1)}`,
    };
  } finally {
    await close();
  }
}
