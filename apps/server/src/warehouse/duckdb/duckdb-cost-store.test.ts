import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { engineHealthSchema } from '@finlens/contracts/health';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compileCostQuery } from '../cost-query/compile-cost-query';
import { RESOURCE_WEEKLY_ROLLUP, SCOPE_ROLLUP } from '../cost-query/rollups';
import { openDuckDbCostStore } from './duckdb-cost-store';
import { duckDbDialect } from './duckdb-dialect';
import { OTHER_CONNECTIONS, READ_CONNECTIONS } from './duckdb-readers';
import { rebuildRollups } from './duckdb-rollups';
import { createLineItemsSql } from './duckdb-schema';

// A cross join DuckDB would spend minutes on; the tests interrupt it.
const SLOW_SQL = 'SELECT count(*) AS n FROM range(100000000) a, range(100000) b WHERE a.range + b.range = -1';

/** The schema steps a new warehouse runs, in order (a warehouse made before the rollups runs them too). */
const EVERY_STEP = [
  'create line_items',
  'create daily cost rollups',
  'narrow the daily tag rollup',
  'create the daily scope rollup',
  'add line_item_iam_principal',
  'add the commitment columns',
  'create the resource metrics tables',
  'add the split usage columns',
  'create the commitment rollup',
  'create the container rollup',
  'create the container node-hour rollup',
  'create the container workload-hour rollup',
  'create the hourly commitment rollup',
  'add the capacity type to the container rollup',
  'create the weekly resource rollup',
  'add the reservation platform and the FOCUS commitment attributes to the commitment rollup',
  'add the fee hour to the commitment rollup',
  'order the rollups by day',
];

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-duckdb-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('DuckDB cost store', () => {
  it('creates the warehouse file and reports healthy', async () => {
    const path = join(dir, 'nested', 'warehouse.duckdb');
    const store = await openDuckDbCostStore({ path });
    expect(existsSync(path)).toBe(true);
    expect(await store.init()).toEqual(EVERY_STEP);
    expect(await store.init()).toEqual([]);
    const health = engineHealthSchema.parse(await store.health());
    expect(health).toMatchObject({ kind: 'duckdb', ok: true });
    expect(health.detail).toMatch(/^DuckDB v\d/);
    await store.close();
  });

  it('opens as many connections as the thread pool is sized for (reads + the writer, metrics writer and probe)', async () => {
    // Each connection can hold one of libuv's threads for a whole statement: the launcher's pool size and the read
    // count (duckdb-readers.ts, thread-pool.test.ts) leave spare threads only while this count holds.
    const connect = vi.spyOn(DuckDBInstance.prototype, 'connect');
    try {
      const store = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
      expect(connect).toHaveBeenCalledTimes(READ_CONNECTIONS + OTHER_CONNECTIONS);
      await store.close();
    } finally {
      connect.mockRestore();
    }
  });

  it('reports not ok after close, and closing twice is harmless', async () => {
    const store = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
    await store.close();
    await store.close();
    expect(await store.health()).toMatchObject({ kind: 'duckdb', ok: false });
  });

  it('answers health while a long statement holds the writer connection (an import, a rollup rebuild)', async () => {
    const store = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
    await store.init();
    const order: string[] = [];
    const slow = store.exclusive(() =>
      store.connection.run(SLOW_SQL).then(
        () => order.push('writer'),
        () => order.push('writer'),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Should health queue behind the writer, this stops the statement so the test fails instead of hanging.
    const fallback = setTimeout(() => store.connection.interrupt(), 20_000);
    expect(await store.health()).toMatchObject({ kind: 'duckdb', ok: true });
    order.push('health');
    store.connection.interrupt();
    await slow;
    clearTimeout(fallback);
    expect(order).toEqual(['health', 'writer']);
    await store.close();
  });

  it('answers reads asked at once as it answers them one at a time', async () => {
    const store = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
    await store.init();
    // Six projects of 5,000 resources over five periods: each project's totals by resource span three chunks.
    await store.connection.run(
      `INSERT INTO line_items (client_id, project_id, billing_period, line_item_resource_id, line_item_unblended_cost)
       SELECT 'c', 'p' || (range % 6), DATE '2024-01-01' + to_months(CAST(range % 5 AS INTEGER)),
         'r-' || range, range / 100
       FROM range(30000)`,
    );
    const questions = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5'].flatMap((projectId) => [
      () => store.periodTotals({ projectId }),
      () => store.periodTotals({ projectId, billingPeriods: ['2024-02-01', '2024-03-01'] }),
      () => store.totalsBy({ projectId, column: 'billing_period' }),
      () => store.totalsBy({ projectId, column: 'line_item_resource_id' }),
    ]);
    const alone: unknown[] = [];
    for (const ask of questions) alone.push(await ask());
    expect(alone.map((answer) => (answer as unknown[]).length)).toEqual(
      Array.from({ length: 6 }, () => [5, 2, 5, 5000]).flat(),
    );
    const [atOnce, healths] = await Promise.all([
      Promise.all(questions.map((ask) => ask())),
      Promise.all([store.health(), store.health(), store.health()]),
    ]);
    for (const [i, answer] of atOnce.entries()) expect(answer, `question ${i}`).toEqual(alone[i]);
    for (const health of healths) expect(health.detail).toMatch(/^DuckDB v\d/);
    await store.close();
  });

  it('reopens the same file', async () => {
    const path = join(dir, 'warehouse.duckdb');
    await (await openDuckDbCostStore({ path })).close();
    const again = await openDuckDbCostStore({ path });
    expect((await again.health()).ok).toBe(true);
    await again.close();
  });

  it('backfills the rollups of a warehouse made before them, and deleteProject empties both', async () => {
    const store = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
    await store.connection.run(createLineItemsSql());
    await store.connection.run(
      `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, product_servicename, line_item_unblended_cost)
       VALUES ('c', 'p', DATE '2024-05-01', TIMESTAMP '2024-05-02 10:00:00', 'Amazon EC2', 2.5),
              ('c', 'p', DATE '2024-05-01', TIMESTAMP '2024-05-02 11:00:00', 'Amazon EC2', 1.25)`,
    );
    // Two hours of one EKS pod's vCPU (the split rows the container rollup holds).
    await store.connection.run(
      `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, line_item_usage_end_date,
         line_item_resource_id, line_item_usage_type, line_item_operation, split_line_item_parent_resource_id,
         split_line_item_split_cost, split_line_item_unused_cost, resource_tags)
       SELECT 'c', 'p', DATE '2024-05-01', h, h + INTERVAL 1 HOUR, 'arn:aws:eks:us-east-1:1:pod/k/ns/web-1/u',
         'USE1-EKS-EC2-vCPU-Hours', 'EKSPod-EC2', 'i-1', 0.25, 0.05, MAP {}
       FROM (VALUES (TIMESTAMP '2024-05-02 10:00:00'), (TIMESTAMP '2024-05-02 11:00:00')) t(h)`,
    );
    expect(await store.init()).toEqual(EVERY_STEP);
    const query = {
      start_date: '2024-05-01',
      end_date: '2024-05-31',
      granularity: 'month' as const,
      dimension: 'product_servicename' as const,
      cost_type: 'unblended' as const,
      filters: [],
      top_n: 10,
      clientId: 'c',
      projectIds: ['p'],
      useRollups: true,
    };
    const answer = await store.runCostQuery(query);
    expect(answer).toMatchObject({ source: 'rollup', total: 3.75, as_of: '2024-05-02' });
    // The weekly resource rollup keys the week by its Monday (2024-05-02 is a Thursday), in the row's own period.
    const weekly = await store.connection.runAndReadAll(
      `SELECT strftime(usage_date, '%Y-%m-%d') AS week, strftime(billing_period, '%Y-%m-%d') AS period, row_count,
         line_item_unblended_cost FROM ${RESOURCE_WEEKLY_ROLLUP.table}`,
    );
    expect(weekly.getRowObjectsJson()).toEqual([
      { week: '2024-04-29', period: '2024-05-01', row_count: 2, line_item_unblended_cost: 3.75 },
    ]);
    expect(answer.series.map((s) => [s.key, s.total])).toEqual([['Amazon EC2', 3.75]]);
    const total = await store.runCostQuery({ ...query, dimension: null });
    expect(total).toMatchObject({ source: 'rollup', total: 3.75, as_of: '2024-05-02' });
    expect(compileCostQuery(duckDbDialect, { ...query, dimension: null }).source.table).toBe(SCOPE_ROLLUP);
    const k8s = {
      clientId: 'c',
      projectIds: ['p'],
      from: '2024-05-01',
      to: '2024-05-31',
      filters: {},
    };
    const pods = await store.kubernetesCosts({
      ...k8s,
      basis: 'amortized',
      groupBy: ['pod_namespace', 'pod'],
    });
    expect(pods.map((r) => [r.keys, r.cpu.podHours, r.cpu.splitCost, r.cpu.unusedCost])).toEqual([
      [['ns', 'web-1'], 2, 0.5, 0.1],
    ]);
    // A container rollup of an older release (no capacity type): its step makes it anew from the line items.
    await store.connection.run(`ALTER TABLE container_rollup_daily DROP COLUMN k8s_capacity_type`);
    await store.connection.run(
      `DELETE FROM warehouse_schema_steps WHERE step = 'add the capacity type to the container rollup'`,
    );
    await store.connection.run(
      `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, line_item_usage_end_date,
         line_item_resource_id, line_item_line_item_type, line_item_usage_type, finlens_purchase_option, line_item_unblended_cost)
       VALUES ('c', 'p', DATE '2024-05-01', TIMESTAMP '2024-05-02 10:00:00', TIMESTAMP '2024-05-02 11:00:00', 'i-1',
         'Usage', 'SpotUsage:m5.large', 'Spot', 0.3)`,
    );
    expect(await store.init()).toEqual(['add the capacity type to the container rollup']);
    const byCapacity = await store.kubernetesCosts({
      ...k8s,
      basis: 'amortized',
      groupBy: ['capacity_type'],
    });
    // The node's spot line covers the pod's first hour; its second has no line of the node.
    expect(byCapacity.map((r) => [r.keys[0], r.cpu.podHours])).toEqual(
      expect.arrayContaining([
        ['spot', 1],
        [null, 1],
      ]),
    );
    expect(byCapacity).toHaveLength(2);
    await store.deleteProject('p');
    expect(await store.kubernetesCosts({ ...k8s, basis: 'amortized', groupBy: ['pod'] })).toEqual([]);
    expect(await store.runCostQuery(query)).toMatchObject({ source: 'rollup', total: 0, series: [] });
    expect(await store.runCostQuery({ ...query, useRollups: false })).toMatchObject({ total: 0 });
    expect(await store.runCostQuery({ ...query, dimension: null })).toMatchObject({ total: 0, as_of: null });
    await store.close();
  });

  it('keeps the rollup rows in day order: as a rebuild writes them, and its step puts older rows in order', async () => {
    const store = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
    await store.init();
    // 92 days × 40 services: a grouping's rows come out in hash order, not by day.
    await store.connection.run(
      `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, product_servicename, line_item_unblended_cost)
       SELECT 'c', 'p', date_trunc('month', d)::DATE, d, 'service ' || s, s + 1
       FROM range(TIMESTAMP '2024-05-01', TIMESTAMP '2024-08-01', INTERVAL 1 DAY) days(d), range(40) services(s)`,
    );
    await rebuildRollups(store.connection, {
      projectId: 'p',
      billingPeriods: ['2024-05-01', '2024-06-01', '2024-07-01'],
    });
    const days = async () =>
      (
        await store.connection.runAndReadAll(
          `SELECT strftime(usage_date, '%Y-%m-%d') AS day FROM cost_rollup_daily ORDER BY rowid`,
        )
      )
        .getRowObjectsJson()
        .map((row) => String(row.day));
    const written = await days();
    expect(written).toHaveLength(92 * 40);
    expect(written).toEqual(written.toSorted());
    // Rows of an older release, in no order: the step puts them in day order, every row kept.
    await store.connection.run(
      'CREATE TEMPORARY TABLE shuffled AS SELECT * FROM cost_rollup_daily ORDER BY hash(product_servicename, usage_date)',
    );
    await store.connection.run('DELETE FROM cost_rollup_daily');
    await store.connection.run('INSERT INTO cost_rollup_daily SELECT * FROM shuffled ORDER BY rowid');
    expect(await days()).not.toEqual(written);
    await store.connection.run(`DELETE FROM warehouse_schema_steps WHERE step = 'order the rollups by day'`);
    expect(await store.init()).toEqual(['order the rollups by day']);
    expect(await days()).toEqual(written);
    const total = await store.connection.runAndReadAll(
      'SELECT sum(line_item_unblended_cost) AS cost, sum(row_count) AS n FROM cost_rollup_daily',
    );
    expect(total.getRowObjectsJson()).toEqual([{ cost: (92 * (40 * 41)) / 2, n: 92 * 40 }]);
    await store.close();
  });

  it('adds line_item_iam_principal, the commitment and the split usage columns to a warehouse made before them; its rows read NULL', async () => {
    const path = join(dir, 'warehouse.duckdb');
    const old = await openDuckDbCostStore({ path });
    await old.init();
    // The warehouse as the release before the columns left it.
    await old.connection.run('ALTER TABLE line_items DROP COLUMN line_item_iam_principal');
    for (const column of [
      'reservation_start_time',
      'reservation_unused_quantity',
      'commitment_discount_status',
      'split_line_item_reserved_usage',
    ])
      await old.connection.run(`ALTER TABLE line_items DROP COLUMN ${column}`);
    await old.connection.run(
      `DELETE FROM warehouse_schema_steps WHERE step IN ('add line_item_iam_principal', 'add the commitment columns', 'add the split usage columns')`,
    );
    await old.connection.run(
      `INSERT INTO line_items (client_id, project_id, billing_period, line_item_unblended_cost)
       VALUES ('c', 'p', DATE '2024-05-01', 2.5)`,
    );
    await old.close();
    const store = await openDuckDbCostStore({ path });
    expect(await store.init()).toEqual([
      'add line_item_iam_principal',
      'add the commitment columns',
      'add the split usage columns',
    ]);
    const rows = await store.connection.runAndReadAll(
      `SELECT line_item_iam_principal AS principal, reservation_start_time AS start,
        reservation_unused_quantity AS unused, commitment_discount_status AS status,
        split_line_item_reserved_usage AS reserved, line_item_unblended_cost AS cost FROM line_items`,
    );
    expect(rows.getRowObjectsJson()).toEqual([
      { principal: null, start: null, unused: null, status: null, reserved: null, cost: 2.5 },
    ]);
    await store.close();
  });
});
