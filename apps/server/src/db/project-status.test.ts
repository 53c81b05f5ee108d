import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminRepo } from '../features/admin/admin.repo';
import { createCloudAccountsRepo } from '../features/cloud-accounts/cloud-accounts.repo';
import { createImportsRepo } from '../ingest/imports.repo';
import { type MigratedTestDatabase, openMigratedTestDatabase } from './test-app-database';

let db: MigratedTestDatabase;
beforeAll(async () => {
  db = await openMigratedTestDatabase('project-status');
});
afterAll(async () => {
  await db.close();
});

it('one project status from the data: awaiting → importing → ready → importing → failing, the same in every read', async () => {
  const imports = createImportsRepo(db.db, { onPeriodsReplaced: async () => {} });
  const admin = createAdminRepo({ db: db.db });
  const accounts = createCloudAccountsRepo({ db: db.db });
  const { clientId, projectId } = await imports.ensureProject({ clientName: 'Acme', projectName: 'Payer' });
  const statuses = async () => [
    (await admin.findProject(clientId, projectId))?.status,
    (await admin.listProjects(clientId))[0]?.status,
    (await accounts.findProject(clientId, projectId))?.status,
    (await accounts.listProjects(clientId))[0]?.status,
  ];
  const run = () => imports.startRun({ clientId, projectId, source: 'test', requestedFormat: 'auto' });

  expect(await statuses()).toEqual(Array(4).fill('awaiting_configuration'));
  const first = await run();
  expect(await statuses()).toEqual(Array(4).fill('importing'));
  await imports.finishRun(first, { projectId, format: 'cur', files: 1, rows: 1, periods: [] });
  expect(await statuses()).toEqual(Array(4).fill('configured'));
  const second = await run();
  expect(await statuses()).toEqual(Array(4).fill('importing'));
  await imports.failRun(second, { message: 'broken file' });
  expect(await statuses()).toEqual(Array(4).fill('error'));
});
