import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureIngestDataset } from './ingest-data';

const here = dirname(fileURLToPath(import.meta.url));
const WAREHOUSES_DIR = join(here, '..', '.tmp', 'explorer-warehouse');

/** A bench DATA_DIR holding one imported demo export, and what the queries need to know about it. */
type ExplorerWarehouse = {
  dataDir: string;
  rows: number;
  importSeconds: number;
  clientId: string;
  projectId: string;
};

/** Loaded by path at run time: the server's sources are type-checked by their own workspace, not this one. */
export function serverModule(path: string): string {
  return join(here, '../../apps/server/src', path);
}

/**
 * The DATA_DIR for a demo export of `rows` line items (Parquet, cached by the ingest bench), imported once
 * with Finlens's importer (the function `finlens import` runs) and reused while its marker file is there.
 */
export async function ensureExplorerWarehouse(rows: number): Promise<ExplorerWarehouse> {
  const dataDir = join(WAREHOUSES_DIR, `demo-${rows}`);
  const marker = join(dataDir, 'BENCH_WAREHOUSE.json');
  if (existsSync(marker)) return JSON.parse(readFileSync(marker, 'utf8')) as ExplorerWarehouse;
  const dataset = await ensureIngestDataset({ rows, format: 'parquet' });
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const { runImportCommand } = await import(serverModule('commands/import-command.ts'));
  const started = performance.now();
  const summary = await runImportCommand({
    config: { dataDir, databaseUrl: null },
    path: dataset.dir,
    clientName: 'Bench',
    projectName: 'Bench',
    format: 'auto',
  });
  const importSeconds = (performance.now() - started) / 1000;
  const scope = await readScope(dataDir);
  const warehouse: ExplorerWarehouse = { dataDir, rows: Number(summary.rows), importSeconds, ...scope };
  writeFileSync(marker, `${JSON.stringify(warehouse, null, 2)}\n`);
  return warehouse;
}

/** The one client and project of the bench warehouse, read from its line items. */
async function readScope(dataDir: string): Promise<{ clientId: string; projectId: string }> {
  const { openCostStore } = await import(serverModule('warehouse/open-cost-store.ts'));
  const store = await openCostStore({ dataDir });
  try {
    const reader = await store.connection.runAndReadAll(
      'SELECT DISTINCT client_id, project_id FROM line_items',
    );
    const scopes = reader.getRowObjectsJson() as { client_id: string; project_id: string }[];
    if (scopes.length !== 1) throw new Error(`expected one imported project, found ${scopes.length}`);
    return { clientId: String(scopes[0]?.client_id), projectId: String(scopes[0]?.project_id) };
  } finally {
    await store.close();
  }
}

/** Who a bench signs in as on a server it started. */
export type BenchAccount = { email: string; password: string };

/** The bench's admin of the explorer warehouse's client (`ensureWarehouseAdmin`). */
const WAREHOUSE_ADMIN: BenchAccount = { email: 'bench@finlens.local', password: 'Bench!Explorer1' };

/**
 * Makes WAREHOUSE_ADMIN a verified admin of the warehouse's client in the data folder's app database (migrated
 * first, as the server does at start), through the server's own repositories — the storage path of team invitations
 * and password resets — so a server started on the warehouse (`finlens start`) has a user to sign in as. Idempotent:
 * an existing user gets the password again and keeps their one membership. Run while no server holds the folder.
 */
export async function ensureWarehouseAdmin(warehouse: ExplorerWarehouse): Promise<BenchAccount> {
  const { openAppDatabase } = await import(serverModule('db/client.ts'));
  const { migrate } = await import(serverModule('db/migrate.ts'));
  const { createAuthRepo } = await import(serverModule('features/auth/auth.repo.ts'));
  const { createTeamRepo } = await import(serverModule('features/team/team.repo.ts'));
  const { createArgon2Hasher } = await import(serverModule('platform/auth/password-hasher.ts'));
  const app = await openAppDatabase({ dataDir: warehouse.dataDir, databaseUrl: null });
  try {
    await migrate(app.db);
    const auth = createAuthRepo({ db: app.db });
    const team = createTeamRepo({ db: app.db });
    const { email, password } = WAREHOUSE_ADMIN;
    const userId: string = (await auth.findUserByEmail(email))?.id ?? (await team.createInvitedUser(email));
    await auth.setPassword(userId, await createArgon2Hasher().hash(password), true);
    await auth.updateProfile(userId, { first_name: 'Bench', last_name: 'Admin' });
    await team.addMembership(warehouse.clientId, userId, 'admin');
  } finally {
    await app.close();
  }
  return WAREHOUSE_ADMIN;
}
