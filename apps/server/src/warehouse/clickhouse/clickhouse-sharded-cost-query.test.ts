import { describeCostQueryOnClickHouse } from './clickhouse-cost-query.test-helper';

// Two servers on loopback, a Distributed table over them: the CostQuery statements read through it.
describeCostQueryOnClickHouse(2);
