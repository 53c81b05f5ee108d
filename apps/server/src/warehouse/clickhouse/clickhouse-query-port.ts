import type { CostQueryPort } from '../cost-query/cost-query-port';
import { costQueryRunner } from '../cost-query/run-cost-query';
import { clickHouseDialect } from './clickhouse-dialect';
import type { Reader } from './clickhouse-totals';

/** What an older server (Debian's 18.16) says about the compiler's CTEs, window functions and FALSE. */
const TOO_OLD = /Syntax error|Unknown identifier: (TRUE|FALSE)/;

/**
 * The CostQuery port on ClickHouse: the shared compiler through the ClickHouse dialect. ClickHouse has no
 * rollup tables yet, so every statement reads the line items. Values are literals: nothing to bind.
 */
export function clickHouseQueryPort(reader: Reader): CostQueryPort {
  const read = async (statement: { sql: string }) =>
    reader.rows(statement.sql).catch((error: Error) => {
      if (!TOO_OLD.test(error.message)) throw error;
      throw new Error(
        `This ClickHouse server cannot run the cost query: it needs WITH subqueries, window functions and TRUE/FALSE (ClickHouse 21.x or newer). ${error.message.split('\n')[0]}`,
      );
    });
  return costQueryRunner(clickHouseDialect(reader), read, { rollups: false });
}
