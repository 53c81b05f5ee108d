import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueAfterImportJobs } from '../../app/after-import-jobs';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { createImportService } from '../../ingest/import.service';
import { createImportsRepo } from '../../ingest/imports.repo';
import { createBillingSourcesRepo } from '../../ingest/sources/billing-sources.repo';
import { createBillingSourcesService } from '../../ingest/sources/billing-sources.service';
import { localSource } from '../../ingest/sources/local-source';
import { testCaller } from '../../platform/auth/caller.test-helper';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createJobSchedules } from '../../platform/jobs/job-schedules';
import { testGuardedHttp } from '../../platform/outbound/test-outbound';
import { createCostScopes } from '../../warehouse/cost-scope';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { createCostSummaryService } from '../cost-summary/cost-summary.service';
import { createCloudAccountsRepo } from './cloud-accounts.repo';
import { createCloudAccountsService } from './cloud-accounts.service';

const csv = (day: string, cost: number) =>
  `lineItem/LineItemType,lineItem/UsageStartDate,lineItem/UnblendedCost,lineItem/CurrencyCode\nUsage,${day}T00:00:00Z,${cost},USD\n`;
const TODAY = new Date('2026-11-22T12:00:00Z');

let db: MigratedTestDatabase;
let warehouse: DuckDbCostStore;

beforeAll(async () => {
  db = await openMigratedTestDatabase('cloud-accounts');
  warehouse = await openDuckDbCostStore({ path: join(db.dir, 'warehouse.duckdb') });
  await warehouse.init();
});
afterAll(async () => {
  await warehouse.close();
  await db.close();
});

async function importInto(projectName: string, cost: number) {
  const path = join(db.dir, `${projectName}.csv`);
  await writeFile(path, csv('2026-11-10', cost));
  const repo = createImportsRepo(db.db, { onPeriodsReplaced: enqueueAfterImportJobs });
  const target = await repo.ensureProject({ clientName: 'Acme', projectName });
  return createImportService({ repo, warehouse }).importFrom({
    source: localSource(path),
    ...target,
    format: 'auto',
  });
}

describe('removing a cloud account', () => {
  it('removes its warehouse rows, so its costs leave the spend summary; other accounts keep theirs', async () => {
    const kept = await importInto('Kept', 7);
    const removed = await importInto('Removed', 30);
    const { clientId } = kept;
    const repo = createCloudAccountsRepo({ db: db.db });
    const secretBox = createSecretBox('c'.repeat(40));
    const accounts = createCloudAccountsService({
      repo,
      secretBox,
      warehouse,
      refusedReason: testGuardedHttp().refusedReason,
      sources: createBillingSourcesService({
        repo: createBillingSourcesRepo({ db: db.db }),
        schedules: createJobSchedules({ db: db.db }),
        queue: createJobQueue({ db: db.db }),
        secretBox,
        http: testGuardedHttp(),
      }),
    });
    const summary = createCostSummaryService({
      scopes: createCostScopes({ db: db.db }),
      warehouse,
      now: () => TODAY,
    });
    const mtd = async () =>
      (await summary.summary(testCaller(clientId), { costType: 'unblended' })).mtd_spend;
    expect(await mtd()).toBe(37);

    await accounts.remove(clientId, removed.projectId);

    expect(await warehouse.periodTotals({ projectId: removed.projectId })).toEqual([]);
    expect(await warehouse.periodTotals({ projectId: kept.projectId })).toMatchObject([
      { billingPeriod: '2026-11-01', rows: 1 },
    ]);
    expect(await mtd()).toBe(7);
    expect((await accounts.list(clientId)).map((account) => account.name)).toEqual(['Kept']);
    await expect(accounts.remove(clientId, removed.projectId)).rejects.toMatchObject({ statusCode: 404 });
  });
});
