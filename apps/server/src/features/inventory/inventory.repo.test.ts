import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertClientAndProject } from '../../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import {
  ACCOUNT_ID,
  CONTRACT_NOW,
  CONTRACT_SCENARIO,
  CONTRACT_IDS as IDS,
} from '../../integrations/cloud/contract-world.test-helper';
import { parseScenario } from '../../integrations/cloud/simulated/scenario-file';
import { manualClock } from '../../integrations/cloud/simulated/sim-clock';
import { createSimulatedCloud } from '../../integrations/cloud/simulated/simulated-cloud';
import { collectRegion } from './collect-region';
import { createInventoryRepo } from './inventory.repo';

const HOUR = 3_600_000;
const account = { accountId: ACCOUNT_ID, credentials: { kind: 'server-identity' } } as const;
const later = (hours: number) => new Date(CONTRACT_NOW.getTime() + hours * HOUR).toISOString();

/** The contract world an hour on: the web instance stopped, the spare volume deleted. */
const EVENTS = [
  { at: later(1), type: 'stop', resource: { kind: 'ec2-instance', id: IDS.web } },
  { at: later(1), type: 'delete', resource: { kind: 'ebs-volume', id: IDS.spareVolume } },
];

describe('inventory collection on the app database', () => {
  let database: MigratedTestDatabase;
  let projectId: string;
  const repo = () => createInventoryRepo({ db: database.db });

  beforeAll(async () => {
    database = await openMigratedTestDatabase('inventory');
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    const db = database.db;
    ({ projectId } = await insertClientAndProject(db));
  });

  /** Collects us-east-1 of the contract world at `hours` after its start, with extra scenario fields. */
  function pass(passId: string, hours: number, extra: Record<string, unknown> = {}) {
    const clock = manualClock(new Date(later(hours)));
    const port = createSimulatedCloud({
      scenario: parseScenario({ ...CONTRACT_SCENARIO, events: EVENTS, ...extra }),
      clock,
    });
    return collectRegion({
      repo: repo(),
      port,
      account,
      projectId,
      passId,
      region: 'us-east-1',
      now: clock.now,
    });
  }

  const changes = () =>
    database.db
      .selectFrom('inventory_changes')
      .select(['change', 'kind', 'resource_id', 'fields'])
      .where('project_id', '=', projectId)
      .orderBy('recorded_at')
      .orderBy('kind')
      .orderBy('resource_id')
      .execute();
  const stored = async () =>
    (await repo().currentResources(projectId, ACCOUNT_ID, 'us-east-1')).map(
      (r) => `${r.kind}/${r.resource_id}`,
    );

  it('records every resource as created, then only what changed and what went', async () => {
    expect(await pass('p1', 0)).toEqual({ done: true });
    const created = await changes();
    expect(created).toHaveLength(16);
    expect(created.every((c) => c.change === 'created')).toBe(true);
    expect(await stored()).toHaveLength(16);

    await pass('p2', 2);
    const second = (await changes()).slice(16);
    expect(second.map((c) => [c.change, c.resource_id])).toEqual([
      ['deleted', IDS.spareVolume],
      ['changed', IDS.web],
    ]);
    expect(second[1]?.fields).toEqual([
      { field: 'state', before: 'running', after: 'stopped' },
      { field: 'stateTransitionAt', before: null, after: later(1) },
    ]);
    expect(await stored()).not.toContain(`ebs-volume/${IDS.spareVolume}`);
    // A resource seen again keeps when it was first seen; the row says the pass saw it and what it is now.
    const web = (await repo().currentResources(projectId, ACCOUNT_ID, 'us-east-1')).find(
      (r) => r.resource_id === IDS.web,
    );
    expect(new Date(web?.first_seen_at ?? 0).toISOString()).toBe(later(0));
    expect(new Date(web?.last_seen_at ?? 0).toISOString()).toBe(later(2));
    expect(web).toMatchObject({ state: 'stopped', resource: { state: 'stopped' } });
    const [run] = await repo().runsOfPass(projectId, 'p2');
    expect(run).toMatchObject({ status: 'succeeded', resource_count: 15, errors: [] });
  });

  it('re-runs an unfinished run after a restart without duplicate rows or change events', async () => {
    await pass('p1', 0);
    // The first attempt of p2 died after starting: the run is open and nothing was saved.
    const run = await repo().openRun({ projectId, passId: 'p2', accountId: ACCOUNT_ID, region: 'us-east-1' });
    await repo().markRunning(run.id, new Date(later(2)));
    expect(await pass('p2', 2)).toEqual({ done: true });
    // A job that ran twice (its lease expired while it finished) does nothing the second time.
    expect(await pass('p2', 2)).toEqual({ done: false });
    const all = await changes();
    expect(all.filter((c) => c.change !== 'created')).toHaveLength(2);
    expect(await stored()).toHaveLength(15);
    expect(await repo().runsOfPass(projectId, 'p2')).toHaveLength(1);
  });

  it('keeps the inventory of kinds whose listing failed (denied region service, throttling)', async () => {
    await pass('p1', 0);
    const faults = [
      { accountId: ACCOUNT_ID, region: 'us-east-1', service: 'ec2', code: 'Throttling' },
      { accountId: ACCOUNT_ID, region: 'us-east-1', service: 'rds', code: 'AccessDenied' },
    ];
    await pass('p2', 2, { faults });
    // The instance stopped and the volume went, but EC2 could not be listed: nothing recorded for them.
    expect((await changes()).filter((c) => c.change !== 'created')).toEqual([]);
    expect(await stored()).toHaveLength(16);
    const [run] = await repo().runsOfPass(projectId, 'p2');
    expect(run?.status).toBe('partial');
    expect(run?.errors.map((e) => [e.service, e.code])).toEqual([
      ['ec2', 'Throttling'],
      ['rds', 'AccessDenied'],
    ]);
  });

  it('keeps everything when the role cannot be assumed', async () => {
    await pass('p1', 0);
    await pass('p2', 2, { faults: [{ accountId: ACCOUNT_ID, service: 'sts', code: 'AccessDenied' }] });
    expect((await changes()).filter((c) => c.change !== 'created')).toEqual([]);
    expect(await stored()).toHaveLength(16);
    const [run] = await repo().runsOfPass(projectId, 'p2');
    expect(run).toMatchObject({ status: 'failed' });
    expect(run?.errors[0]).toMatchObject({ service: 'sts', code: 'AccessDenied' });
  });
});
