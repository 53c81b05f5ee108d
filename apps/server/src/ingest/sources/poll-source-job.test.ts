import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createJobSchedules } from '../../platform/jobs/job-schedules';
import { createJobWorker } from '../../platform/jobs/job-worker';
import { describeOnAppEngines, openOrSkip } from '../../platform/jobs/test-engines';
import { testGuardedHttp } from '../../platform/outbound/test-outbound';
import { openSourceStore } from './billing-source-settings';
import { createBillingSourcesRepo } from './billing-sources.repo';
import { createBillingSourcesService, pollScheduleName } from './billing-sources.service';
import { type ImportRunner, pollSourceJobHandler } from './poll-source-job';
import { startTestS3, type TestS3 } from './test-s3rver';
import { createTestProject, s3rverSource } from './test-sources';

const bucket = 'finlens-poll';
const exportPath = 'cur/finlens-cur2';
const openStore: Parameters<typeof pollSourceJobHandler>[0]['openStore'] = (row, box) =>
  openSourceStore(row, box, testGuardedHttp());
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const secretBox = createSecretBox('s'.repeat(48));

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3(bucket);
});
afterAll(async () => {
  await s3?.stop();
});

/** Writes one CUR 2.0 period (data chunk + top-level manifest) as a refresh would. */
async function deliver(period: string, executionId: string, costs: number[]): Promise<void> {
  const key = `${exportPath}/data/BILLING_PERIOD=${period}/finlens-cur2-00001.csv.gz`;
  const rows = costs.map((cost) => `${period}-01T00:00:00Z,${cost}`);
  await s3.put(
    key,
    gzipSync(`bill_billing_period_start_date,line_item_unblended_cost\n${rows.join('\n')}\n`),
  );
  await s3.put(
    `${exportPath}/metadata/BILLING_PERIOD=${period}/finlens-cur2-Manifest.json`,
    JSON.stringify({ executionId, dataFiles: [`s3://${bucket}/${key}`] }),
  );
}

/** Records what the importer was handed, reading the downloaded files while they exist. */
function recordingImporter() {
  const calls: { projectId: string; period: string; layout: string; text: string; paths: string[] }[] = [];
  let failOn: string | null = null;
  const runner: ImportRunner = {
    async importDelivery({ projectId, billingPeriod, layout, source }) {
      if (billingPeriod === failOn) throw new Error('row 2, column line_item_unblended_cost: not a number');
      const files = await source.listFiles();
      const texts = await Promise.all(
        files.map(async (file) => gunzipSync(await readFile(file.localPath)).toString()),
      );
      calls.push({
        projectId,
        period: billingPeriod,
        layout,
        text: texts.join(''),
        paths: files.map((f) => f.localPath),
      });
    },
  };
  return { runner, calls, failOn: (period: string | null) => (failOn = period) };
}

describeOnAppEngines('polling an S3 billing source', (engine) => {
  it('imports new periods, then only restated ones, retries a failed import, and keeps credentials sealed', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    let now = new Date('2026-11-22T10:00:00Z');
    const clock = () => now;
    const queue = createJobQueue({ db, clock });
    const schedules = createJobSchedules({ db, clock });
    const repo = createBillingSourcesRepo({ db });
    const service = createBillingSourcesService({
      repo,
      schedules,
      queue,
      secretBox,
      http: testGuardedHttp(),
    });
    const importer = recordingImporter();
    const worker = createJobWorker({
      queue,
      handlers: [pollSourceJobHandler({ repo, secretBox, importRunner: importer.runner, clock, openStore })],
      logger: silent,
    });
    const projectId = await createTestProject(db, { clientName: 'Poll test', projectName: 'Payer' });
    await deliver('2026-10', 'exec-1', [1.5, 2.5]);
    await deliver('2026-11', 'exec-2', [4]);

    const source = await service.create(
      s3rverSource({ projectId, endpoint: s3.endpoint, bucket, prefix: 'cur' }),
    );
    expect(source).toMatchObject({ has_credentials: true, poll_cron: '17 * * * *' });
    expect(source).not.toHaveProperty('credentials_sealed');
    const stored = await db
      .selectFrom('billing_sources')
      .select('credentials_sealed')
      .where('id', '=', source.id)
      .executeTakeFirstOrThrow();
    expect(stored.credentials_sealed).not.toContain('secretAccessKey');
    const schedule = await db
      .selectFrom('job_schedules')
      .selectAll()
      .where('name', '=', pollScheduleName(source.id))
      .executeTakeFirstOrThrow();
    expect(schedule).toMatchObject({
      kind: 'ingest.poll-source',
      payload: { sourceId: source.id },
      cron: '17 * * * *',
    });

    // First poll: both periods, files downloaded for the import and removed afterwards.
    await service.pollNow(source.id);
    await worker.runNext();
    expect(importer.calls.map(({ projectId: p, period, layout }) => [p, period, layout])).toEqual([
      [projectId, '2026-10', 'cur2'],
      [projectId, '2026-11', 'cur2'],
    ]);
    expect(importer.calls[0]?.text).toContain('2026-10-01T00:00:00Z,2.5');
    expect(importer.calls.flatMap((call) => call.paths).some((path) => existsSync(path))).toBe(false);
    expect(await repo.get(source.id)).toMatchObject({ last_polled_at: now, last_error: null });

    // Nothing changed: nothing imported.
    await service.pollNow(source.id);
    await worker.runNext();
    expect(importer.calls).toHaveLength(2);

    // October restated and its import fails: the job is retried later, November is not fetched again.
    await deliver('2026-10', 'exec-3', [1.5, 2.5, 7]);
    importer.failOn('2026-10');
    const jobId = (await service.pollNow(source.id)) as string;
    await worker.runNext();
    expect(await queue.get(jobId)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await repo.get(source.id))?.last_error).toContain(
      '2026-10: row 2, column line_item_unblended_cost: not a number',
    );

    importer.failOn(null);
    now = new Date(now.getTime() + 60_000);
    expect((await worker.runNext())?.id).toBe(jobId);
    expect(importer.calls.slice(2).map((call) => [call.period, call.text.includes(',7')])).toEqual([
      ['2026-10', true],
    ]);
    expect(await queue.get(jobId)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect((await repo.get(source.id))?.last_error).toBeNull();

    // A removed source stops its schedule, and a queued poll of it fails for good.
    const orphan = (await service.pollNow(source.id)) as string;
    await service.remove(source.id);
    expect(
      await db
        .selectFrom('job_schedules')
        .select('name')
        .where('name', '=', pollScheduleName(source.id))
        .execute(),
    ).toEqual([]);
    await worker.runNext();
    expect(await queue.get(orphan)).toMatchObject({ status: 'failed' });
  });

  it('leaves a source to the poll already reading it, until the lease of that poll runs out', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    let now = new Date('2026-11-22T10:00:00Z');
    const clock = () => now;
    const queue = createJobQueue({ db, clock });
    const repo = createBillingSourcesRepo({ db });
    const service = createBillingSourcesService({
      repo,
      schedules: createJobSchedules({ db, clock }),
      queue,
      secretBox,
      http: testGuardedHttp(),
    });
    const importer = recordingImporter();
    const worker = createJobWorker({
      queue,
      handlers: [pollSourceJobHandler({ repo, secretBox, importRunner: importer.runner, clock, openStore })],
      logger: silent,
    });
    const projectId = await createTestProject(db, { clientName: 'Busy poll', projectName: 'Payer' });
    await deliver('2026-10', 'exec-1', [3]);
    const source = await service.create(
      s3rverSource({ projectId, endpoint: s3.endpoint, bucket, prefix: 'cur' }),
    );
    // A poll claimed by another process, which has started reading the source.
    await service.pollNow(source.id);
    const busy = await queue.claim({
      workerId: 'other-process',
      kinds: ['ingest.poll-source'],
      leaseMs: 60_000,
    });
    expect(busy).not.toBeNull();
    expect(await repo.claimPoll(source.id, busy?.id as string, now)).toBe(true);

    // A second poll meanwhile: done at once, nothing imported twice.
    const second = (await service.pollNow(source.id)) as string;
    expect((await worker.runNext())?.id).toBe(second);
    expect(await queue.get(second)).toMatchObject({ status: 'succeeded' });
    expect(importer.calls).toEqual([]);

    // The other process died: once its lease has run out, its job is retried here and imports.
    now = new Date(now.getTime() + 61_000);
    expect((await worker.runNext())?.id).toBe(busy?.id);
    expect(importer.calls.map((call) => call.period)).toContain('2026-10');
    expect((await repo.get(source.id))?.polling_job_id).toBeNull();
  });

  it('checks unsaved settings: the periods found, or the error to show', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    const service = createBillingSourcesService({
      repo: createBillingSourcesRepo({ db }),
      schedules: createJobSchedules({ db }),
      queue: createJobQueue({ db }),
      secretBox,
      http: testGuardedHttp(),
    });
    await deliver('2026-10', 'exec-1', [1]);
    const { projectId: _projectId, ...settings } = s3rverSource({
      projectId: '',
      endpoint: s3.endpoint,
      bucket,
      prefix: 'cur',
    });
    const good = await service.check(settings);
    expect(good.ok).toBe(true);
    expect(good.periods).toContainEqual({
      periodKey: `cur2:${exportPath}:2026-10`,
      billingPeriod: '2026-10',
      files: 1,
    });
    const refused = await service.check({
      ...settings,
      credentials: { kind: 'aws-keys', accessKeyId: 'WRONG', secretAccessKey: 'x' },
    });
    expect(refused).toMatchObject({ ok: false, periods: [] });
    expect(refused.problems[0]).toMatch(/cannot list s3:\/\/finlens-poll\/cur\/: .*InvalidAccessKeyId/);
  });
});
