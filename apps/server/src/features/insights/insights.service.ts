import {
  type CostDimension,
  type CostQueryInput,
  costQueryToParams,
  type Granularity,
  OTHERS_KEY,
  TOP_N_MAX,
} from '@finlens/contracts/cost-query';
import type { CostTypeName } from '@finlens/contracts/cost-summary';
import {
  type ChangeInsight,
  type Insights,
  MOVER_DIMENSIONS,
  SHIFT_KINDS,
  type ShiftDimension,
  type ShiftInsight,
} from '@finlens/contracts/insights';
import { allowedGranularities } from '@finlens/cost-model/granularity';
import { addDays, inclusiveDays } from '@finlens/cost-model/utc-calendar';
import type { ClientCaller } from '../../platform/auth/caller';
import type { CostQueryPort, CostScope } from '../../warehouse/cost-query/cost-query-port';
import type { CostScopes } from '../../warehouse/cost-scope';
import { changePercent, movers, newValues, shifts, type Thresholds, type ValueCosts } from './insight-rules';

/** An insights request after the contract's checks (defaults applied). */
export interface InsightsRequest {
  start_date: string;
  end_date: string;
  cost_type: CostTypeName;
  project_ids?: string[] | undefined;
  lookback_periods: number;
  min_change: number;
  min_percent: number;
  limit: number;
}

interface Periods {
  start: string;
  end: string;
  previousStart: string;
  previousEnd: string;
  lookbackStart: string;
}

const SERVICE: CostDimension = 'product_servicename';
/** The Explorer granularity a link opens in: the finest of these the range allows to every user. */
const LINK_GRANULARITIES: Granularity[] = ['day', 'week', 'month'];

/** Cost insights computed from the line items through the warehouse port (design in @finlens/contracts/insights). */
export function createInsightsService({
  scopes,
  warehouse,
}: {
  scopes: CostScopes;
  warehouse: CostQueryPort;
}) {
  /** Each value's cost per period of one dimension, from one daily query over the lookback and the range. */
  async function costsBy(dimension: CostDimension, from: string, periods: Periods, base: Base) {
    const answer = await warehouse.runCostQuery({
      ...base.scope,
      start_date: from,
      end_date: periods.end,
      granularity: 'day',
      dimension,
      filters: [],
      cost_type: base.costType,
      top_n: TOP_N_MAX,
      useRollups: true,
    });
    const values: ValueCosts[] = [];
    const totals = { current: 0, previous: 0 };
    for (const series of answer.series) {
      const value: ValueCosts = {
        key: series.key ?? '',
        label: series.label,
        current: 0,
        previous: 0,
        earlier: 0,
      };
      series.costs.forEach((cost, index) => {
        const day = answer.periods[index] ?? '';
        const bucket =
          day >= periods.start ? 'current' : day >= periods.previousStart ? 'previous' : 'earlier';
        value[bucket] += cost;
      });
      totals.current += value.current;
      totals.previous += value.previous;
      if (series.key !== null && series.key !== OTHERS_KEY) values.push(value);
    }
    return { values, totals, answer };
  }

  return {
    async insights(caller: ClientCaller, request: InsightsRequest): Promise<Insights> {
      const periods = periodsOf(request);
      const scope = await scopes.requested(caller, request.project_ids);
      const base: Base = { scope, costType: request.cost_type, requestedProjects: request.project_ids };
      const t: Thresholds = {
        minChange: request.min_change,
        minPercent: request.min_percent,
        limit: request.limit,
      };

      const services = await costsBy(SERVICE, periods.lookbackStart, periods, base);
      const insights: (ChangeInsight | ShiftInsight)[] = [];
      const found = [];
      for (const dimension of MOVER_DIMENSIONS) {
        const costs =
          dimension === SERVICE ? services : await costsBy(dimension, periods.previousStart, periods, base);
        found.push(...movers(costs.values, t).map((m) => ({ dimension, ...m })));
      }
      for (const kind of ['increase', 'decrease'] as const) {
        for (const m of found.filter((f) => f.kind === kind)) {
          insights.push({
            kind,
            dimension: m.dimension,
            ...insightValue(m.value),
            change: m.change,
            change_percent: m.changePercent,
            explorer: explorerLink(base, m.dimension, [m.value.key], periods.previousStart, periods.end),
          });
        }
      }
      for (const value of newValues(services.values, t)) {
        insights.push({
          kind: 'new_service',
          dimension: SERVICE,
          ...insightValue(value),
          change: value.current,
          change_percent: changePercent(value.current, value.previous),
          explorer: explorerLink(base, SERVICE, [value.key], periods.lookbackStart, periods.end),
        });
      }
      for (const dimension of Object.keys(SHIFT_KINDS) as ShiftDimension[]) {
        const { values } = await costsBy(dimension, periods.previousStart, periods, base);
        for (const shift of shifts(values, t)) {
          insights.push({
            kind: SHIFT_KINDS[dimension],
            dimension,
            from: insightValue(shift.from),
            to: insightValue(shift.to),
            amount: shift.amount,
            explorer: explorerLink(
              base,
              dimension,
              [shift.from.key, shift.to.key],
              periods.previousStart,
              periods.end,
            ),
          });
        }
      }
      return {
        cost_type: request.cost_type,
        currency: services.answer.currency ?? 'USD',
        start_date: periods.start,
        end_date: periods.end,
        previous_start_date: periods.previousStart,
        previous_end_date: periods.previousEnd,
        lookback_start_date: periods.lookbackStart,
        total: services.totals.current,
        previous_total: services.totals.previous,
        as_of: services.answer.as_of,
        thresholds: {
          lookback_periods: request.lookback_periods,
          min_change: request.min_change,
          min_percent: request.min_percent,
          limit: request.limit,
        },
        insights,
      };
    },
  };
}

interface Base {
  scope: CostScope;
  costType: CostTypeName;
  /** The project_ids the caller sent, repeated in Explorer links (absent: all of the client's). */
  requestedProjects: string[] | undefined;
}

function insightValue(value: ValueCosts) {
  return { key: value.key, label: value.label, previous: value.previous, current: value.current };
}

/** The current range, the equal period before it and the start of the lookback (the contract checked the range). */
function periodsOf(request: InsightsRequest): Periods {
  const { start_date: start, end_date: end } = request;
  const days = inclusiveDays(start, end);
  return {
    start,
    end,
    previousStart: addDays(start, -days),
    previousEnd: addDays(start, -1),
    lookbackStart: addDays(start, -days * request.lookback_periods),
  };
}

/** The Explorer view of an insight: its dimension filtered to its values over the compared periods. */
function explorerLink(
  base: Base,
  dimension: CostDimension,
  values: string[],
  start: string,
  end: string,
): Record<string, string> {
  const range = { start_date: start, end_date: end };
  const allowed = allowedGranularities({ ...range, internal: false });
  const query: CostQueryInput = {
    ...range,
    granularity: LINK_GRANULARITIES.find((g) => allowed.includes(g)) ?? 'month',
    dimension,
    cost_type: base.costType,
    filters: [{ dimension, mode: 'include', values }],
  };
  if (base.requestedProjects !== undefined) query.project_ids = base.requestedProjects;
  return costQueryToParams(query);
}

export type InsightsService = ReturnType<typeof createInsightsService>;
