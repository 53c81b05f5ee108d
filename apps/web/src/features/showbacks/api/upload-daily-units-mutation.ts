import { dailyUnitsAppliedSchema, SHOWBACK_PATHS, showbackPath } from '@finlens/contracts/showbacks';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAll } from './keys';

/** POST daily_units/ with a CSV file's text; every number refreshes (unit costs come with the detail). */
export function useUploadDailyUnits(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest(showbackPath(SHOWBACK_PATHS.dailyUnits, { id }), dailyUnitsAppliedSchema, {
        method: 'POST',
        body: { csv },
      }),
    onSuccess: invalidate,
  });
}
