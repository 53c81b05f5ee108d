import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { findClickHouse, LOCAL_CLUSTER, startLocalClickHouse } from './local-clickhouse';

/** Throwaway ClickHouse servers for tests, listening on loopback only. */
interface TestClickHouseCluster {
  urls: string[];
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;

/** The cluster name the generated configs list every started server under (one shard each). */
export const TEST_CLUSTER = LOCAL_CLUSTER;

/**
 * Starts `count` local servers (local-clickhouse.ts), each with a temporary data folder removed again on
 * stop. Resolves to a reason only when no binary is installed; a start that fails with one present throws.
 */
async function startTestClickHouse(count: number): Promise<TestClickHouseCluster | string> {
  if (findClickHouse() === null)
    return 'neither clickhouse-server nor clickhouse found on PATH or in /usr/sbin, /usr/bin';
  const dirs: string[] = [];
  const removeDirs = () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  try {
    for (let i = 0; i < count; i += 1) dirs.push(await mkdtemp(join(tmpdir(), 'finlens-ch-')));
    const servers = await startLocalClickHouse(dirs);
    return {
      urls: servers.urls,
      stop: async () => {
        await servers.stop();
        await removeDirs();
      },
    };
  } catch (error) {
    await removeDirs();
    throw error;
  }
}

/** Under CI a missing ClickHouse is a failure; elsewhere the tests skip with the printed reason. */
function skipOrFailWithoutClickHouse(reason: string): void {
  if (process.env.CI === 'true') throw new Error(`ClickHouse tests cannot run under CI=true: ${reason}`);
  console.warn(`Skipping ClickHouse tests: ${reason}`);
}

/**
 * ClickHouse servers for a test file (one by default; two for the sharded suite): started before its
 * tests, stopped after. `urls` is null when no binary is installed (the tests then skip; under CI=true
 * beforeAll fails instead).
 */
export function useTestClickHouse(count = 1): {
  readonly urls: string[] | null;
  readonly url: string | null;
} {
  let cluster: TestClickHouseCluster | null = null;
  beforeAll(async () => {
    const started = await startTestClickHouse(count);
    if (typeof started === 'string') return skipOrFailWithoutClickHouse(started);
    cluster = started;
  }, READY_TIMEOUT_MS + 30_000);
  afterAll(async () => {
    await cluster?.stop();
  });
  return {
    get urls() {
      return cluster?.urls ?? null;
    },
    get url() {
      return cluster?.urls[0] ?? null;
    },
  };
}
