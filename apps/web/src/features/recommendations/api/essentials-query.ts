import {
  essentialsSummarySchema,
  RECOMMENDATIONS_PATHS,
  type RulePatch,
  ruleChangesSchema,
  ruleDashboardSchema,
  ruleSchema,
  rulesListSchema,
} from '@finlens/contracts/recommendations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** GET /c/rules/changes/ — the opened, changed and resolved violations with the inventory change behind each. */
export function useRuleChanges(params: Record<string, string>) {
  return useQuery({
    queryKey: recommendationKeys.ruleChanges(params),
    queryFn: ({ signal }) =>
      apiRequest(RECOMMENDATIONS_PATHS.ruleChanges, ruleChangesSchema, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** PATCH /c/rules/:key/ (admins): turn a rule on or off, override thresholds (null: back to the default). */
export function useSaveRule(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RulePatch) =>
      apiRequest(RECOMMENDATIONS_PATHS.rule(key), ruleSchema, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recommendationKeys.all }),
  });
}
