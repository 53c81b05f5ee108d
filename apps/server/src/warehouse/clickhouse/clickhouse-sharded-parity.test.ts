import { describeClickHouseParity } from './clickhouse-parity.test-helper';

// Two servers on loopback, a Distributed table over them; each project lives on one shard. Four files of each
// dataset (the one-server suite imports all of them).
describeClickHouseParity(2, 4);
