import { randomUUID } from 'node:crypto';
import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DemoBillAction } from '@finlens/fixtures/demo/bill-actions';
import { generateDemoCur2 } from '@finlens/fixtures/demo/generate-demo-cur2';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppTables } from '../db/tables';
import { createCollectionTargetsRepo, DEMO_BILL_KIND } from '../features/inventory/collection-targets.repo';
import { createImportService, type ImportSummary } from '../ingest/import.service';
import { createImportsRepo } from '../ingest/imports.repo';
import { localSource } from '../ingest/sources/local-source';
import type { CloudAction } from '../integrations/cloud/cloud-actions';
import { simSnapshotId } from '../integrations/cloud/simulated/sim-actions';
import { defineJobHandler } from '../platform/jobs/job-handler';
import type { ScheduleDefinition } from '../platform/jobs/job-schedules';
import type { WarehouseStore } from '../warehouse/open-cost-store';
import { enqueueAfterImportJobs } from './after-import-jobs';
import { demoUsageEnd } from './demo-usage-end';

/** Where `finlens demo` keeps the demo's generated CUR, its cloud scenario and EXPECTED.json. */
export const demoDataDir = (dataDir: string) => join(dataDir, 'demo');

/** Each day, the demo bill gains the day that ended (with the actions taken so far) — a CUR delivery. */
export const DEMO_BILL_SCHEDULES: readonly ScheduleDefinition[] = [
  { name: 'demo.bill-daily', kind: DEMO_BILL_KIND, payload: {}, cron: '30 6 * * *' },
];

/** The generator's options as EXPECTED.json names them, and how many actions the bill already follows. */
const expectedSchema = z.object({
  seed: z.number(),
  endMonth: z.string(),
  months: z.number(),
  rowsRequested: z.number(),
  injectedAnomalies: z.array(z.unknown()).nullish(),
  usageEnd: z.string().nullish(),
  throughMonth: z.string().optional(),
  actionsApplied: z.number().optional(),
});

/**
 * The demo bill follows the demo cloud's actions and the days that pass: regenerates the demo CUR with every
 * action taken on the project's simulated cloud so far and, for a bill that ends where a CUR delivered today
 * would (usageEnd), up to the day that ended by `now` (the generator's other lines come out the same), imports
 * the billing periods from the month of the first action or of the first new day on, and puts the new files
 * in place of the old. Null when the bill is up to date. The import replaces those periods atomically; a
 * failure leaves the warehouse and the files as they were. A bill still current (its usage ends in its last
 * month, as `finlens demo` makes it) rolls forward when `now` crosses a month end: it goes on through the month
 * of its new last day (the generator's throughMonth; the window `finlens demo` made keeps its lines and totals).
 */
export async function refreshDemoBill(args: {
  db: Kysely<AppTables>;
  warehouse: WarehouseStore;
  dataDir: string;
  projectId: string;
  now: Date;
}): Promise<ImportSummary | null> {
  const target = await createCollectionTargetsRepo({ db: args.db }).target(args.projectId, null);
  if (target === null || target.scenario === null) return null;
  const dir = demoDataDir(args.dataDir);
  const expected = expectedSchema.parse(JSON.parse(await readFile(join(dir, 'EXPECTED.json'), 'utf8')));
  const actions: DemoBillAction[] = target.simActions.map((entry) => ({
    at: entry.at.toISOString(),
    accountId: entry.accountId,
    action: billAction(entry.action, entry.accountId, entry.at, target.scenario),
  }));
  const previousEnd = expected.usageEnd ?? null;
  const usageEnd = previousEnd === null ? null : maxIso(previousEnd, demoUsageEnd(args.now));
  if ((expected.actionsApplied ?? 0) === actions.length && usageEnd === previousEnd) return null;
  const previousThrough = expected.throughMonth ?? expected.endMonth;
  const current = previousEnd !== null && lastBilledMonth(previousEnd) <= previousThrough;
  const throughMonth =
    usageEnd !== null && current && lastBilledMonth(usageEnd) > previousThrough
      ? lastBilledMonth(usageEnd)
      : previousThrough;
  const transition = (target.scenario as { transitionSeconds?: unknown }).transitionSeconds;
  const next = `${dir}.next-${randomUUID()}`;
  await rm(next, { recursive: true, force: true });
  try {
    await generateDemoCur2({
      seed: expected.seed,
      endMonth: expected.endMonth,
      months: expected.months,
      rows: expected.rowsRequested,
      format: 'parquet',
      anomalies: Array.isArray(expected.injectedAnomalies),
      outDir: next,
      actions,
      ...(typeof transition === 'number' ? { transitionSeconds: transition } : {}),
      ...(usageEnd === null ? {} : { usageEnd }),
      ...(throughMonth === expected.endMonth ? {} : { throughMonth }),
    });
    // A later action queued its own refresh: that one imports, so the bill never goes back to fewer actions.
    const now = await createCollectionTargetsRepo({ db: args.db }).target(args.projectId, null);
    if ((now?.simActions.length ?? 0) !== actions.length) return null;
    // Only the periods an action or a new day changed are imported again (actions are kept in time order); a
    // month the bill rolled past closes (its invoice id).
    const firstNewDay = usageEnd !== previousEnd ? previousEnd : null;
    const from = [actions[0]?.at, firstNewDay, throughMonth === previousThrough ? null : previousThrough]
      .filter((at): at is string => typeof at === 'string')
      .reduce((a, b) => (a < b ? a : b), '9999')
      .slice(0, 7);
    if (from > throughMonth) {
      await swap(dir, next);
      return null;
    }
    const all = localSource(next);
    const source = {
      ...all,
      listFiles: async () =>
        (await all.listFiles()).filter(
          (f) => (/BILLING_PERIOD=(\d{4}-\d{2})/.exec(f.displayName)?.[1] ?? '') >= from,
        ),
    };
    const summary = await createImportService({
      repo: createImportsRepo(args.db, { onPeriodsReplaced: enqueueAfterImportJobs }),
      warehouse: args.warehouse,
    }).importFrom({
      source,
      clientId: target.project.client_id,
      projectId: args.projectId,
      format: 'cur2',
    });
    await swap(dir, next);
    return summary;
  } finally {
    await rm(next, { recursive: true, force: true });
  }
}

const scenarioSchema = z.object({
  resources: z.array(
    z.object({
      kind: z.string(),
      id: z.string(),
      accountId: z.string(),
      memoryMiB: z.number().optional(),
      volumeType: z.string().optional(),
      sizeGiB: z.number().optional(),
      allocatedStorageGiB: z.number().optional(),
      iops: z.number().nullable().optional(),
      throughputMiBps: z.number().nullable().optional(),
    }),
  ),
});

/**
 * What the bill needs of an action: a memory change also says the function's memory in the scenario (what the
 * generated bill ran at; the scenario's default 128 MB when it names none), so its GB-seconds scale by the ratio;
 * a volume change the volume's type, IOPS and throughput there (what its generated lines bill), so they follow the new ones;
 * a snapshot (a delete's safety snapshot) the id the simulated cloud gave it and the volume's size, which it bills;
 * a database's deletion the database's allocated storage, which its final snapshot bills.
 */
export function billAction(
  action: CloudAction,
  accountId: string,
  at: Date,
  scenario: unknown,
): DemoBillAction['action'] {
  if (
    action.type !== 'set-memory' &&
    action.type !== 'modify-volume' &&
    action.type !== 'snapshot' &&
    action.type !== 'delete-database'
  )
    return action;
  const parsed = scenarioSchema.safeParse(scenario);
  const kind = action.resource.kind;
  const resource = parsed.success
    ? parsed.data.resources.find(
        (r) => r.kind === kind && r.id === action.resource.id && r.accountId === accountId,
      )
    : undefined;
  if (action.type === 'set-memory') return { ...action, fromMemoryMiB: resource?.memoryMiB ?? 128 };
  if (action.type === 'delete-database')
    return resource?.allocatedStorageGiB === undefined
      ? action
      : { ...action, sizeGiB: resource.allocatedStorageGiB };
  if (action.type === 'snapshot')
    return resource?.sizeGiB === undefined
      ? action
      : {
          ...action,
          snapshotId: simSnapshotId(action.resource.id, at.getTime()),
          sizeGiB: resource.sizeGiB,
        };
  return resource?.volumeType === undefined
    ? action
    : {
        ...action,
        fromVolumeType: resource.volumeType,
        fromIops: resource.iops ?? null,
        fromThroughputMiBps: resource.throughputMiBps ?? null,
      };
}

/** Puts the regenerated files in place of the demo's. */
async function swap(dir: string, next: string): Promise<void> {
  const old = `${dir}.old-${randomUUID()}`;
  await rename(dir, old);
  await rename(next, dir);
  await rm(old, { recursive: true, force: true });
}

const maxIso = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

/** The month (YYYY-MM) of the last day a bill whose usage ends at `usageEnd` (exclusive) holds. */
const lastBilledMonth = (usageEnd: string) => new Date(Date.parse(usageEnd) - 1).toISOString().slice(0, 7);

/**
 * The job an action on a project whose bill follows its actions queues (features/inventory) and, without a
 * project, the daily one that refreshes every such project's bill. `now` is the simulated cloud's clock (the
 * server's: its test-only control moves it ahead with the scheduler), so the bill gains the days its cloud lived.
 */
export function demoBillJobHandler(deps: {
  db: Kysely<AppTables>;
  warehouse: WarehouseStore;
  dataDir: string;
  now?: () => Date;
}) {
  const repo = createCollectionTargetsRepo({ db: deps.db });
  return defineJobHandler({
    kind: DEMO_BILL_KIND,
    payload: z.object({ projectId: z.string().optional() }),
    run: async ({ projectId }) => {
      const now = deps.now?.() ?? new Date();
      const projects = projectId === undefined ? await repo.billFollowingProjectIds() : [projectId];
      for (const id of projects) await refreshDemoBill({ ...deps, projectId: id, now });
    },
  });
}
