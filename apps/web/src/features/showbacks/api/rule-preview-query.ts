import type { CostFilter } from '@finlens/contracts/cost-query';
import { previewSchema, SHOWBACK_PATHS } from '@finlens/contracts/showbacks';
import type { DateRange } from '@finlens/cost-model/range-presets';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { showbackKeys } from './keys';
import { path } from './requests';

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
