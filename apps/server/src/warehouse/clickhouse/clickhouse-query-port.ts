import { claimQuerySlot } from '../../platform/http/query-slots';
import type { CostQueryPort } from '../cost-query/cost-query-port';
import { costQueryRunner } from '../cost-query/run-cost-query';
import { clickHouseDialect } from './clickhouse-dialect';
import type { Reader } from './clickhouse-totals';

/**
 * The CostQuery port on ClickHouse: the shared compiler through the ClickHouse dialect, planned onto the
 * rollups as on DuckDB. Values are literals: nothing to bind.
 */
export function clickHouseQueryPort(reader: Reader): CostQueryPort {
  return costQueryRunner(clickHouseDialect(reader), (statement) => {
    claimQuerySlot();
    return reader.rows(statement.sql);
  });
}
