import type {
  AccountInventory,
  CollectionState,
  CollectionStatusView,
  InventoryResource,
} from '@finlens/contracts/inventory';
import { iamActionOf } from '../../integrations/cloud/aws/aws-calls';
import type { CollectionRunRow } from './inventory.tables';

/** One pass's runs as the account's collection status: running until every region finished. */
export function passStatus(
  runs: CollectionRunRow[],
  accountNames: ReadonlyMap<string, string> = new Map(),
): CollectionStatusView | null {
  const first = runs[0];
  if (first === undefined) return null;
  const finished = runs.filter((r) => r.finished_at !== null);
  const statuses = new Set(runs.map((r) => r.status));
  const status: CollectionStatusView['status'] =
    finished.length < runs.length
      ? 'running'
      : statuses.size === 1 && statuses.has('failed')
        ? 'failed'
        : statuses.has('failed') || statuses.has('partial')
          ? 'partial'
          : 'succeeded';
  const last = finished.map((r) => new Date(r.finished_at as Date).getTime()).sort((a, b) => b - a)[0];
  return {
    pass_id: first.pass_id,
    status,
    last_collected_at: last === undefined ? null : new Date(last).toISOString(),
    regions: runs.length,
    regions_done: finished.length,
    resources: runs.reduce((sum, r) => sum + (r.resource_count ?? 0), 0),
    errors: runs.flatMap((r) =>
      r.errors.map(({ service, operation, code, message }) => ({
        account_id: r.account_id,
        account_name: accountNames.get(r.account_id) ?? null,
        region: r.region,
        service,
        operation,
        iam_action: iamActionOf(service, operation),
        code,
        message,
      })),
    ),
  };
}

const PASS_STATES: Record<CollectionStatusView['status'], CollectionState> = {
  running: 'collecting',
  succeeded: 'ready',
  partial: 'ready',
  failed: 'failing',
};

/** The account's state: one that cannot be collected awaits configuration, whatever ran before. */
export function accountInventory({
  awaiting,
  runs,
  counts,
  accountNames,
}: {
  /** Why the account cannot be collected, or null when it can. */
  awaiting: string | null;
  runs: CollectionRunRow[];
  counts: AccountInventory['counts'];
  /** Names of the usage accounts the runs name, where known. */
  accountNames?: ReadonlyMap<string, string>;
}): AccountInventory {
  const lastPass = passStatus(runs, accountNames);
  const state: CollectionState =
    awaiting !== null
      ? 'awaiting_configuration'
      : lastPass === null
        ? 'not_collected'
        : PASS_STATES[lastPass.status];
  return { state, reason: awaiting, counts, last_pass: lastPass };
}

/** Rows of (project, kind, count) as counts per project. */
export function countsByProject(
  rows: readonly { project_id: string; kind: string; count: string | number | bigint }[],
): Map<string, AccountInventory['counts']> {
  const out = new Map<string, AccountInventory['counts']>();
  for (const row of rows) {
    const counts = out.get(row.project_id) ?? {};
    counts[row.kind as InventoryResource['kind']] = Number(row.count);
    out.set(row.project_id, counts);
  }
  return out;
}
