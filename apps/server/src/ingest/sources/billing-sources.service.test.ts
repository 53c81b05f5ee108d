import { expect, it } from 'vitest';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createJobSchedules } from '../../platform/jobs/job-schedules';
import { describeOnAppEngines, openOrSkip } from '../../platform/jobs/test-engines';
import { testGuardedHttp } from '../../platform/outbound/test-outbound';
import { openCredentials } from './billing-source-settings';
import { createBillingSourcesRepo } from './billing-sources.repo';
import { createBillingSourcesService, pollScheduleName } from './billing-sources.service';
import { createTestProject } from './test-sources';

const secretBox = createSecretBox('b'.repeat(40));

describeOnAppEngines('billing sources service', (engine) => {
  it('saves, edits and removes a source; credentials are sealed per row and the poll schedule follows', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    const repo = createBillingSourcesRepo({ db });
    const service = createBillingSourcesService({
      repo,
      schedules: createJobSchedules({ db }),
      queue: createJobQueue({ db }),
      secretBox,
      http: testGuardedHttp(),
    });
    const projectId = await createTestProject(db, {
      clientName: 'Sources',
      projectName: 'Azure',
      cloudType: 'azure',
    });
    const created = await service.create({
      projectId: projectId,
      name: 'EA export',
      kind: 'azure_blob',
      bucket: 'cost-exports',
      prefix: 'finops',
      region: null,
      endpoint: null,
      roleArn: null,
      externalId: null,
      credentials: { kind: 'azure-connection-string', connectionString: 'AccountName=a;AccountKey=k' },
    });
    const schedule = () =>
      db
        .selectFrom('job_schedules')
        .select('cron')
        .where('name', '=', pollScheduleName(created.id))
        .executeTakeFirst();
    expect((await schedule())?.cron).toBe('17 * * * *');

    const edited = await service.update(created.id, {
      prefix: 'finops/ea',
      pollCron: '5 */6 * * *',
      credentials: {
        kind: 'azure-sas',
        accountUrl: 'https://acct.blob.core.windows.net',
        sasToken: 'sv=1&sig=x',
      },
    });
    expect(edited).toMatchObject({
      prefix: 'finops/ea',
      poll_cron: '5 */6 * * *',
      has_credentials: true,
      name: 'EA export',
    });
    expect((await schedule())?.cron).toBe('5 */6 * * *');
    const row = await repo.get(created.id);
    expect(row && openCredentials(secretBox, row)).toEqual({
      kind: 'azure-sas',
      accountUrl: 'https://acct.blob.core.windows.net',
      sasToken: 'sv=1&sig=x',
    });
    // A sealed value copied to another row does not open there.
    expect(() => row && openCredentials(secretBox, { ...row, id: 'another-row' })).toThrow(
      /cannot be opened/,
    );
    await expect(service.update(created.id, { pollCron: 'every day' })).rejects.toThrow(/Invalid schedule/);
    expect(await service.update('no-such-source', { name: 'x' })).toBeNull();

    expect(await service.update(created.id, { credentials: null })).toMatchObject({ has_credentials: false });
    expect((await service.list(projectId)).map((source) => source.name)).toEqual(['EA export']);
    await db
      .insertInto('billing_source_periods')
      .values({
        source_id: created.id,
        period_key: 'azure:finops:2026-10',
        billing_period: '2026-10',
        fingerprint: 'f',
      })
      .execute();
    await service.remove(created.id);
    expect(await service.list(projectId)).toEqual([]);
    expect(await schedule()).toBeUndefined();
    expect(await repo.importedFingerprints(created.id)).toEqual(new Map());
  });
});
