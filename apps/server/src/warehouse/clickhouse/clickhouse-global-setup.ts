import { accessSync, constants, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findClickHouse, startLocalClickHouse } from './local-clickhouse';

/** The run's test ClickHouse: its servers' URLs, or why there is none (no binary installed, or a failed start). */
export type TestClickHouseState = { urls: string[] } | { missing: string } | { failed: string };

/** The most servers a test file reads at once: the sharded suites' two shards behind a Distributed table. */
const SERVERS = 2;

/**
 * Global setup of the server and API test projects: one pair of throwaway ClickHouse servers for the run
 * (started in a fraction of a second), each listing both as the shards of TEST_CLUSTER. Each test file gets
 * its own database on them (useTestClickHouse in test-clickhouse.ts), so files stay apart as with servers of
 * their own, without each paying a start and the seconds of a clean stop. Killed at the end: their data
 * folders are thrown away.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (findClickHouse() === null) {
    project.provide('testClickHouse', {
      missing: 'neither clickhouse-server nor clickhouse found on PATH or in /usr/sbin, /usr/bin',
    });
    return undefined;
  }
  const dirs: string[] = [];
  const removeDirs = () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  try {
    const parent = ramFolder() ?? tmpdir();
    for (let i = 0; i < SERVERS; i += 1) dirs.push(await mkdtemp(join(parent, 'finlens-ch-')));
    const servers = await startLocalClickHouse(dirs);
    project.provide('testClickHouse', { urls: servers.urls });
    return async () => {
      await servers.kill();
      await removeDirs();
    };
  } catch (error) {
    // Only the ClickHouse tests fail (each says why); the rest of the run goes on.
    await removeDirs();
    project.provide('testClickHouse', { failed: (error as Error).message });
    return undefined;
  }
}

/**
 * A RAM-backed folder for the servers' data (Linux's /dev/shm), or null. The run's ClickHouse data is small
 * and thrown away, but each import writes and each replaced partition or dropped table deletes thousands of
 * small files (a part is two files per column): on a disk mounted with online discard, dropping a test
 * file's database of ~50 small parts a table took over 60 s under load.
 */
function ramFolder(): string | null {
  try {
    if (!statSync(RAM_FOLDER).isDirectory()) return null;
    accessSync(RAM_FOLDER, constants.W_OK);
    return RAM_FOLDER;
  } catch {
    return null;
  }
}

const RAM_FOLDER = '/dev/shm';
