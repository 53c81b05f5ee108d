import type { CostFilter } from '@finlens/contracts/cost-query';
import {
  type AllocationRuleInput,
  allocationRulesSchema,
  availableValuesSchema,
  combinedValueSchema,
  previewSchema,
  resourcesSchema,
  SHOWBACK_PATHS,
  type Showback,
  type ShowbackInput,
  type ShowbackPatch,
  showbackDetailSchema,
  showbackPath,
  showbackSchema,
  tagKeysSchema,
  valuesDailyCostSchema,
} from '@finlens/contracts/showbacks';
import type { DateRange } from '@finlens/cost-model/range-presets';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import type { ShowbackGranularity } from './showback-view';

/** Query keys; every write invalidates `all` (a rule or value change moves every number). */
export const showbackKeys = {
  all: ['showbacks'] as const,
  list: () => [...showbackKeys.all, 'list'] as const,
  tagKeys: (type: Showback['allocation_tag_type']) => [...showbackKeys.all, 'tag-keys', type] as const,
  one: (id: string, kind: string, args: unknown) => [...showbackKeys.all, id, kind, args] as const,
};

/** The SPA's GET extras (spec §7). */
export const GET_EXTRAS = { imply_client: 'true', use_query_optimization: 'true' } as const;
const NO_CONTENT = z.undefined();

const path = (pattern: string, params: Record<string, string>) => showbackPath(pattern, params);

export function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: showbackKeys.all });
}

/** GET /c/showback/showbacks/ — the client's showbacks (no warehouse query). */
export function useShowbacks() {
  return useQuery({
    queryKey: showbackKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest(SHOWBACK_PATHS.list, z.array(showbackSchema), { query: { imply_client: 'true' }, signal }),
  });
}

/** One showback's configuration, read from the list (the detail GET runs the allocation). */
export function useShowbackConfig(id: string) {
  const list = useShowbacks();
  return { ...list, data: list.data?.find((showback) => showback.id === id) };
}

/** POST set_active_showbacks/ — the ids given become the active ones, the others inactive. */
export function useSetActiveShowbacks() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest(SHOWBACK_PATHS.setActive, z.array(showbackSchema), {
        method: 'POST',
        body: { showback_ids: ids },
      }),
    onSuccess: invalidate,
  });
}

export function useCreateShowback() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (input: Pick<ShowbackInput, 'name' | 'tag_keys' | 'allocation_tag_type'>) =>
      apiRequest(SHOWBACK_PATHS.list, showbackSchema, { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useUpdateShowback(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (patch: ShowbackPatch) =>
      apiRequest(path(SHOWBACK_PATHS.one, { id }), showbackSchema, { method: 'PATCH', body: patch }),
    onSuccess: invalidate,
  });
}

export function useDeleteShowback() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(path(SHOWBACK_PATHS.one, { id }), NO_CONTENT, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** tag_keys_list/ (tags and Kubernetes labels) or cost_allocation_tag_keys_list/. */
export function useTagKeys(type: Showback['allocation_tag_type'], enabled: boolean) {
  return useQuery({
    queryKey: showbackKeys.tagKeys(type),
    queryFn: ({ signal }) =>
      apiRequest(
        type === 'cost_allocation_tag' ? SHOWBACK_PATHS.costAllocationTagKeys : SHOWBACK_PATHS.tagKeys,
        tagKeysSchema,
        { query: GET_EXTRAS, signal },
      ),
    select: (answer) => answer.keys,
    enabled,
    staleTime: 300_000,
  });
}

/** The detail: cost_distribution, Unallocated and the reconciliation over the range. */
export function useShowbackDetail(id: string, range: DateRange) {
  return useQuery({
    queryKey: showbackKeys.one(id, 'detail', range),
    queryFn: ({ signal }) =>
      apiRequest(path(SHOWBACK_PATHS.one, { id }), showbackDetailSchema, {
        query: { ...range, ...GET_EXTRAS },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** showback_values_daily_cost/ — one series per value (and Unallocated) by day or month. */
export function useValuesDailyCost(id: string, range: DateRange, granularity: ShowbackGranularity) {
  return useQuery({
    queryKey: showbackKeys.one(id, 'series', { ...range, granularity }),
    queryFn: ({ signal }) =>
      apiRequest(path(SHOWBACK_PATHS.valuesDailyCost, { id }), valuesDailyCostSchema, {
        query: { ...range, granularity, ...GET_EXTRAS },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

const AVAILABLE_VALUES_PATHS: Record<Showback['allocation_tag_type'], string> = {
  tag: SHOWBACK_PATHS.availableTagValues,
  label: SHOWBACK_PATHS.availableLabelValues,
  cost_allocation_tag: SHOWBACK_PATHS.availableCostAllocationTagValues,
};

/** The raw values of one of the showback's keys, most expensive first (choices for combined and hidden values). */
export function useAvailableValues(showback: Showback | undefined) {
  const key = showback?.tag_keys[0];
  return useQuery({
    queryKey: showbackKeys.one(showback?.id ?? '', 'values', key),
    queryFn: ({ signal }) =>
      apiRequest(
        path(AVAILABLE_VALUES_PATHS[showback?.allocation_tag_type ?? 'tag'], { id: showback?.id ?? '' }),
        availableValuesSchema,
        { query: { key: key ?? '', ...GET_EXTRAS }, signal },
      ),
    select: (answer) => answer.values.flatMap((entry) => (entry.value === null ? [] : [entry.value])),
    enabled: showback !== undefined && key !== undefined,
    staleTime: 60_000,
  });
}

export function useAllocationRules(id: string, range: DateRange) {
  return useQuery({
    queryKey: showbackKeys.one(id, 'rules', range),
    queryFn: ({ signal }) =>
      apiRequest(path(SHOWBACK_PATHS.allocationRules, { id }), allocationRulesSchema, {
        query: { ...range, ...GET_EXTRAS },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type RuleFields = Omit<AllocationRuleInput, 'before_rule_id' | 'filters'>;
interface SaveRule {
  fields: RuleFields;
  filters: CostFilter[];
  /** The saved rule being edited (its filters are diffed), or null for a new rule (added last). */
  existing: { id: string; filters: { id: string; filter: CostFilter }[] } | null;
}

/**
 * A new rule is one POST with its filters. An edit PATCHes the rule's fields, then removes the filters no
 * longer there and adds the new ones through dimension_filters/ (the rule PATCH does not carry filters).
 */
export function useSaveRule(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async ({ fields, filters, existing }: SaveRule) => {
      if (existing === null) {
        await apiRequest(path(SHOWBACK_PATHS.allocationRules, { id }), z.object({ id: z.string() }), {
          method: 'POST',
          body: { ...fields, filters },
        });
        return;
      }
      const ruleId = existing.id;
      await apiRequest(path(SHOWBACK_PATHS.allocationRule, { id, ruleId }), NO_CONTENT, {
        method: 'PATCH',
        body: fields,
      });
      const same = (a: CostFilter, b: CostFilter) => JSON.stringify(a) === JSON.stringify(b);
      for (const old of existing.filters.filter((f) => !filters.some((next) => same(next, f.filter)))) {
        await apiRequest(path(SHOWBACK_PATHS.dimensionFilter, { id, filterId: old.id }), NO_CONTENT, {
          method: 'DELETE',
        });
      }
      for (const filter of filters.filter((next) => !existing.filters.some((f) => same(next, f.filter)))) {
        await apiRequest(path(SHOWBACK_PATHS.dimensionFilters, { id }), z.unknown(), {
          method: 'POST',
          body: { allocation_rule_id: ruleId, filter },
        });
      }
    },
    onSuccess: invalidate,
  });
}

export function useDeleteRules(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (ruleIds: string[]) =>
      apiRequest(path(SHOWBACK_PATHS.deleteRulesById, { id }), NO_CONTENT, {
        method: 'POST',
        body: { allocation_rule_ids: ruleIds },
      }),
    onSuccess: invalidate,
  });
}

export function useMoveRule(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (move: { rule_id: string; target_rule_id: string | null }) =>
      apiRequest(path(SHOWBACK_PATHS.moveBeforeRule, { id }), NO_CONTENT, { method: 'POST', body: move }),
    onSettled: invalidate,
  });
}

interface PreviewArgs {
  filters: CostFilter[];
  /** The edited rule (previewed in its place) or null for a new rule (last). */
  ruleId: string | null;
  range: DateRange;
}

/** allocation_rules/preview/ — what an unsaved rule would match and move; a read, so a query on its body. */
export function useRulePreview(id: string, { filters, ruleId, range }: PreviewArgs) {
  const body = { filters, before_rule_id: ruleId, replaces_rule_id: ruleId, ...range };
  return useQuery({
    queryKey: showbackKeys.one(id, 'preview', body),
    queryFn: ({ signal }) =>
      apiRequest(path(SHOWBACK_PATHS.previewRule, { id }), previewSchema, { method: 'POST', body, signal }),
    enabled: filters.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useSaveCombinedValue(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({
      combinedId,
      name,
      values,
    }: {
      combinedId: string | null;
      name: string;
      values: string[];
    }) => {
      const body = { name, combined_values: values };
      return combinedId === null
        ? apiRequest(path(SHOWBACK_PATHS.combinedValues, { id }), combinedValueSchema, {
            method: 'POST',
            body,
          })
        : apiRequest(path(SHOWBACK_PATHS.combinedValue, { id, combinedId }), combinedValueSchema, {
            method: 'PUT',
            body,
          });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteCombinedValue(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (combinedId: string) =>
      apiRequest(path(SHOWBACK_PATHS.combinedValue, { id, combinedId }), NO_CONTENT, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export type ResourceSource =
  | { kind: 'unallocated' }
  | { kind: 'rule'; ruleId: string }
  | { kind: 'value'; value: string };

function resourcesPath(id: string, source: ResourceSource): string {
  if (source.kind === 'rule') return path(SHOWBACK_PATHS.ruleResources, { id, ruleId: source.ruleId });
  if (source.kind === 'value') return path(SHOWBACK_PATHS.valueResources, { id });
  return path(SHOWBACK_PATHS.unallocatedResources, { id });
}

/** The resources (with cost) behind Unallocated, a rule or a value; up to 5000, most expensive first. */
export function useResources(id: string, source: ResourceSource, range: DateRange) {
  return useQuery({
    queryKey: showbackKeys.one(id, 'resources', { source, range }),
    queryFn: ({ signal }) =>
      apiRequest(resourcesPath(id, source), resourcesSchema, {
        query: {
          ...range,
          ...GET_EXTRAS,
          limit: 5000,
          ...(source.kind === 'value' && source.value !== '' ? { showback_value: source.value } : {}),
        },
        signal,
      }),
  });
}
