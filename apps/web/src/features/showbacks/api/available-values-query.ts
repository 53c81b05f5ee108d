import { availableValuesSchema, SHOWBACK_PATHS, type Showback } from '@finlens/contracts/showbacks';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { showbackKeys } from './keys';
import { GET_EXTRAS, path } from './requests';

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
