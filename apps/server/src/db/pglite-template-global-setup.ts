import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

/**
 * Global setup of the server and API test projects: one empty PGlite cluster for the run, as PGlite makes on
 * a fresh folder (its initdb, seconds of work). Test helpers copy it into a new data folder's appdb
 * (seedPglite in test-app-database.ts) instead of each PGlite making its own; the migrations still run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'finlens-pglite-template-'));
  const template = await PGlite.create(join(dir, 'appdb'));
  await template.close();
  project.provide('pgliteTemplate', join(dir, 'appdb'));
  return () => rm(dir, { recursive: true, force: true });
}
