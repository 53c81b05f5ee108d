import { type ClickHouseClient, ClickHouseLogLevel, createClient } from '@clickhouse/client';
import { ConfigError } from '../../platform/config';
import { sqlString } from './clickhouse-sql';

/** On each shard: its place in CLICKHOUSE_URL's list (1-based) and the list's length, recorded on first use. */
const SHARD_MARKER = 'finlens_shard';

/**
 * Refuses, naming the variables, a sharded warehouse configured differently from its servers:
 * CLICKHOUSE_CLUSTER unknown to CLICKHOUSE_URL's first server (where the Distributed tables are made), or with
 * another number of shards than CLICKHOUSE_URL has URLs (the Distributed tables would read other servers than
 * the imports write to); or a shard listed at another place, or in a list of another length, than when it was
 * first used (a project is placed by its id modulo the count, so its next import would land beside its old rows).
 */
export async function checkShardCluster(
  url: string,
  { cluster, shardUrls }: { cluster: string; shardUrls: string[] },
): Promise<void> {
  await withClient(url, async (client) => {
    const [row] = await rows<{ shards: string | number }>(
      client,
      `SELECT count(DISTINCT shard_num) AS shards FROM system.clusters WHERE cluster = ${sqlString(cluster)}`,
    );
    const shards = Number(row?.shards ?? 0);
    if (shards === 0) {
      throw new ConfigError(
        `CLICKHOUSE_CLUSTER "${cluster}" is not a cluster in the remote_servers of CLICKHOUSE_URL's first server`,
      );
    }
    if (shards !== shardUrls.length) {
      throw new ConfigError(
        `CLICKHOUSE_CLUSTER "${cluster}" has ${shards} shards, but CLICKHOUSE_URL lists ${shardUrls.length} servers: list one URL per shard`,
      );
    }
  });
  for (const [index, shardUrl] of shardUrls.entries()) {
    await withClient(shardUrl, (client) => checkShardPlace(client, shardUrl, index + 1, shardUrls.length));
  }
}

async function checkShardPlace(client: ClickHouseClient, url: string, shard: number, shards: number) {
  await client.command({
    query: `CREATE TABLE IF NOT EXISTS ${SHARD_MARKER} (shard UInt32, shards UInt32) ENGINE = TinyLog`,
  });
  const recorded = await rows<{ shard: number; shards: number }>(
    client,
    `SELECT shard, shards FROM ${SHARD_MARKER}`,
  );
  if (recorded.length === 0) {
    await client.command({ query: `INSERT INTO ${SHARD_MARKER} VALUES (${shard}, ${shards})` });
    return;
  }
  const other = recorded.find((r) => Number(r.shard) !== shard || Number(r.shards) !== shards);
  if (other !== undefined) {
    throw new ConfigError(
      `CLICKHOUSE_URL lists ${new URL(url).host} as shard ${shard} of ${shards}, but it is shard ${other.shard} of ${other.shards} of this warehouse: keep the servers of CLICKHOUSE_URL, and their order, as they were`,
    );
  }
}

async function withClient<T>(url: string, work: (client: ClickHouseClient) => Promise<T>): Promise<T> {
  const client = createClient({ url, log: { level: ClickHouseLogLevel.OFF } });
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

async function rows<T>(client: ClickHouseClient, query: string): Promise<T[]> {
  return (await client.query({ query, format: 'JSONEachRow' })).json<T>();
}
