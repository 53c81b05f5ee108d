import {
  essentialsSummarySchema,
  RECOMMENDATIONS_PATHS,
  ruleDashboardSchema,
  rulesListSchema,
} from '@finlens/contracts/recommendations';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recommendationKeys } from './keys';

/** GET /c/essentials/summary/ — the Storage, Rightsizing and Idle Resources totals. */
export function useEssentialsSummary() {
  return useQuery({
    queryKey: recommendationKeys.essentials(),
    queryFn: ({ signal }) =>
      apiRequest(RECOMMENDATIONS_PATHS.essentialsSummary, essentialsSummarySchema, { signal }),
  });
}

/** GET /c/rules/ — every rule with its thresholds, open violations and cost at stake. */
export function useRules() {
  return useQuery({
    queryKey: recommendationKeys.rules(),
    queryFn: ({ signal }) => apiRequest(RECOMMENDATIONS_PATHS.rules, rulesListSchema, { signal }),
  });
}

/** GET /c/rules/:key/dashboard/ — a rule's violations and cost at stake over time. */
export function useRuleDashboard(key: string) {
  return useQuery({
    queryKey: recommendationKeys.ruleDashboard(key),
    queryFn: ({ signal }) =>
      apiRequest(RECOMMENDATIONS_PATHS.ruleDashboard(key), ruleDashboardSchema, { signal }),
  });
}
