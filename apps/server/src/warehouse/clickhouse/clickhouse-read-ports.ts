import { claimQuerySlot } from '../../platform/http/query-slots';
import { type AllocationPort, allocationQueries } from '../cost-query/allocation-port';
import { type CommitmentHoursPort, commitmentHourQueries } from '../cost-query/commitment-hours';
import {
  type CommitmentRowsPort,
  type CommitmentSumsPort,
  commitmentRowQueries,
} from '../cost-query/commitment-rows';
import { type CostBreakdownPort, costBreakdownQueries } from '../cost-query/cost-breakdown';
import { type KubernetesCostPort, kubernetesCostQueries } from '../cost-query/kubernetes-costs';
import { type ResourceCostPort, resourceCostQueries } from '../cost-query/resource-costs';
import { byColumn } from '../cost-query/run-cost-query';
import { type WorkloadUsagePort, workloadUsageQueries } from '../cost-query/workload-usage';
import { clickHouseDialect } from './clickhouse-dialect';
import type { Reader } from './clickhouse-totals';

/**
 * The feature reads beside the CostQuery port (showback allocation, cost breakdowns, resource costs) on ClickHouse: the
 * shared compilers through the ClickHouse dialect, values as literals.
 */
export function clickHouseReadPorts(
  reader: Reader,
): AllocationPort &
  CostBreakdownPort &
  CommitmentRowsPort &
  CommitmentSumsPort &
  CommitmentHoursPort &
  ResourceCostPort &
  KubernetesCostPort &
  WorkloadUsagePort {
  const dialect = clickHouseDialect(reader);
  const read = (statement: { sql: string }) => {
    claimQuerySlot();
    return reader.rows(statement.sql);
  };
  return {
    ...allocationQueries(dialect, read),
    ...costBreakdownQueries(dialect, read),
    ...commitmentRowQueries(dialect, byColumn(read)),
    ...commitmentHourQueries(dialect, byColumn(read)),
    ...resourceCostQueries(dialect, read),
    ...kubernetesCostQueries(dialect, read),
    ...workloadUsageQueries(dialect, read),
  };
}
