import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { AWAITING_CREDENTIALS } from '@finlens/contracts/cloud-accounts';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
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
import { S3RVER_KEYS, startTestS3, type TestS3 } from './test-s3rver';
import { createTestProject, s3rverSource } from './test-sources';

const bucket = 'finlens-poll';
const exportPath = 'cur/finlens-cur2';
const openStore: Parameters<typeof pollSourceJobHandler>[0]['openStore'] = (row, box, access) =>
  openSourceStore(row, box, testGuardedHttp(), access);
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
async function deliver(
  period: string,
  executionId: string,
  costs: number[],
  path = exportPath,
): Promise<void> {
  const key = `${path}/data/BILLING_PERIOD=${period}/finlens-cur2-00001.csv.gz`;
  const rows = costs.map((cost) => `${period}-01T00:00:00Z,${cost}`);
  await s3.put(
    key,
    gzipSync(`bill_billing_period_start_date,line_item_unblended_cost\n${rows.join('\n')}\n`),
  );
  await s3.put(
    `${path}/metadata/BILLING_PERIOD=${period}/finlens-cur2-Manifest.json`,
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

/** The sources service and a worker running the poll handler (SERVER_IDENTITY_ACCOUNTS as given) on `db`. */
function pollingOn(
  db: Parameters<typeof createJobQueue>[0]['db'],
  {
    clock = () => new Date(),
    serverIdentityAccounts = new Set<string>(),
    open = openStore,
  }: { clock?: () => Date; serverIdentityAccounts?: Set<string>; open?: typeof openStore } = {},
) {
  const queue = createJobQueue({ db, clock });
  const schedules = createJobSchedules({ db, clock });
  const repo = createBillingSourcesRepo({ db });
  const service = createBillingSourcesService({ repo, schedules, queue, secretBox, http: testGuardedHttp() });
  const importer = recordingImporter();
  const handler = pollSourceJobHandler({
    repo,
    secretBox,
    importRunner: importer.runner,
    clock,
    openStore: open,
    serverIdentityAccounts,
  });
  const worker = createJobWorker({ queue, handlers: [handler], logger: silent });
  return { queue, repo, service, importer, worker };
}

describeOnAppEngines('polling an S3 billing source', (engine) => {
  it('imports new periods, then only restated ones, retries a failed import, and keeps credentials sealed', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    let now = new Date('2026-11-22T10:00:00Z');
    const clock = () => now;
    const { queue, repo, service, importer, worker } = pollingOn(db, { clock });
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
    const { queue, repo, service, importer, worker } = pollingOn(db, { clock });
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

  it("never reads with the server's own identity unless the operator marked the account", async (context) => {
    const { db } = await openOrSkip(engine(), context);
    // The server's own identity (the SDK's default chain) could read the bucket: the keys are in its environment.
    vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_KEYS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_KEYS.secretAccessKey);
    try {
      const { queue, repo, service } = pollingOn(db);
      const projectId = await createTestProject(db, {
        clientName: 'Borrowed identity',
        projectName: 'Payer',
      });
      await deliver('2026-09', 'exec-9', [7], 'borrowed/finlens-cur2');
      const settings = {
        ...s3rverSource({ projectId, endpoint: s3.endpoint, bucket, prefix: 'borrowed' }),
        credentials: null,
      };
      const source = await service.create(settings);
      const pollWith = async (serverIdentityAccounts: Set<string>) => {
        const opened = vi.fn(openStore);
        const { importer, worker } = pollingOn(db, { serverIdentityAccounts, open: opened });
        const job = (await service.pollNow(source.id)) as string;
        expect((await worker.runNext())?.id).toBe(job);
        expect(await queue.get(job), JSON.stringify(await queue.get(job))).toMatchObject({
          status: 'succeeded',
        });
        return { opened: opened.mock.calls.length, periods: importer.calls.map((call) => call.period) };
      };

      // Not marked: awaiting configuration, the bucket is never opened, the check says why.
      expect(await pollWith(new Set())).toEqual({ opened: 0, periods: [] });
      expect((await repo.get(source.id))?.last_polled_at).toBeNull();
      const { projectId: _p, ...unsaved } = settings;
      expect(await service.check(unsaved)).toEqual({
        ok: false,
        periods: [],
        problems: [AWAITING_CREDENTIALS],
      });

      // Marked by the operator (SERVER_IDENTITY_ACCOUNTS): read with the server's identity.
      expect((await pollWith(new Set([projectId]))).periods).toContain('2026-09');
      expect((await service.check(unsaved, { serverIdentity: true })).ok).toBe(true);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('checks unsaved settings: the periods found, or the error to show', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    const { service } = pollingOn(db);
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
