import type { DispatchPayload } from '@finlens/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { createCostTargetsRepo } from './cost-targets.repo';
import { releaseDigests } from './target-alert-jobs';
import { createTargetAlertsRepo, crossingKey } from './target-alerts.repo';
import { insertTargetWithAlert } from './target-fixture.test-helper';

describe('fired alerts', () => {
  let database: MigratedTestDatabase;
  let alertId: string;
  let targetId: string;
  beforeAll(async () => {
    database = await openMigratedTestDatabase('targets');
    const db = database.db;
    const client = await db
      .insertInto('clients')
      .values({ name: 'Acme' })
      .returning('id')
      .executeTakeFirstOrThrow();
    ({ targetId, alertId } = await insertTargetWithAlert(db, client.id));
  });
  afterAll(async () => {
    await database?.close();
  });

  const dispatches = () =>
    database.db
      .selectFrom('jobs')
      .select(['kind', 'payload', 'dedupe_key'])
      .where('kind', '=', 'notifications.dispatch')
      .execute();

  it('records a crossing once per alert, period and threshold, enqueuing one notification', async () => {
    const alerts = createTargetAlertsRepo({ db: database.db });
    const crossing = { alertId, periodStart: '2026-01-01', threshold: 80, value: 90, budget: 100 };
    const now = new Date('2026-01-20T00:00:00Z');
    expect(await alerts.recordCrossing(crossing, { n: 1 }, true, now)).toBe(true);
    expect(await alerts.recordCrossing(crossing, { n: 2 }, true, now)).toBe(false);
    expect(await dispatches()).toEqual([
      {
        kind: 'notifications.dispatch',
        payload: { n: 1 },
        dedupe_key: `cost-target-alert:${alertId}:2026-01-01:80`,
      },
    ]);
    // A new threshold or a new period is a new crossing.
    expect(await alerts.recordCrossing({ ...crossing, threshold: 95 }, { n: 3 }, true, now)).toBe(true);
    expect(await alerts.recordCrossing({ ...crossing, periodStart: '2026-02-01' }, { n: 4 }, true, now)).toBe(
      true,
    );
    expect(await dispatches()).toHaveLength(3);
  });

  it('a crossing of an alert deleted since the evaluation read it records nothing', async () => {
    const targets = createCostTargetsRepo({ db: database.db });
    const gone = await targets.insertAlert({
      cost_target_id: targetId,
      basis: 'actual',
      threshold_type: 'amount',
      threshold: 1,
      frequency: 'immediately',
      recipients: { user_ids: [], emails: [], channel_ids: [] },
    });
    await targets.deleteAlert(gone);
    const crossing = { alertId: gone, periodStart: '2026-01-01', threshold: 1, value: 9, budget: 100 };
    const alerts = createTargetAlertsRepo({ db: database.db });
    expect(await alerts.recordCrossing(crossing, {}, true, new Date())).toBe(false);
    expect((await dispatches()).map((j) => j.dedupe_key)).not.toContain(crossingKey(crossing));
  });

  it('a digest crossing waits unnotified until the digest enqueues it, once', async () => {
    const alerts = createTargetAlertsRepo({ db: database.db });
    const crossing = { alertId, periodStart: '2026-03-01', threshold: 80, value: 90, budget: 100 };
    const now = new Date('2026-03-20T00:00:00Z');
    const message: DispatchPayload = {
      clientId: 'client',
      source: 'cost_target_alert',
      sourceId: alertId,
      subject: 'Cost target "All" has reached 80% of the budget',
      text: 'Spend of "All" has reached 80% of the budget.',
      link: `/v3/burn-down-tracker/?target=${targetId}`,
      severity: 'warning',
      facts: { Target: 'All', Threshold: '80% of the budget (actual)' },
      recipients: { userIds: [], emails: ['ops@example.com'], channelIds: [] },
    };
    expect(await alerts.recordCrossing(crossing, message, false, now)).toBe(true);
    expect((await dispatches()).map((j) => j.dedupe_key)).not.toContain(crossingKey(crossing));
    await database.db
      .updateTable('cost_target_alerts')
      .set({ frequency: 'daily' })
      .where('id', '=', alertId)
      .execute();
    expect(await releaseDigests(alerts, 'weekly', now)).toBe(0);
    expect(await releaseDigests(alerts, 'daily', now)).toBe(1);
    expect(await releaseDigests(alerts, 'daily', now)).toBe(0);
    const released = (await dispatches()).filter((j) => (j.payload as DispatchPayload).text === message.text);
    expect(released.map((j) => j.payload)).toEqual([{ ...message, digest: true }]);
  });

  it('a target is due when never evaluated or when an import of its client finished since', async () => {
    const alerts = createTargetAlertsRepo({ db: database.db });
    const now = new Date();
    expect((await alerts.dueTargets(now)).map((t) => t.id)).toContain(targetId);
    const [read] = (await alerts.dueTargets(now)).filter((t) => t.id === targetId);
    if (read === undefined) throw new Error('not due');
    // Edited after it was read: the evaluation that read it does not count.
    await createCostTargetsRepo({ db: database.db }).updateTarget(targetId, { amount: 120 });
    expect(await alerts.markEvaluated(read, now)).toBe(false);
    expect((await alerts.dueTargets(now)).map((t) => t.id)).toContain(targetId);
    const [latest] = (await alerts.dueTargets(now)).filter((t) => t.id === targetId);
    expect(latest?.edited_at.getTime()).toBeGreaterThan(read.edited_at.getTime());
    expect(await alerts.markEvaluated(latest ?? read, now)).toBe(true);
    expect((await alerts.dueTargets(now)).map((t) => t.id)).not.toContain(targetId);
    const target = await database.db
      .selectFrom('cost_targets')
      .selectAll()
      .where('id', '=', targetId)
      .executeTakeFirstOrThrow();
    const project = await database.db
      .insertInto('projects')
      .values({ client_id: target.client_id, name: 'Payer', billing_last_ingestion_datetime: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('import_runs')
      .values({
        client_id: target.client_id,
        project_id: project.id,
        source: 'upload',
        status: 'succeeded',
        finished_at: new Date(now.getTime() + 1000),
        files: 1,
        rows: 1,
        periods: null,
        totals: null,
        detected_format: null,
        error: null,
        error_file: null,
        error_row: null,
        error_column: null,
      })
      .execute();
    expect((await alerts.dueTargets(now)).map((t) => t.id)).toContain(targetId);
  });
});
