import { SHOWBACK_PATHS, showbackSchema } from '@finlens/contracts/showbacks';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { showbackKeys } from './keys';

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
