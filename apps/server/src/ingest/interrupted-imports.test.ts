import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openCliAppDatabase, seedPglite, withTestDatabaseUrl } from '../db/test-app-database';
import { startServerOn } from '../test-server.test-helper';
import { IMPORT_HEARTBEAT_TIMEOUT_MS } from './imports.repo';
import { FAIL_INTERRUPTED_IMPORTS_JOB, failInterruptedImportsJobHandler } from './interrupted-imports.job';
import { createTestProject } from './sources/test-sources';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'finlens-interrupted-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('imports interrupted by a crash', () => {
  it('are failed at start-up and by the every-minute sweep; a run still beating is left running', async () => {
    const dataDir = join(root, 'data');
    await seedPglite(dataDir);
    const database = await openCliAppDatabase(dataDir);
    await migrate(database.db);
    const projectId = await createTestProject(database.db, { clientName: 'Crash', projectName: 'Payer' });
    const { client_id } = await database.db
      .selectFrom('projects')
      .select('client_id')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    const run = (heartbeatAgoMs: number) =>
      database.db
        .insertInto('import_runs')
        .values({
          client_id,
          project_id: projectId,
          source: 'upload',
          requested_format: 'auto',
          heartbeat_at: new Date(Date.now() - heartbeatAgoMs),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    // Killed five minutes ago, mid-import; and one whose process beat a second ago.
    const crashed = await run(5 * 60_000);
    const beating = await run(1_000);
    await database.close();

    const server = await startServerOn({
      root,
      dataDir,
      env: { ...(await withTestDatabaseUrl({ DATA_DIR: dataDir })), DEMO_ON_FIRST_START: 'false' },
    });
    try {
      const db = server.appDb;
      const statusOf = async (id: string) =>
        db
          .selectFrom('import_runs')
          .select(['status', 'error', 'finished_at'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      expect(await statusOf(crashed.id)).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/^interrupted: /),
        finished_at: expect.any(Date),
      });
      expect((await statusOf(beating.id)).status).toBe('running');
      const schedule = await db
        .selectFrom('job_schedules')
        .select('cron')
        .where('name', '=', FAIL_INTERRUPTED_IMPORTS_JOB)
        .executeTakeFirst();
      expect(schedule?.cron).toBe('* * * * *');

      // Its process dies too: once its heartbeat is older than the timeout, the sweep closes it.
      await db
        .updateTable('import_runs')
        .set({ heartbeat_at: new Date(Date.now() - IMPORT_HEARTBEAT_TIMEOUT_MS - 1_000) })
        .where('id', '=', beating.id)
        .execute();
      await failInterruptedImportsJobHandler({ db }).run(
        {},
        { job: {} as never, signal: new AbortController().signal },
      );
      expect((await statusOf(beating.id)).status).toBe('failed');
    } finally {
      await server.close();
    }
  });
});
