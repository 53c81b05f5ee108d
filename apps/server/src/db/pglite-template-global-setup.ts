import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openAppDatabase } from './client';
import { copyFolder } from './copy-folder';
import { migrate } from './migrate';

interface Templates {
  /** An empty cluster, as PGlite makes on a fresh folder. */
  empty: string;
  /** The same cluster with every migration applied. */
  migrated: string;
}

const SHARED = Symbol.for('finlens.pgliteTemplates');
type WithShared = typeof globalThis & {
  [SHARED]?: { made: Promise<{ dir: string; templates: Templates }>; users: number };
};

/**
 * Global setup of the server and API test projects: one PGlite cluster for the run, made once (PGlite's initdb
 * is seconds of work) and shared by the projects of the run, and a copy of it with every migration applied (a
 * second each). Test helpers copy the migrated one into a new data folder's appdb (seedPglite in
 * test-app-database.ts), so a test database opens with its schema in place and `migrate` finds nothing to do; a
 * test about applying the migrations copies the empty one (seedEmptyPglite) or makes its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const holder = globalThis as WithShared;
  holder[SHARED] ??= { made: makeTemplates(), users: 0 };
  const shared = holder[SHARED];
  shared.users += 1;
  const { dir, templates } = await shared.made;
  project.provide('pgliteTemplate', templates.empty);
  project.provide('pgliteMigratedTemplate', templates.migrated);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    if (holder[SHARED] === shared) delete holder[SHARED];
    await rm(dir, { recursive: true, force: true });
  };
}

async function makeTemplates(): Promise<{ dir: string; templates: Templates }> {
  const dir = await mkdtemp(join(tmpdir(), 'finlens-pglite-template-'));
  const templates = { empty: join(dir, 'empty', 'appdb'), migrated: join(dir, 'migrated', 'appdb') };
  await mkdir(templates.empty, { recursive: true });
  const empty = await PGlite.create(templates.empty);
  await empty.close();
  await copyFolder(templates.empty, templates.migrated);
  const database = await openAppDatabase({ dataDir: join(dir, 'migrated'), databaseUrl: null });
  try {
    await migrate(database.db);
  } finally {
    await database.close();
  }
  return { dir, templates };
}
