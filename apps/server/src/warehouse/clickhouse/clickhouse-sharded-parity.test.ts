import { describeClickHouseParity } from './clickhouse-parity.test-helper';

// Two servers on loopback, a Distributed table over them; each project lives on one shard.
describeClickHouseParity(2);
