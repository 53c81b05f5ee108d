import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { costSummarySchema } from '@finlens/contracts/cost-summary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueAfterImportJobs } from '../../app/after-import-jobs';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { createImportService } from '../../ingest/import.service';
import { createImportsRepo } from '../../ingest/imports.repo';
import { localSource } from '../../ingest/sources/local-source';
import { testCaller } from '../../platform/auth/caller.test-helper';
import { createCostScopes } from '../../warehouse/cost-scope';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { createCostSummaryService } from './cost-summary.service';

const HEADER =
  'lineItem/LineItemType,lineItem/UsageStartDate,lineItem/Operation,lineItem/UnblendedCost,pricing/publicOnDemandCost,lineItem/CurrencyCode';
/** [usage day, operation, unblended cost]; the list price is twice the unblended cost. */
type Row = [string, string, number];
const csv = (rows: Row[]) =>
  [HEADER, ...rows.map(([day, op, cost]) => `Usage,${day}T00:00:00Z,${op},${cost},${cost * 2},USD`)].join(
    '\n',
  );

// Today is 2026-11-22: month to date 11-01..11-22, previous 10-01..10-22, interval 10-23..11-22, before 09-22..10-22.
const ACME_A: Row[] = [
  ['2026-09-01', 'RunInstances', 100],
  ['2026-10-10', 'RunInstances', 8],
  ['2026-10-25', 'RunInstances', 4],
  ['2026-11-05', 'RunInstances', 10],
  ['2026-11-20', 'RunInstances', 5],
  // A pod's share of an instance row: counted once, through the instance.
  ['2026-11-20', 'EKSPod-EC2', 100],
];
const ACME_B: Row[] = [['2026-11-21', 'RunInstances', 2]];
const OTHER: Row[] = [['2026-11-10', 'RunInstances', 500]];

let db: MigratedTestDatabase;
let warehouse: DuckDbCostStore;
const ids: Record<string, { clientId: string; projectId: string }> = {};
let today = new Date('2026-11-22T15:00:00Z');

beforeAll(async () => {
  db = await openMigratedTestDatabase('cost-summary');
  warehouse = await openDuckDbCostStore({ path: join(db.dir, 'warehouse.duckdb') });
  await warehouse.init();
  const repo = createImportsRepo(db.db, { onPeriodsReplaced: enqueueAfterImportJobs });
  const importer = createImportService({ repo, warehouse });
  const files: [string, string, string, Row[]][] = [
    ['a', 'Acme', 'A', ACME_A],
    ['b', 'Acme', 'B', ACME_B],
    ['other', 'Other', 'C', OTHER],
  ];
  for (const [key, clientName, projectName, rows] of files) {
    const path = join(db.dir, `${key}.csv`);
    await writeFile(path, csv(rows));
    const target = await repo.ensureProject({ clientName, projectName });
    const summary = await importer.importFrom({ source: localSource(path), ...target, format: 'auto' });
    ids[key] = { clientId: summary.clientId, projectId: summary.projectId };
  }
});
afterAll(async () => {
  await warehouse.close();
  await db.close();
});

const service = () =>
  createCostSummaryService({ scopes: createCostScopes({ db: db.db }), warehouse, now: () => today });
const id = (key: string) => ids[key] as { clientId: string; projectId: string };

describe('cost summary service', () => {
  it("sums the client's projects per window, leaving out split rows and other clients", async () => {
    const summary = await service().summary(testCaller(id('a').clientId), { costType: 'unblended' });
    expect(costSummarySchema.parse(summary)).toEqual({
      mtd_spend: 17,
      mtd_delta_spend: 112.5,
      interval_spend: 21,
      previous_interval_spend: 8,
      currency: 'USD',
      as_of: '2026-11-21',
      start_of_month_window: false,
    });
  });

  it('counts only the chosen projects, in the chosen cost type', async () => {
    const { clientId, projectId } = id('a');
    const summary = await service().summary(testCaller(clientId), {
      costType: 'list',
      projectIds: [projectId],
    });
    expect(summary).toMatchObject({
      mtd_spend: 30,
      mtd_delta_spend: 87.5,
      interval_spend: 38,
      previous_interval_spend: 16,
      as_of: '2026-11-20',
    });
  });

  it("another client's project is a 404, alone or beside an own project", async () => {
    const { clientId, projectId } = id('a');
    const foreign = id('other').projectId;
    await expect(
      service().summary(testCaller(clientId), { costType: 'unblended', projectIds: [foreign] }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      service().summary(testCaller(clientId), {
        costType: 'unblended',
        projectIds: [projectId, foreign],
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('the other client sees only its own spend; no previous month gives a null delta', async () => {
    const summary = await service().summary(testCaller(id('other').clientId), { costType: 'unblended' });
    expect(summary).toMatchObject({ mtd_spend: 500, mtd_delta_spend: null, as_of: '2026-11-10' });
  });

  it('on the 1st the month has no data yet and the start-of-month window is on', async () => {
    today = new Date('2026-12-01T08:00:00Z');
    try {
      const summary = await service().summary(testCaller(id('a').clientId), { costType: 'unblended' });
      expect(summary).toMatchObject({
        mtd_spend: 0,
        mtd_delta_spend: null,
        // 11-01..12-01: the October rows have left the 31 days.
        interval_spend: 17,
        start_of_month_window: true,
      });
    } finally {
      today = new Date('2026-11-22T15:00:00Z');
    }
  });

  it('a client without data: zeros, USD, no as_of', async () => {
    const summary = await service().summary(testCaller('no-such-client'), { costType: 'unblended' });
    expect(summary).toEqual({
      mtd_spend: 0,
      mtd_delta_spend: null,
      interval_spend: 0,
      previous_interval_spend: 0,
      currency: 'USD',
      as_of: null,
      start_of_month_window: false,
    });
  });
});
