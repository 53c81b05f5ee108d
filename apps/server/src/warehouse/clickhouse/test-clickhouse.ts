import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import type { TestClickHouseState } from './clickhouse-global-setup';
import { LOCAL_CLUSTER } from './local-clickhouse';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's throwaway ClickHouse servers (see clickhouse-global-setup.ts). */
    testClickHouse: TestClickHouseState;
  }
}

/** The cluster name the generated configs list every started server under (one shard each). */
export const TEST_CLUSTER = LOCAL_CLUSTER;

/** Under CI a missing ClickHouse is a failure; elsewhere the tests skip with the printed reason. */
function skipOrFailWithoutClickHouse(reason: string): void {
  if (process.env.CI === 'true') throw new Error(`ClickHouse tests cannot run under CI=true: ${reason}`);
  console.warn(`Skipping ClickHouse tests: ${reason}`);
}

/**
 * Runs `sql` over the HTTP interface of `url` (a server, or a server and database as `useTestClickHouse`
 * hands them out) and returns the answer's text; throws with the server's message when it refuses.
 */
export async function queryClickHouse(url: string, sql: string): Promise<string> {
  const { origin, pathname } = new URL(url);
  const params = new URLSearchParams(pathname.length > 1 ? { database: pathname.slice(1) } : {});
  const response = await fetch(`${origin}/?${params}`, { method: 'POST', body: sql });
  const text = await response.text();
  if (!response.ok) throw new Error(`ClickHouse refused ${sql}: ${text}`);
  return text;
}

/**
 * ClickHouse for a test file (one server by default; two for the sharded suites, both shards of
 * TEST_CLUSTER): a database of its own, made before its tests and dropped after, on the run's servers
 * (clickhouse-global-setup.ts). `urls` name the database (http://host:port/database), so every client and
 * CLICKHOUSE_URL made from them stays in it. Null when no binary is installed (the tests then skip; under
 * CI=true beforeAll fails instead).
 */
export function useTestClickHouse(count = 1): {
  readonly urls: string[] | null;
  readonly url: string | null;
} {
  const state = inject('testClickHouse');
  if (state === undefined)
    throw new Error(
      'this test project starts no ClickHouse: add clickhouse-global-setup.ts to its globalSetup',
    );
  const database = `finlens_t_${randomUUID().replaceAll('-', '')}`;
  let servers: string[] = [];
  let urls: string[] | null = null;
  beforeAll(async () => {
    if ('missing' in state) return skipOrFailWithoutClickHouse(state.missing);
    if ('failed' in state) throw new Error(`the run's test ClickHouse did not start: ${state.failed}`);
    if (count > state.urls.length)
      throw new Error(`the run starts ${state.urls.length} ClickHouse servers, not ${count}`);
    servers = state.urls.slice(0, count);
    await Promise.all(servers.map((url) => queryClickHouse(url, `CREATE DATABASE ${database}`)));
    urls = servers.map((url) => `${url}/${database}`);
  });
  afterAll(async () => {
    await Promise.all(servers.map((url) => queryClickHouse(url, `DROP DATABASE IF EXISTS ${database}`)));
  });
  return {
    get urls() {
      return urls;
    },
    get url() {
      return urls?.[0] ?? null;
    },
  };
}
