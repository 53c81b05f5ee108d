import type { CostFilter } from '@finlens/contracts/cost-query';
import { type AllocationRuleInput, SHOWBACK_PATHS } from '@finlens/contracts/showbacks';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAll } from './keys';
import { NO_CONTENT, path } from './requests';

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
