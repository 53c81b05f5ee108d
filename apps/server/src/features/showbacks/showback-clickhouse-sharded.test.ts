import { describeShowbacksOnClickHouse } from './showback-clickhouse.test-helper';

// Two servers on loopback, the showback statements read through the Distributed table.
describeShowbacksOnClickHouse(2);
