import type { CostSummary, CostTypeName } from '@finlens/contracts/cost-summary';
import { isStartOfMonthWindow, percentChange } from '@finlens/cost-model/spend-windows';
import { notFound } from '../../platform/http/http-error';
import type { CostStore } from '../../warehouse/cost-store';
import type { CostSummaryRepo } from './cost-summary.repo';

export interface CostSummaryRequest {
  clientId: string;
  costType: CostTypeName;
  /** Comma-separated project ids (already checked for shape by the contract); all projects when absent. */
  projectIds?: string;
}

/** The spend summary of the caller's client (design in @finlens/contracts/cost-summary). */
export function createCostSummaryService({
  repo,
  warehouse,
  now = () => new Date(),
}: {
  repo: CostSummaryRepo;
  warehouse: Pick<CostStore, 'spendSummary'>;
  /** The clock that decides "today" (UTC); tests fix it. */
  now?: () => Date;
}) {
  return {
    async summary({ clientId, costType, projectIds }: CostSummaryRequest): Promise<CostSummary> {
      const requested = projectIds === undefined ? undefined : [...new Set(projectIds.split(','))];
      if (requested !== undefined) {
        const owned = await repo.ownedProjectIds(clientId, requested);
        // Another client's project is the same 404 as an unknown id.
        if (owned.length !== requested.length) throw notFound();
      }
      const today = now();
      const totals = await warehouse.spendSummary({ clientId, projectIds: requested, costType, today });
      return {
        mtd_spend: totals.monthToDate,
        mtd_delta_spend: percentChange(totals.monthToDate, totals.previousMonthToDate),
        interval_spend: totals.interval,
        previous_interval_spend: totals.previousInterval,
        currency: totals.currency ?? 'USD',
        as_of: totals.asOf,
        start_of_month_window: isStartOfMonthWindow(today),
      };
    },
  };
}

export type CostSummaryService = ReturnType<typeof createCostSummaryService>;
