import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { healthResponseSchema } from '@finlens/contracts/health';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase, openAppDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { seedPglite } from '../../db/test-app-database';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { APP_DATABASE_STALL_LIMIT_MS } from './app-database-probe';
import { createHealthService } from './health.service';

const QUIET_AT = Date.parse('2026-11-26T23:00:00.000Z');

let dir: string;
let database: AppDatabase;
let warehouse: DuckDbCostStore;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-health-'));
  // The run's migrated PGlite cluster, as a started server's folder has one: no cluster made here.
  await seedPglite(dir);
  database = await openAppDatabase({ dataDir: dir, databaseUrl: null });
  // A started server has run its migrations before health is asked: the first statements of a PGlite opened on
  // an existing folder read its catalogs from disk, longer than health's 50 ms deadline on a loaded machine.
  await migrate(database.db);
  warehouse = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
});
afterAll(async () => {
  await database?.close();
  await warehouse?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A job's transaction holding PGlite (its one session) between two statements until `release()`. */
async function holdAppDatabase(order: string[]): Promise<{ release: () => void; ended: Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = () => {};
  const held = new Promise<void>((resolve) => {
    holding = resolve;
  });
  const ended = database.db.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    holding();
    await released;
    await sql`select 2`.execute(trx);
    order.push('transaction');
  });
  await held;
  return { release, ended };
}

/** Waits for every statement queued on PGlite so far (a probe sent while it was held) to have run. */
async function drainAppDatabase(): Promise<void> {
  await sql`select 1`.execute(database.db);
}

describe('health service over PGlite', () => {
  it('answers while a transaction holds PGlite, reporting it busy since its last answer, then ok', async () => {
    let clock = QUIET_AT;
    const service = createHealthService({
      db: database,
      warehouse,
      version: 'test',
      appDatabaseProbe: { now: () => clock },
    });
    const quiet = healthResponseSchema.parse(await service.check());
    expect(quiet).toMatchObject({ status: 'ok', appDatabase: { kind: 'pglite', ok: true } });
    expect(quiet.appDatabase.busy).toBeUndefined();

    clock += 5_000;
    const order: string[] = [];
    const job = await holdAppDatabase(order);
    const asked = service.check();
    // The transaction ends a second after health is asked, twenty times health's deadline: these two timers'
    // order decides which answer arrives first, not the wall time either takes.
    setTimeout(job.release, 1_000);
    const busy = healthResponseSchema.parse(await asked);
    order.push('health');
    await job.ended;
    expect(order).toEqual(['health', 'transaction']);
    expect(busy).toMatchObject({
      status: 'ok',
      appDatabase: { kind: 'pglite', ok: true, busy: true, lastOkAt: '2026-11-26T23:00:00.000Z' },
      warehouse: { kind: 'duckdb', ok: true },
    });

    await drainAppDatabase();
    const after = healthResponseSchema.parse(await service.check());
    expect(after).toMatchObject({ status: 'ok', appDatabase: { kind: 'pglite', ok: true } });
    expect(after.appDatabase.busy).toBeUndefined();
  });

  it('is degraded once one probe has waited longer than the stall limit, and ok when PGlite answers again', async () => {
    let clock = QUIET_AT;
    const service = createHealthService({
      db: database,
      warehouse,
      version: 'test',
      appDatabaseProbe: { now: () => clock },
    });
    const order: string[] = [];
    const job = await holdAppDatabase(order);
    // Should health queue behind the transaction, this ends it so the test fails instead of hanging.
    const fallback = setTimeout(job.release, 5_000);

    const busy = healthResponseSchema.parse(await service.check());
    expect(busy).toMatchObject({ status: 'ok', appDatabase: { ok: true, busy: true } });
    // No probe has answered since this service started.
    expect(busy.appDatabase.lastOkAt).toBeUndefined();

    clock += APP_DATABASE_STALL_LIMIT_MS;
    const stillBusy = healthResponseSchema.parse(await service.check());
    expect(stillBusy).toMatchObject({ status: 'ok', appDatabase: { ok: true, busy: true } });

    clock += 1;
    const stalled = healthResponseSchema.parse(await service.check());
    order.push('health');
    expect(stalled).toMatchObject({
      status: 'degraded',
      appDatabase: { kind: 'pglite', ok: false, busy: true },
      warehouse: { ok: true },
    });

    job.release();
    clearTimeout(fallback);
    await job.ended;
    expect(order).toEqual(['health', 'transaction']);
    await drainAppDatabase();
    const after = healthResponseSchema.parse(await service.check());
    expect(after).toMatchObject({ status: 'ok', appDatabase: { ok: true } });
    expect(after.appDatabase.busy).toBeUndefined();
  });

  it('answers while one long PGlite statement runs, before that statement ends (ADR 0013)', async () => {
    const service = createHealthService({ db: database, warehouse, version: 'test' });
    const order: string[] = [];
    // A statement that computes for a second or more: in the server's thread it held the event loop, health's
    // deadline timer included, so health answered after it.
    const statement = sql`select sum(i) as total from generate_series(1, 3000000) as i`
      .execute(database.db)
      .then(() => order.push('statement'));
    const health = healthResponseSchema.parse(await service.check());
    order.push('health');
    await statement;
    expect(order).toEqual(['health', 'statement']);
    expect(health).toMatchObject({ status: 'ok', appDatabase: { kind: 'pglite', ok: true, busy: true } });
  });
});
