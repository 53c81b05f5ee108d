import type { CostSummary, CostTypeName } from '@finlens/contracts/cost-summary';
import {
  type DayRange,
  isStartOfMonthWindow,
  percentChange,
  spendWindows,
} from '@finlens/cost-model/spend-windows';
import type { ClientCaller } from '../../platform/auth/caller';
import type { CostQueryPort } from '../../warehouse/cost-query/cost-query-port';
import type { CostScopes } from '../../warehouse/cost-scope';

export interface CostSummaryRequest {
  costType: CostTypeName;
  /** Comma-separated project ids (already checked for shape by the contract); all projects when absent. */
  projectIds?: string[] | undefined;
}

/**
 * The spend summary of the caller's client (design in @finlens/contracts/cost-summary): one CostQuery by
 * day without a group-by over the four windows (the scope rollup answers it), summed per window.
 */
export function createCostSummaryService({
  scopes,
  warehouse,
  now = () => new Date(),
}: {
  scopes: CostScopes;
  warehouse: Pick<CostQueryPort, 'runCostQuery'>;
  /** The clock that decides "today" (UTC); tests fix it. */
  now?: () => Date;
}) {
  return {
    async summary(caller: ClientCaller, { costType, projectIds }: CostSummaryRequest): Promise<CostSummary> {
      const scope = await scopes.requested(caller, projectIds);
      const today = now();
      const windows = spendWindows(today);
      const ranges = Object.values(windows);
      const answer = await warehouse.runCostQuery({
        ...scope,
        start_date: ranges.map((r) => r.from).sort()[0] as string,
        end_date: windows.monthToDate.to,
        granularity: 'day',
        dimension: null,
        cost_type: costType,
        filters: [],
        top_n: 1,
        useRollups: true,
      });
      const costs = answer.series[0]?.costs ?? [];
      const spend = (range: DayRange) =>
        answer.periods.reduce(
          (sum, day, i) => (day >= range.from && day <= range.to ? sum + (costs[i] ?? 0) : sum),
          0,
        );
      const monthToDate = spend(windows.monthToDate);
      return {
        mtd_spend: monthToDate,
        mtd_delta_spend: percentChange(monthToDate, spend(windows.previousMonthToDate)),
        interval_spend: spend(windows.interval),
        previous_interval_spend: spend(windows.previousInterval),
        currency: answer.currency ?? 'USD',
        as_of: answer.as_of,
        start_of_month_window: isStartOfMonthWindow(today),
      };
    },
  };
}

export type CostSummaryService = ReturnType<typeof createCostSummaryService>;
