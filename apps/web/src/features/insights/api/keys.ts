import type { DateRange } from '@finlens/cost-model/range-presets';

/** Query keys of Cost Insights, one entry per date range. */
export const insightsKeys = {
  all: ['insights'] as const,
  range: (query: DateRange) => [...insightsKeys.all, query] as const,
};
