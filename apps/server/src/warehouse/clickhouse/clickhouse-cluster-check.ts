import { ClickHouseLogLevel, createClient } from '@clickhouse/client';
import { ConfigError } from '../../platform/config';
import { sqlString } from './clickhouse-sql';

/**
 * Refuses, naming the variables, a CLICKHOUSE_CLUSTER that CLICKHOUSE_URL's first server (where the
 * Distributed tables are made) does not list in its remote_servers, or one with another number of shards
 * than CLICKHOUSE_URL has URLs: the Distributed tables would read other servers than the imports write to.
 */
export async function checkShardCluster(
  url: string,
  { cluster, shardUrls }: { cluster: string; shardUrls: string[] },
): Promise<void> {
  const client = createClient({ url, log: { level: ClickHouseLogLevel.OFF } });
  try {
    const result = await client.query({
      query: `SELECT count(DISTINCT shard_num) AS shards FROM system.clusters WHERE cluster = ${sqlString(cluster)}`,
      format: 'JSONEachRow',
    });
    const shards = Number((await result.json<{ shards: string | number }>())[0]?.shards ?? 0);
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
  } finally {
    await client.close();
  }
}
