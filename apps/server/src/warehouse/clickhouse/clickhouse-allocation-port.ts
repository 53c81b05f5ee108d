import { type AllocationPort, allocationQueries } from '../cost-query/allocation-port';
import { clickHouseDialect } from './clickhouse-dialect';
import type { Reader } from './clickhouse-totals';

/** The showback statements on ClickHouse: the shared compiler through the ClickHouse dialect, literals only. */
export function clickHouseAllocationPort(reader: Reader): AllocationPort {
  return allocationQueries(clickHouseDialect(reader), (statement) => reader.rows(statement.sql));
}
