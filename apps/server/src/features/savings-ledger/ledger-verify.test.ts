import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAYS_PER_MONTH } from '@finlens/cost-model/recommendations/rule-kit';
import { addDays, endOfMonth, inclusiveDays } from '@finlens/cost-model/utc-calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTAINER_ROLLUP } from '../../warehouse/cost-query/container-rollup';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { rebuildRollups } from '../../warehouse/duckdb/duckdb-rollups';
import { finalSnapshotName } from './apply-plan';
import { createLedgerVerify } from './ledger-verify';
import type { LedgerEntryRow, StoredVerification } from './savings-ledger.tables';

const CHANGED = '2026-11-10';
const ARN = 'arn:aws:rds:us-east-1:111122223333:db:orders-db';
/** A bucket's Standard storage, $2.30 per month spread over the month's days; a lifecycle rule on 20 January. */
const BUCKET = 'web-assets';
const RULE_ON = '2026-01-20';
const CUT = 0.5 * (1 - 0.0125 / 0.023);
const VOLUME = 'vol-0a1b2c3d4e5f';

let dir: string;
let store: DuckDbCostStore;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-ledger-verify-'));
  store = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
  await store.init();
  // The database bills under its ARN: $12 a day for the 14 days before the change, $4 a day after (downsized).
  const rows: string[] = [];
  for (let i = -14; i <= 7; i += 1) {
    const day = addDays(CHANGED, i);
    const cost = i < 0 ? 12 : i === 0 ? 8 : 4;
    rows.push(
      `('c1', 'p1', DATE '2026-11-01', TIMESTAMP '${day} 00:00:00', 'AmazonRDS', 'Amazon Relational Database Service', '111122223333', '${ARN}', ${cost}, ${cost}, ${cost}, ${cost})`,
    );
  }
  await store.connection.run(
    `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, product_servicecode, product_servicename, line_item_usage_account_id, line_item_resource_id, line_item_unblended_cost, line_item_amortized_cost, finlens_line_item_net_amortized_cost, pricing_public_on_demand_cost) VALUES ${rows.join(', ')}`,
  );
  // The bucket: storage per GB-month, and its requests per request (billed by use) at 5 cents a day (another project: its bill ends in February).
  const bucket: string[] = [];
  for (let day = '2026-01-06'; day <= '2026-02-28'; day = addDays(day, 1)) {
    const storage =
      ((day > RULE_ON ? 1 - CUT : 1) * 2.3) / inclusiveDays(`${day.slice(0, 8)}01`, endOfMonth(day));
    for (const [unit, cost] of [
      ['GB-Mo', storage],
      ['Requests', 0.05],
    ] as const)
      bucket.push(
        `('c1', 'p2', DATE '${day.slice(0, 8)}01', TIMESTAMP '${day} 00:00:00', 'AmazonS3', '${BUCKET}', '${unit}', ${cost}, ${cost}, ${cost}, ${cost})`,
      );
  }
  await store.connection.run(
    `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, product_servicecode, line_item_resource_id, pricing_unit, line_item_unblended_cost, line_item_amortized_cost, finlens_line_item_net_amortized_cost, pricing_public_on_demand_cost) VALUES ${bucket.join(', ')}`,
  );
  // A volume (another project) moved from gp2 to gp3 on the change day: 500 GB at $0.10 a GB-month before; after
  // it, 550 GB (the data grew) at $0.08 and 1,000 IOPS above the baseline at $0.005 an IOPS-month — $44 + $5 a
  // month against $50. Each spread over November's 30 days, as the bill does.
  const volume: string[] = [];
  for (let i = -14; i <= 7; i += 1) {
    const lines: [string, number, number][] =
      i < 0
        ? [['GB-Mo', 500, 0.1]]
        : i === 0
          ? [['GB-Mo', 525, 0.09]]
          : [
              ['GB-Mo', 550, 0.08],
              ['IOPS-Mo', 1_000, 0.005],
            ];
    for (const [unit, amount, price] of lines)
      volume.push(
        `('c1', 'p3', DATE '2026-11-01', TIMESTAMP '${addDays(CHANGED, i)} 00:00:00', 'AmazonEC2', '${VOLUME}', '${unit}', ${amount / 30}, ${(amount * price) / 30}, ${(amount * price) / 30}, ${(amount * price) / 30}, ${(amount * price) / 30})`,
      );
  }
  await store.connection.run(
    `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, product_servicecode, line_item_resource_id, pricing_unit, line_item_usage_amount, line_item_unblended_cost, line_item_amortized_cost, finlens_line_item_net_amortized_cost, pricing_public_on_demand_cost) VALUES ${volume.join(', ')}`,
  );
  // A Kubernetes workload (another project): two pods at $1 a day of split cost each before its requests were
  // lowered, then scaled out to three pods at $0.60 a day each ($2 → $1.80 a day: a 10 % drop by cost alone).
  // A second account of the project runs a same-named cluster and workload, untouched: one pod at $5 a day.
  const pods: string[] = [];
  for (let i = -14; i <= 7; i += 1) {
    const row = (account: string, node: string, resource: string, pod: [string, number] | null) =>
      `('c1', 'p4', DATE '2026-11-01', TIMESTAMP '${addDays(CHANGED, i)} 00:00:00', TIMESTAMP '${addDays(CHANGED, i + 1)} 00:00:00', '${account}', '${resource}', ${
        pod === null
          ? `'BoxUsage:m5.xlarge', 'RunInstances', NULL, NULL, NULL, MAP {}`
          : `'USE1-EKS-EC2-vCPU-Hours', 'EKSPod-EC2', '${node}', ${pod[1]}, ${pod[1]}, MAP {'aws_eks_cluster_name': 'k', 'aws_eks_namespace': 'web', 'aws_eks_workload_type': 'Deployment', 'aws_eks_workload_name': '${pod[0]}'}`
      })`;
    const podArn = (account: string, pod: string) => `arn:aws:eks:us-east-1:${account}:pod/k/web/${pod}/u`;
    // The node's own line (the bill's newest day is read off lines like it).
    pods.push(row('111122223333', 'i-1', 'i-1', null), row('444455556666', 'i-2', 'i-2', null));
    for (let pod = 0; pod < (i < 0 ? 2 : 3); pod += 1)
      pods.push(row('111122223333', 'i-1', podArn('111122223333', `api-${pod}`), ['api', i < 0 ? 1 : 0.6]));
    pods.push(row('444455556666', 'i-2', podArn('444455556666', 'api-0'), ['api', 5]));
  }
  await store.connection.run(
    `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, line_item_usage_end_date, line_item_usage_account_id, line_item_resource_id, line_item_usage_type, line_item_operation, split_line_item_parent_resource_id, split_line_item_split_cost, split_line_item_net_split_cost, resource_tags) VALUES ${pods.join(', ')}`,
  );
  await rebuildRollups(store.connection, { projectId: 'p4', billingPeriods: ['2026-11-01'] }, [
    CONTAINER_ROLLUP,
  ]);
  // Deletions that keep a safety snapshot (project p4): a loose volume at $1 a day deleted on the change day,
  // its snapshot billing $0.40 a day from then (the bill names it by ARN); a long-stopped instance (no cost)
  // terminated with its volume at $0.50 a day, whose snapshot bills $0.20 a day.
  const snapshotArn = (id: string) => `arn:aws:ec2:us-east-1:111122223333:snapshot/${id}`;
  const deleted: string[] = [];
  for (let i = -14; i <= 7; i += 1) {
    const lines: [string, number][] =
      i < 0
        ? [
            ['vol-0loose', 1],
            ['vol-0kept', 0.5],
          ]
        : [
            [snapshotArn('snap-0loose'), 0.4],
            [snapshotArn('snap-0kept'), 0.2],
          ];
    for (const [id, cost] of lines)
      deleted.push(
        `('c1', 'p5', DATE '2026-11-01', TIMESTAMP '${addDays(CHANGED, i)} 00:00:00', 'AmazonEC2', '111122223333', '${id}', ${cost}, ${cost}, ${cost}, ${cost})`,
      );
  }
  await store.connection.run(
    `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, product_servicecode, line_item_usage_account_id, line_item_resource_id, line_item_unblended_cost, line_item_amortized_cost, finlens_line_item_net_amortized_cost, pricing_public_on_demand_cost) VALUES ${deleted.join(', ')}`,
  );
});

/** Verifies one applied entry against the store; returns what it stored. */
async function verified(entry: LedgerEntryRow, billedTo: string): Promise<StoredVerification[]> {
  const stored: StoredVerification[] = [];
  const verify = createLedgerVerify({
    repo: {
      judged: async () => [entry],
      move: async (_id, _from, patch) => {
        stored.push(JSON.parse(String(patch.verification)));
        return entry;
      },
      update: async (_id, patch) => {
        stored.push(JSON.parse(String(patch.verification)));
      },
    },
    warehouse: store,
    now: () => new Date(`${addDays(billedTo, 1)}T06:00:00Z`),
  });
  expect(await verify.verifyAll('c1')).toBe(1);
  return stored;
}
afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('verifying an applied saving from the bill', () => {
  it('finds a database the bill names by ARN from the entry’s short name', async () => {
    const entry = {
      id: 'e1',
      client_id: 'c1',
      project_id: 'p1',
      account_id: '111122223333',
      resource_id: 'orders-db',
      resource_kind: 'rds-instance',
      state: 'applied',
      applied_at: new Date(`${CHANGED}T12:00:00Z`),
    } as LedgerEntryRow;
    const stored = await verified(entry, '2026-11-17');
    expect(stored[0]).toMatchObject({
      outcome: 'verified',
      rate_before: 12,
      rate_after: 4,
      before_days: 14,
      after_days: 7,
      billed_through: '2026-11-17',
    });
    expect(stored[0]?.realised_monthly_saving).toBeCloseTo(8 * DAYS_PER_MONTH, 9);
  });

  it('evens out storage billed per GB-month over January and February: a lifecycle rule’s cut is verified at its monthly size', async () => {
    const entry = {
      id: 'e2',
      client_id: 'c1',
      project_id: 'p2',
      account_id: '111122223333',
      resource_id: BUCKET,
      resource_kind: 's3-bucket',
      state: 'applied',
      applied_at: new Date(`${RULE_ON}T09:00:00Z`),
    } as LedgerEntryRow;
    const [stored] = await verified(entry, '2026-02-28');
    // Read day by day as billed, February's last week looks 8.7 % cheaper than January (31/28 more per day).
    expect(stored).toMatchObject({ outcome: 'verified', before_days: 14, billed_through: '2026-02-28' });
    expect(stored?.realised_monthly_saving).toBeCloseTo(2.3 * CUT, 9);
    expect(stored?.rate_before).toBeCloseTo(0.05 + 2.3 / DAYS_PER_MONTH, 9);
  });

  it('verifies a volume type change by its price per GB-month: the data it gained and its new IOPS charge do not hide the cut', async () => {
    const entry = {
      id: 'e3',
      type: 'ebs-gp2-to-gp3',
      client_id: 'c1',
      project_id: 'p3',
      account_id: '111122223333',
      resource_id: VOLUME,
      resource_kind: 'ebs-volume',
      state: 'applied',
      applied_at: new Date(`${CHANGED}T12:00:00Z`),
    } as LedgerEntryRow;
    const [stored] = await verified(entry, '2026-11-17');
    // The bill's cost fell 2 % ($50 → $49 a month), under the 10 % a saving needs. At the old $0.10 a GB-month
    // the 550 GB would cost $55: $6 a month saved.
    expect(stored).toMatchObject({ outcome: 'verified', before_days: 14, after_days: 7 });
    expect(stored?.rate_before).toBeCloseTo(55 / DAYS_PER_MONTH, 9);
    expect(stored?.rate_after).toBeCloseTo(49 / DAYS_PER_MONTH, 9);
    expect(stored?.realised_monthly_saving).toBeCloseTo(6, 9);
    // In November's own dollars: 7 days at $6 ÷ 30.
    expect(stored?.realised_to_date).toBeCloseTo((6 * 7) / 30, 9);
  });

  it('verifies a container rightsizing by the workload’s split cost per pod-hour, in its own account: scaling out does not hide the cut', async () => {
    const entry = {
      id: 'e4',
      type: 'container-rightsizing',
      client_id: 'c1',
      project_id: 'p4',
      account_id: '111122223333',
      resource_id: 'k/web/Deployment/api',
      resource_kind: null,
      state: 'applied',
      applied_at: new Date(`${CHANGED}T12:00:00Z`),
    } as LedgerEntryRow;
    const [stored] = await verified(entry, '2026-11-17');
    // $1 per 24 pod-hours before, $0.60 after: at the old rate the 72 pod-hours a day would cost $3, not $1.80.
    // The other account's same-named workload ($5 a pod-day throughout) is not counted.
    expect(stored).toMatchObject({ outcome: 'verified', before_days: 14, after_days: 7 });
    expect(stored?.rate_before).toBeCloseTo(3, 9);
    expect(stored?.rate_after).toBeCloseTo(1.8, 9);
    expect(stored?.realised_monthly_saving).toBeCloseTo(1.2 * DAYS_PER_MONTH, 9);
  });

  it('nets a delete of the safety snapshots it kept, and counts a terminated instance’s volumes', async () => {
    const base = {
      client_id: 'c1',
      project_id: 'p5',
      account_id: '111122223333',
      region: 'us-east-1',
      state: 'applied',
      applied_at: new Date(`${CHANGED}T12:00:00Z`),
    };
    const [volume] = await verified(
      {
        ...base,
        id: 'e4',
        type: 'ebs-unattached',
        resource_id: 'vol-0loose',
        resource_kind: 'ebs-volume',
        safety_snapshot_id: 'snap-0loose',
        apply_plan: null,
      } as LedgerEntryRow,
      '2026-11-17',
    );
    // $1 a day before; after, the volume is gone and its snapshot bills $0.40: $0.60 a day saved.
    expect(volume).toMatchObject({ outcome: 'verified', rate_before: 1 });
    expect(volume?.rate_after).toBeCloseTo(0.4, 9);
    expect(volume?.realised_monthly_saving).toBeCloseTo(0.6 * DAYS_PER_MONTH, 9);
    const [instance] = await verified(
      {
        ...base,
        id: 'e5',
        type: 'ec2-stopped-with-volumes',
        resource_id: 'i-0stopped',
        resource_kind: 'ec2-instance',
        safety_snapshot_id: 'snap-0kept',
        apply_plan: { initialState: 'stopped', via: 'simulated', volumes: ['vol-0kept'] },
      } as LedgerEntryRow,
      '2026-11-17',
    );
    // The stopped instance bills nothing itself: its volume's $0.50 a day, less its snapshot's $0.20, is the saving.
    expect(instance).toMatchObject({ outcome: 'verified', rate_before: 0.5 });
    expect(instance?.realised_monthly_saving).toBeCloseTo(0.3 * DAYS_PER_MONTH, 9);
  });

  it('nets an idle database Finlens deleted of the final snapshot it kept', async () => {
    const id = '6f1e2d3c-0000-4000-8000-000000000006';
    const db = `arn:aws:rds:us-east-1:111122223333:db:idle-db`;
    const final = db.replace(
      ':db:idle-db',
      `:snapshot:${finalSnapshotName({ resourceId: 'idle-db', entryId: id })}`,
    );
    // $5 a day before; after, the database is gone and its final snapshot (named after the entry) bills $0.50.
    const days = Array.from({ length: 22 }, (_, i) => i - 14);
    const values = days.map(
      (i) =>
        `('c1', 'p6', DATE '2026-11-01', TIMESTAMP '${addDays(CHANGED, i)} 00:00:00', 'AmazonRDS', '111122223333', '${i < 0 ? db : final}', ${i < 0 ? 5 : 0.5})`,
    );
    await store.connection.run(
      `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, product_servicecode, line_item_usage_account_id, line_item_resource_id, finlens_line_item_net_amortized_cost) VALUES ${values.join(', ')}`,
    );
    const entry = { id, client_id: 'c1', project_id: 'p6', account_id: '111122223333', region: 'us-east-1' };
    const [deleted] = await verified(
      {
        ...entry,
        ...{ type: 'rds-idle', resource_id: 'idle-db', resource_kind: 'rds-instance', state: 'applied' },
        ...{ applied_via: 'cloud', applied_at: new Date(`${CHANGED}T12:00:00Z`), safety_snapshot_id: null },
      } as LedgerEntryRow,
      '2026-11-17',
    );
    expect(deleted).toMatchObject({ outcome: 'verified', rate_before: 5 });
    expect(deleted?.rate_after).toBeCloseTo(0.5, 9);
    expect(deleted?.realised_monthly_saving).toBeCloseTo(4.5 * DAYS_PER_MONTH, 9);
  });
});
