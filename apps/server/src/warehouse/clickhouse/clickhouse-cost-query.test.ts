import { describeCostQueryOnClickHouse } from './clickhouse-cost-query.test-helper';

describeCostQueryOnClickHouse(1);
