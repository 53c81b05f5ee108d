import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DAYS_PER_MONTH } from '@finlens/cost-model/recommendations/rule-kit';
import { addDays, inclusiveDays } from '@finlens/cost-model/utc-calendar';
import { generateDemoCur2 } from '@finlens/fixtures/demo/generate-demo-cur2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientAndProject } from '../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../db/test-app-database';
import { createCollectionTargets } from '../features/inventory/collection-targets';
import { createCollectionTargetsRepo, DEMO_BILL_KIND } from '../features/inventory/collection-targets.repo';
import { simulateProject } from '../features/inventory/simulated-project';
import { insertLedgerEntry } from '../features/savings-ledger/ledger-entry.test-helper';
import { createLedgerVerify } from '../features/savings-ledger/ledger-verify';
import { createSavingsLedgerRepo } from '../features/savings-ledger/savings-ledger.repo';
import { createImportService } from '../ingest/import.service';
import { createImportsRepo } from '../ingest/imports.repo';
import { localSource } from '../ingest/sources/local-source';
import type { CloudPort } from '../integrations/cloud/cloud-port';
import { manualClock } from '../integrations/cloud/simulated/sim-clock';
import { createSecretBox } from '../platform/crypto/secret-box';
import { type DuckDbCostStore, openDuckDbCostStore } from '../warehouse/duckdb/duckdb-cost-store';
import { enqueueAfterImportJobs } from './after-import-jobs';
import { demoDataDir, refreshDemoBill } from './demo-bill';

/** A bill delivered on 21 February: its usage ends at that midnight, as `finlens demo` makes it. */
const OPTIONS = {
  seed: 7,
  months: 2,
  endMonth: '2026-02',
  rows: 20_000,
  anomalies: true,
  usageEnd: '2026-02-21T00:00:00.000Z',
} as const;
/** The stop: 20 February 2026, 13:00 UTC — 13 of the day's 24 hours ran. */
const STOP_AT = new Date('2026-02-20T13:00:00Z');
/** The daily refresh on 1 March: the bill gains 21 to 28 February. */
const LATER = new Date('2026-03-01T07:00:00Z');
const noAws = new Proxy({} as CloudPort, {
  get: () => () => Promise.reject(new Error('the demo is simulated: AWS must not be called')),
});

type Scenario = {
  transitionSeconds: number;
  resources: { kind: string; id: string; accountId: string; attachments?: { kind: string; id: string }[] }[];
};
type Expected = {
  actionsApplied: number;
  periods: Record<string, { totals: { rows: number; unblended: number; amortized: number } }>;
  cloud: { planted: { idleInstances: { accountId: string; region: string; id: string }[] } };
};

describe('the demo bill follows the actions taken on the demo cloud', () => {
  /** The instance the first test stops, and its effective cost per day over the 30 billed days before. */
  let stopped: { id: string; estimatedMonthly: number } | null = null;
  let database: MigratedTestDatabase;
  let store: DuckDbCostStore;
  let projectId: string;
  let clientId: string;
  beforeAll(async () => {
    database = await openMigratedTestDatabase('demo-bill');
    store = await openDuckDbCostStore({ path: join(database.dir, 'warehouse.duckdb') });
    await store.init();
    const tenant = await insertClientAndProject(database.db, 'Demo', { name: 'Demo organisation' });
    projectId = tenant.projectId;
    clientId = tenant.clientId;
    const outDir = demoDataDir(database.dir);
    await generateDemoCur2({ ...OPTIONS, outDir, format: 'parquet' });
    await createImportService({
      repo: createImportsRepo(database.db, { onPeriodsReplaced: enqueueAfterImportJobs }),
      warehouse: store,
    }).importFrom({ source: localSource(outDir), clientId: tenant.clientId, projectId, format: 'cur2' });
    const scenario = JSON.parse(await readFile(join(outDir, 'cloud-scenario.json'), 'utf8'));
    await simulateProject({ db: database.db, projectId, scenario, billFollowsActions: true });
  }, 180_000);
  afterAll(async () => {
    await store?.close();
    await database?.close();
  });

  const expectedJson = async () =>
    JSON.parse(await readFile(join(demoDataDir(database.dir), 'EXPECTED.json'), 'utf8')) as Expected;

  /** Cost per day and usage type of a resource, from the imported line items. */
  async function dailyCost(resourceId: string) {
    const reader = await store.connection.runAndReadAll(
      `SELECT strftime(line_item_usage_start_date, '%Y-%m-%d') AS day, line_item_usage_type AS usage_type,
              sum(line_item_usage_amount) AS amount, sum(line_item_unblended_cost) AS cost
         FROM line_items WHERE project_id = $project AND line_item_resource_id = $id
         GROUP BY ALL ORDER BY day, usage_type`,
      { project: projectId, id: resourceId },
    );
    return reader.getRowObjectsJson().map((r) => ({
      day: String(r.day),
      usageType: String(r.usage_type),
      amount: Number(r.amount),
      cost: Number(r.cost),
    }));
  }

  /**
   * What the idle-instance recommendation estimates: the instance's whole effective (net amortized) bill per
   * month, over the last 30 days the bill holds (recommendations' rule-inputs reads it so).
   */
  async function idleEstimate(resourceId: string): Promise<number> {
    const scope = { clientId, projectIds: [projectId] };
    const newest = await store.newestUsageDay(scope);
    if (newest === null) throw new Error('the imported demo bill has no newest usage day');
    const from = addDays(newest, -29);
    const rows = await store.resourceCosts({
      ...scope,
      from,
      current: from,
      to: newest,
      tagKeys: [],
      costType: 'net_amortized',
    });
    const row = rows.find((r) => r.resourceId === resourceId);
    if (row === undefined) throw new Error(`no bill for ${resourceId}`);
    const days = inclusiveDays(row.firstDay > from ? row.firstDay : from, newest);
    return (row.currentCost / days) * DAYS_PER_MONTH;
  }

  it('a stopped idle instance bills no compute hours after the stop, that day and the days the bill gains; its volume still bills; totals reconcile', async () => {
    const before = await expectedJson();
    const scenario = JSON.parse(
      await readFile(join(demoDataDir(database.dir), 'cloud-scenario.json'), 'utf8'),
    ) as Scenario;
    // A planted idle instance billed every day of the bill's February, with a volume attached to it.
    const volumeOf = (id: string) =>
      scenario.resources.find(
        (r) =>
          r.kind === 'ebs-volume' && r.attachments?.some((a) => a.kind === 'ec2-instance' && a.id === id),
      );
    let chosen: { accountId: string; region: string; id: string; volume: string } | null = null;
    for (const idle of before.cloud.planted.idleInstances) {
      const volume = volumeOf(idle.id);
      const days = await dailyCost(idle.id);
      if (volume && days.filter((d) => d.day.startsWith('2026-02')).length === 20) {
        chosen = { ...idle, volume: volume.id };
        break;
      }
    }
    if (chosen === null) throw new Error('no planted idle instance with a volume billed all February');
    const instanceBefore = await dailyCost(chosen.id);
    stopped = { id: chosen.id, estimatedMonthly: await idleEstimate(chosen.id) };
    const volumeBefore = await dailyCost(chosen.volume);
    const januaryBefore = (await store.periodTotals({ projectId })).find((p) =>
      p.billingPeriod.startsWith('2026-01'),
    );

    // Stop it through the simulated cloud, as the scheduler or a recommendation would.
    const targets = createCollectionTargets({
      repo: createCollectionTargetsRepo({ db: database.db }),
      secretBox: createSecretBox('s'.repeat(32)),
      aws: noAws,
      simClock: manualClock(STOP_AT),
    });
    const target = await targets.resolve(projectId, null);
    if (target?.kind !== 'simulated') throw new Error('the demo project is simulated');
    const account = { accountId: chosen.accountId, credentials: { kind: 'server-identity' } as const };
    const ref = { kind: 'ec2-instance' as const, id: chosen.id };
    await target.port.act(account, { type: 'stop', region: chosen.region, resource: ref });
    const queued = await database.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', DEMO_BILL_KIND)
      .execute();
    expect(queued.map((j) => j.payload)).toEqual([{ projectId }]);

    const summary = await refreshDemoBill({
      db: database.db,
      warehouse: store,
      dataDir: database.dir,
      projectId,
      now: LATER,
    });
    // Only February holds the stop and the new days: it alone is imported again.
    expect(summary?.periods.map((p) => p.billingPeriod.slice(0, 7))).toEqual(['2026-02']);

    const instanceAfter = await dailyCost(chosen.id);
    const rate = (instanceBefore[0]?.cost ?? 0) / (instanceBefore[0]?.amount ?? 1);
    expect(instanceBefore.every((d) => d.amount === 24)).toBe(true);
    // Before the stop's day: as generated. Its day: the 13 hours it ran. After: no compute line at all.
    expect(instanceAfter.filter((d) => d.day < '2026-02-20')).toEqual(
      instanceBefore.filter((d) => d.day < '2026-02-20'),
    );
    const stopDay = instanceAfter.filter((d) => d.day === '2026-02-20');
    expect(stopDay.map((d) => d.amount)).toEqual([13]);
    expect(stopDay[0]?.cost).toBeCloseTo(13 * rate, 8);
    expect(instanceAfter.filter((d) => d.day > '2026-02-20')).toEqual([]);
    // Its volume keeps billing: the same lines as before, and one for each day the bill gained.
    const volumeAfter = await dailyCost(chosen.volume);
    expect(volumeAfter.filter((d) => d.day < '2026-02-21')).toEqual(volumeBefore);
    expect(volumeAfter.filter((d) => d.day >= '2026-02-21').map((d) => d.day)).toEqual(
      ['21', '22', '23', '24', '25', '26', '27', '28'].map((d) => `2026-02-${d}`),
    );

    // The new bill reconciles to its line items: the warehouse equals the generator's ledger per period
    // (month-end lines such as tax and support follow the stopped hours), January untouched.
    const after = await expectedJson();
    expect(after.actionsApplied).toBe(1);
    const periods = await store.periodTotals({ projectId });
    for (const period of periods) {
      const want = after.periods[period.billingPeriod.slice(0, 7)]?.totals;
      expect(period.rows).toBe(want?.rows);
      expect(period.totals.unblended).toBeCloseTo(want?.unblended ?? Number.NaN, 6);
      expect(period.totals.amortized).toBeCloseTo(want?.amortized ?? Number.NaN, 6);
    }
    expect(periods.find((p) => p.billingPeriod.startsWith('2026-01'))).toEqual(januaryBefore);

    // The simulated cloud agrees: the instance lists as stopped and its CPU is zero after the stop.
    const later = createCollectionTargets({
      repo: createCollectionTargetsRepo({ db: database.db }),
      secretBox: createSecretBox('s'.repeat(32)),
      aws: noAws,
      simClock: manualClock(new Date('2026-02-21T00:00:00Z')),
    });
    const rebuilt = await later.resolve(projectId, null);
    if (rebuilt?.kind !== 'simulated') throw new Error('the demo project is simulated');
    const listed = await rebuilt.port.listResources(account, chosen.region, ['ec2-instance']);
    expect(listed.resources.find((r) => r.id === chosen.id)).toMatchObject({ state: 'stopped' });

    // Up to date: a second run the same day (another queued job) changes nothing.
    expect(
      await refreshDemoBill({
        db: database.db,
        warehouse: store,
        dataDir: database.dir,
        projectId,
        now: LATER,
      }),
    ).toBeNull();
  }, 180_000);

  it('the savings ledger verifies the stop from the new bill: realised within 5 % of the estimate', async () => {
    if (stopped === null) throw new Error('the stop test did not run');
    const repo = createSavingsLedgerRepo({ db: database.db });
    const id = await insertLedgerEntry(database.db, {
      client_id: clientId,
      project_id: projectId,
      recommendation_id: 'demo-idle',
      resource_id: stopped.id,
      state: 'applied',
      estimated_monthly_saving: stopped.estimatedMonthly,
      accepted_at: STOP_AT,
      applied_at: STOP_AT,
      applied_via: 'cloud',
    });
    const verify = createLedgerVerify({ repo, warehouse: store, now: () => LATER });
    expect(await verify.verifyAll(clientId)).toBe(1);
    const entry = await database.db
      .selectFrom('savings_ledger_entries')
      .select(['state', 'verification'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // The bill runs to 28 February: 8 whole days after the stop's day, the 14 before it at the full rate.
    expect(entry.verification).toMatchObject({
      outcome: 'verified',
      billed_through: '2026-02-28',
      after_days: 8,
    });
    expect(entry.state).toBe('verified');
    const realised = entry.verification?.realised_monthly_saving ?? 0;
    const error = Math.abs(realised - stopped.estimatedMonthly) / stopped.estimatedMonthly;
    console.info(
      `demo saving error: estimated ${stopped.estimatedMonthly.toFixed(2)}, realised ${realised.toFixed(2)} per month, error ${(error * 100).toFixed(2)} %`,
    );
    expect(error).toBeLessThanOrEqual(0.05);
  }, 60_000);
});
