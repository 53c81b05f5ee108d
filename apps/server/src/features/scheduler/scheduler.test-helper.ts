import { WEEK_PRESETS } from '@finlens/cost-model/scheduler/week';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { CloudPort } from '../../integrations/cloud/cloud-port';
import type { ResourceCostPort } from '../../warehouse/cost-query/resource-costs';
import type { DuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { createReconciler, type ReconcilerDeps } from './reconciler';
import { createReconcilerRepo } from './reconciler.repo';
import { createScheduleLedgerRepo } from './schedule-ledger.repo';
import type { InventoryEntry } from './scheduled-resources';
import { createSchedulerRepo, type ScheduleValues } from './scheduler.repo';
import { createSchedulerService } from './scheduler.service';

/** No resources of any kind: spread it and name the lists a test schedules. */
export const NO_LISTS = { ec2: [], rds: [], rds_cluster: [], eks_nodegroup: [], autoscaling_groups: [] };

/** A schedule row with the form's defaults (office hours, UTC, nothing scheduled); `values` overrides any field. */
export const scheduleValues = (
  clientId: string,
  projectId: string,
  values: Partial<ScheduleValues> = {},
): ScheduleValues => ({
  client_id: clientId,
  project_id: projectId,
  name: 'x',
  account_number: null,
  target: null,
  time_zone: 'UTC',
  windows: WEEK_PRESETS['office-hours'],
  resources: NO_LISTS,
  hibernate: false,
  enforced: false,
  enabled: true,
  tag_key: 'finlens:scheduler',
  tag_value: null,
  holidays: [],
  holiday_country: null,
  ...values,
});

/** The project's inventory as the scheduler reads it: a simulated scenario's resources, all in `state`. */
export const inventoryOf = (
  resources: readonly { kind: string; id: string; accountId: string; region: string; tags?: object }[],
  projectId: string,
  state = 'running',
): InventoryEntry[] =>
  resources.map((r) => ({
    project_id: projectId,
    account_id: r.accountId,
    region: r.region,
    kind: r.kind,
    resource_id: r.id,
    name: null,
    state,
    tags: (r.tags ?? {}) as Record<string, string>,
  }));

/**
 * A reconciler (one server process) over the test's app database: `inventory` is the project's (read on each
 * tick, so a test may change it), `port` answers for the one account, the tick one minute unless told.
 */
export function reconcilerOver(args: {
  db: Kysely<AppTables>;
  schedules: ReconcilerDeps['schedules'];
  inventory: readonly InventoryEntry[];
  port: CloudPort;
  accountId: string;
  now: () => Date;
  tickMs?: number;
  notify?: ReconcilerDeps['notify'];
}) {
  return createReconciler({
    schedules: args.schedules,
    repo: createReconcilerRepo({ db: args.db }),
    inventory: { resources: async () => [...args.inventory] },
    targets: {
      resolve: async () => ({
        port: args.port,
        accounts: [{ accountId: args.accountId, credentials: { kind: 'server-identity' } }],
      }),
    },
    notify: args.notify ?? (async () => {}),
    now: args.now,
    tickMs: args.tickMs ?? 60_000,
  });
}

/** The scheduler service over the test's app database and bill, its inventory `inventory` (of `projectId`). */
export function schedulerServiceOver(args: {
  db: Kysely<AppTables>;
  bill: Pick<ResourceCostPort, 'newestUsageDay' | 'resourceUsageCosts'>;
  projectId: string;
  inventory: readonly InventoryEntry[];
  now: () => Date;
}) {
  return createSchedulerService({
    repo: createSchedulerRepo({ db: args.db }),
    scopes: { requested: async () => ({ projectIds: [args.projectId] }) } as never,
    inventory: { resources: async () => [...args.inventory] },
    bill: args.bill,
    metrics: { hourlySeries: async () => [] },
    clusters: { projectsOf: async () => new Map() },
    ledger: createScheduleLedgerRepo({ db: args.db }),
    now: args.now,
  });
}

/** A line of a test bill: a resource's usage on one day, every cost column `cost`. */
export interface TestBillLine {
  day: string;
  service: string;
  account: string;
  region: string;
  resourceId: string;
  usageType: string;
  cost: number;
  /** resource_tags in the bill's spelling (billing-formats §1.3.10). */
  tags?: Record<string, string>;
}

/** Adds the lines to the warehouse's line items of the client's project (as an import would, on its write turn). */
export function insertBillLines(
  store: DuckDbCostStore,
  clientId: string,
  projectId: string,
  lines: readonly TestBillLine[],
): Promise<unknown> {
  const tags = (t: Record<string, string> = {}) =>
    `MAP {${Object.entries(t)
      .map(([k, v]) => `'${k}': '${v}'`)
      .join(', ')}}`;
  const value = (l: TestBillLine) =>
    `('${clientId}', '${projectId}', DATE '${l.day.slice(0, 8)}01', TIMESTAMP '${l.day} 00:00:00', '${l.service}', '${l.account}', '${l.region}', '${l.resourceId}', '${l.usageType}', 'Usage', ${l.cost}, ${l.cost}, ${l.cost}, ${l.cost}, ${tags(l.tags)})`;
  return store.exclusive(() =>
    store.connection.run(
      `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, product_servicecode, line_item_usage_account_id, product_region_code, line_item_resource_id, line_item_usage_type, line_item_line_item_type, line_item_unblended_cost, line_item_amortized_cost, finlens_line_item_net_amortized_cost, pricing_public_on_demand_cost, resource_tags) VALUES ${lines.map(value).join(', ')}`,
    ),
  );
}

/** A schedule's action log as the tests compare it: what was acted on, how, and the states before and after, in order. */
export function scheduleActionLog(db: Kysely<AppTables>, scheduleId: string) {
  return db
    .selectFrom('scheduler_actions')
    .select([
      'kind',
      'resource_id',
      'account_id',
      'region',
      'action',
      'outcome',
      'state_before',
      'state_after',
    ])
    .where('schedule_id', '=', scheduleId)
    .orderBy('performed_at')
    .orderBy('resource_id', 'desc')
    .execute();
}
