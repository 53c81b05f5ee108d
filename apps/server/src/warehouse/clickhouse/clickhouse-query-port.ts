import type { CostQueryPort } from '../cost-query/cost-query-port';
import { costQueryRunner } from '../cost-query/run-cost-query';
import { clickHouseDialect } from './clickhouse-dialect';
import type { Reader } from './clickhouse-totals';

/**
 * The CostQuery port on ClickHouse: the shared compiler through the ClickHouse dialect. ClickHouse has no
 * rollup tables yet, so every statement reads the line items. Values are literals: nothing to bind.
 */
export function clickHouseQueryPort(reader: Reader): CostQueryPort {
  return costQueryRunner(clickHouseDialect(reader), (statement) => reader.rows(statement.sql), {
    rollups: false,
  });
}
