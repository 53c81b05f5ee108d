import { SHOWBACK_PATHS, showbackSchema } from '@finlens/contracts/showbacks';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chargebackKeys } from './keys';

/** GET /c/showback/showbacks/: the showbacks a statement can be made of (showback GETs carry imply_client). */
export function useShowbackChoices() {
  return useQuery({
    queryKey: chargebackKeys.showbacks(),
    queryFn: ({ signal }) =>
      apiRequest(SHOWBACK_PATHS.list, showbackSchema.array(), { query: { imply_client: 'true' }, signal }),
    staleTime: 60_000,
  });
}
