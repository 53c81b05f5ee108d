import { describeShowbacksOnClickHouse } from './showback-clickhouse.test-helper';

describeShowbacksOnClickHouse(1);
