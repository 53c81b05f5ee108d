import { resourcesSchema, SHOWBACK_PATHS } from '@finlens/contracts/showbacks';
import type { DateRange } from '@finlens/cost-model/range-presets';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { showbackKeys } from './keys';
import { GET_EXTRAS, path } from './requests';

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
